// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/model/headsweep.h"
#include "core/model/interventions.h"
#include "core/model/modelmeasure.h"
#include "io/passtokens.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace AttentionLab {

struct CommandRequest;
class PretrainedModel;

/// A measure as the command line wrote it, and what it reads.
struct WrittenMeasure
{
    QString spec; ///< as given: prob:" Mary", loss:26-50...
    ModelMeasure measure;
};

/**
 * The experiment options of `model`, `sweep` and `patch`, each refused in
 * one line (UsageError) when it does not fit the model:
 * - --ablate L.H,... (query heads; L.kvK names key/value head K, every query
 *   head that reads it);
 * - --ablation zero|mean;
 * - --knockout L.H:I>J,... (L.*:I>J in every head of layer L);
 * - an encoder-decoder's heads and edges name their attention,
 *   cross:1.2 or encoder:1.2:7>3, or take --set's;
 * - --measure SPEC, prob:TOKEN | logitdiff:A,B | loss | loss:FROM-TO | kl,
 *   a token as its text (quoted as needed) or #ID; --position P (the last by default).
 */
Interventions interventionsOf(const CommandRequest &r, const PretrainedModel &model);
AblationKind ablationOf(const CommandRequest &r);
std::vector<WrittenMeasure> measuresOf(const CommandRequest &r, const PretrainedModel &model);
/// The one --measure of `sweep` and `patch`.
WrittenMeasure oneMeasureOf(const CommandRequest &r, const PretrainedModel &model);

/// The tokens of a pass over \a tokens: with an encoder-decoder's decoder's
/// (its start token, then --target's); --target refused for a single stack.
PassTokens passTokensOf(const CommandRequest &r, const PretrainedModel &model,
                        TokenizedText tokens);

/// The attention `sweep` and `patch` run over: --set (a single stack's
/// own alone), or the decoder's self-attention (HeadExperiments::defaultSet()).
AttentionKind sweptSetOf(const CommandRequest &r, const PretrainedModel &model);

/// "1.1, 1.2 ablated (zero); 1.*:7>6 knocked out": what the interventions
/// did; "cross:1.1" \a withSet (an encoder-decoder's).
QString interventionsText(const Interventions &interventions, bool withSet = false);

} // namespace AttentionLab
