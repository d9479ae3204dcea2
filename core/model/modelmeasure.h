// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/model/modelconfig.h"
#include "core/model/modelrun.h"

#include <string>
#include <vector>

namespace AttentionLab {

/// What an experiment on heads measures of a pass.
enum class MeasureKind
{
    Probability,     ///< p(token A) at the position
    LogitDifference, ///< logit[A] - logit[B] at the position (IOI's " Mary" against " John")
    Loss,            ///< mean -ln p(token i | the tokens before it) over a span of i
    KlDivergence     ///< KL(p without the interventions || p with them) at the position, in nats
};

/**
 * A measure of the distribution a pass gives, at \a position (the last when
 * -1) or, for the loss, over the tokens \a from to \a to (indices from 0,
 * both included; 1 to n - 1 when -1): the next-token distribution of a
 * causal model, the masked LM's of BERT at that position. An
 * encoder-decoder's positions and tokens are its decoder's (its start token,
 * then the target's), over the target's vocabulary.
 */
struct ModelMeasure
{
    MeasureKind kind = MeasureKind::Loss;
    int tokenA = -1;
    int tokenB = -1;
    int position = -1;
    int from = -1;
    int to = -1;

    /// "prob", "logitdiff", "loss" or "kl", as the command line names it.
    std::string name() const;
    /// The position it reads in a text of \a n tokens.
    int positionIn(int n) const { return position < 0 ? n - 1 : position; }
    /// The loss's first and last token in a text of \a n tokens.
    int firstIn(int) const { return from < 0 ? 1 : from; }
    int lastIn(int n) const { return to < 0 ? n - 1 : to; }
    /// The positions whose logits it reads (ModelInput::logitPositions).
    std::vector<int> logitPositions(int n) const;
    /// Why it cannot measure a pass of \a n tokens of a model of \a config
    /// (an encoder-decoder's decoder's, ModelConfig::decoderConfig()), as
    /// one line, or "".
    std::string problem(const ModelConfig &config, int n) const;
};

/**
 * The measure of \a run, a pass over \a ids that kept the logits of
 * logitPositions(); \a baseline is the pass without the interventions (read
 * by the KL divergence alone, which is 0 without one).
 */
double measureValue(const ModelMeasure &measure, const ModelRun &run, const std::vector<int> &ids,
                    const ModelRun *baseline = nullptr);

} // namespace AttentionLab
