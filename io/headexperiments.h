// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/model/headsweep.h"
#include "core/model/interventions.h"
#include "core/model/modelmeasure.h"
#include "io/passtokens.h"

#include <QString>

#include <memory>
#include <vector>

namespace AttentionLab {

class PretrainedModel;

/**
 * Experiments on the heads of an open model (core/model/headsweep.h) on the
 * texts its tokenizer reads, as the command line and the Model tab run
 * them: one pass with interventions and its measures, a head-ablation sweep,
 * a patching sweep. An encoder-decoder's pass reads a source and its
 * decoder's tokens (PassTokens), and its sweeps run over one of its three
 * attentions (\a set); a single stack's set is its one, stackKind(). Each
 * throws ReadError, one line, for what the model or the core refuses (heads
 * out of range, texts of different lengths, a measure that does not fit).
 */
namespace HeadExperiments {

/// The pass over \a tokens with \a interventions, and the pass without them
/// (\a unchanged when it is that of these tokens); the run's attentions
/// carry the tokens.
MeasuredPass measured(const PretrainedModel &model, const PassTokens &tokens,
                      const Interventions &interventions, const std::vector<ModelMeasure> &measures,
                      std::shared_ptr<const ModelRun> unchanged = nullptr);

SweepGrid ablationSweep(const PretrainedModel &model, const PassTokens &tokens,
                        const ModelMeasure &measure, AblationKind ablation, AttentionKind set,
                        const SweepProgress &progress = {});

/// Patching from \a clean into \a corrupted: an encoder-decoder's two
/// sources, with the same decoder tokens.
PatchGrid patchSweep(const PretrainedModel &model, const PassTokens &clean,
                     const PassTokens &corrupted, const ModelMeasure &measure, PatchSites sites,
                     AttentionKind set, const SweepProgress &progress = {});

/// The model's input for \a tokens: a single stack's, or an
/// encoder-decoder's source and decoder tokens.
ModelInput input(const PretrainedModel &model, const PassTokens &tokens);

/// The attention a head of a single stack is in (stackKind()), and the
/// default of an encoder-decoder's sweep when none is named: its decoder's
/// self-attention, as every command's --set.
AttentionKind defaultSet(const PretrainedModel &model);

/**
 * The token a measure names, as it is written: "#ID"; a text the model's
 * tokenizer reads as one token (" Mary", in double quotes when it has spaces
 * at its ends); or a token as the vocabulary spells it ("ĠMary"). An
 * encoder-decoder's is a token of its target, which its decoder writes.
 * ReadError for anything else, naming how many tokens the text is.
 */
int tokenId(const PretrainedModel &model, const QString &written);

} // namespace HeadExperiments

} // namespace AttentionLab
