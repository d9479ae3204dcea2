// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/model/modelrun.h"
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

/// `model`: the model, the tokens, each head's mean entropy (inspect's
/// table) and the model's own reading: GPT-2's next tokens, BERT's masks.
QString modelRunText(const PretrainedModel &model, const ModelRun &run,
                     const std::vector<HeadScores> &scores);
/**
 * `model --json`, with exactly these members: model_type, layers, heads,
 * d_model, tokens, ids, entropy_bits (L x H, inspect's definition), and
 * top_next (GPT-2: [{"token", "id", "p"}]) or masked (BERT:
 * [{"position", "top": [...]}]).
 */
void writeModelRunJson(const PretrainedModel &model, const TokenizedText &tokens,
                       const ModelRun &run, const std::vector<HeadScores> &scores,
                       JsonStreamWriter &out);

} // namespace AttentionLab
