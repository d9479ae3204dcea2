// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/model/headsweep.h"
#include "core/model/interventions.h"
#include "core/model/modelmeasure.h"
#include "io/tokenizedtext.h"

#include <QString>

#include <memory>
#include <vector>

namespace AttentionLab {

class PretrainedModel;

/**
 * Experiments on the heads of an open model (core/model/headsweep.h) on the
 * texts its tokenizer reads, as the command line and the Model tab run
 * them: one pass with interventions and its measures, a head-ablation sweep,
 * a patching sweep. Each throws ReadError, one line, for what the model or
 * the core refuses (an encoder-decoder, heads out of range, texts of
 * different lengths, a measure that does not fit).
 */
namespace HeadExperiments {

/// The pass over \a tokens with \a interventions, and the pass without them
/// (\a unchanged when it is that of these tokens); the run's attention
/// carries the tokens.
MeasuredPass measured(const PretrainedModel &model, const TokenizedText &tokens,
                      const Interventions &interventions, const std::vector<ModelMeasure> &measures,
                      std::shared_ptr<const ModelRun> unchanged = nullptr);

SweepGrid ablationSweep(const PretrainedModel &model, const TokenizedText &tokens,
                        const ModelMeasure &measure, AblationKind ablation,
                        const SweepProgress &progress = {});

PatchGrid patchSweep(const PretrainedModel &model, const TokenizedText &clean,
                     const TokenizedText &corrupted, const ModelMeasure &measure, PatchSites sites,
                     const SweepProgress &progress = {});

/**
 * The token a measure names, as it is written: "#ID"; a text the model's
 * tokenizer reads as one token (" Mary", in double quotes when it has spaces
 * at its ends); or a token as the vocabulary spells it ("ĠMary"). ReadError
 * for anything else, naming how many tokens the text is.
 */
int tokenId(const PretrainedModel &model, const QString &written);

} // namespace HeadExperiments

} // namespace AttentionLab
