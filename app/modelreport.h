// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/model/interventions.h"
#include "core/model/modelrun.h"
#include "core/sets/attentionset.h"
#include "core/sets/headscores.h"
#include "io/tokenizedtext.h"

#include <QString>

#include <vector>

namespace AttentionLab {

class JsonStreamWriter;
class PretrainedModel;

/// `tokenize`: one line per token, its position, id and spelling.
QString tokenizeText(const TokenizedText &tokens);
/// `tokenize --json`: {"ids": [...], "tokens": [...]}, tokens spelled as in the vocabulary.
void writeTokenizeJson(const TokenizedText &tokens, JsonStreamWriter &out);

/// A measure of `model --measure`: with the interventions and without.
struct MeasureOutcome
{
    QString spec; ///< as given
    double value = 0.0;
    double baseline = 0.0;
};

/// What `model` changed and measured (--ablate, --knockout, --measure).
struct ExperimentOutcome
{
    Interventions interventions;
    std::vector<MeasureOutcome> measures;
    bool empty() const { return interventions.empty() && measures.empty(); }
};

/// `model`: the model, the tokens, each head's mean entropy (inspect's
/// table) and the model's own reading: GPT-2's next tokens, BERT's masks;
/// then what \a experiment changed and measured, when it did.
QString modelRunText(const PretrainedModel &model, const ModelRun &run, const AttentionSet &set,
                     const std::vector<HeadScores> &scores, const ExperimentOutcome &experiment);

/// What a pass read: the text's tokens, and an encoder-decoder's decoder's
/// (its start token first; empty for a single stack).
struct ModelRunTokens
{
    TokenizedText source;
    TokenizedText decoder;
};
/**
 * `model --json`, with exactly these members: model_type, layers, heads,
 * d_model, kv_heads, head_dim, positions, tokens, ids, sets ([{kind, layers,
 * heads, query_tokens, key_tokens}], every attention of the run), set (the
 * kind entropy_bits is of), entropy_bits (L x H of \a set, inspect's
 * definition), and top_next ([{"token", "id", "p"}]) or masked (BERT:
 * [{"position", "top": [...]}]). An encoder-decoder adds source_ids,
 * decoder_ids and decoder_tokens (what its decoder read, the start token
 * first); its tokens and ids are the source's. With interventions or
 * measures (\a experiment), top_next and masked are the guesses with the
 * interventions applied, and interventions ({ablated: ["L.H"...], ablation,
 * knockouts: ["L.H:I>J"...]}) and measures ({SPEC: {value, baseline,
 * effect}}) follow.
 */
void writeModelRunJson(const PretrainedModel &model, const ModelRunTokens &tokens,
                       const ModelRun &run, const AttentionSet &set,
                       const std::vector<HeadScores> &scores, const ExperimentOutcome &experiment,
                       JsonStreamWriter &out);

} // namespace AttentionLab
