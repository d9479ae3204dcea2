// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/model/modelrun.h"
#include "core/model/modelweights.h"

#include <vector>

namespace AttentionLab {

/**
 * The logit lens (nostalgebraist 2020): each layer's guess for the next
 * token at each position, the final norm and the unembedding applied to the
 * residual stream after that block. The last layer's is the model's own
 * prediction.
 */
struct LogitLens
{
    int layers = 0;
    int positions = 0;
    /// [layer * positions + position]: the most likely tokens, most likely first.
    std::vector<std::vector<TokenProbability>> top;

    const std::vector<TokenProbability> &at(int layer, int position) const
    {
        return top[size_t(layer) * size_t(positions) + size_t(position)];
    }
};

/**
 * The logit lens of a causal model over \a ids, \a count tokens per cell, with
 * the pass that read it in \a run when given, changed by \a interventions
 * when given (heads knocked out: core/model/interventions.h). Throws std::invalid_argument for
 * a model that is not causal, for ids runModel() refuses, and when the lens
 * would exceed the memory limit (logitLensBytes()).
 */
/// How many positions' logits the lens makes at once for \a config (at most
/// 256, about 64 MiB of them).
int lensBlockColumns(const ModelConfig &config);

LogitLens logitLens(const ModelWeights &weights, const std::vector<int> &ids,
                    int count = kTopTokens, ModelRun *run = nullptr,
                    const Interventions *interventions = nullptr);

} // namespace AttentionLab
