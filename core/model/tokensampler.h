// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/model/generationoptions.h"
#include "core/model/modelrun.h"
#include "core/support/pcg64.h"

#include <vector>

namespace AttentionLab {

/**
 * Chooses each next token from the logits as SamplingOptions says. The draws
 * come from one PCG64 generator (core/support/pcg64.h, seeded as numpy's
 * PCG64(seed)): one nextDouble() u in [0, 1) per sampled token, and the token
 * taken is the first of the kept tokens, most likely first, whose cumulative
 * probability exceeds u. The same seed and logits give the same tokens.
 */
class TokenSampler
{
public:
    explicit TokenSampler(const SamplingOptions &options);

    /// The token after \a logits (one per id of the vocabulary).
    int choose(const std::vector<float> &logits);

    /**
     * The tokens a draw may take from \a logits and their renormalised
     * probabilities, most likely first (equal logits by id): the top \a
     * options.topK of softmax(logits / temperature), then of those the
     * smallest prefix whose probabilities reach topP (a token is kept when
     * the probability of the tokens before it is below topP). Greedy keeps
     * the arg-max alone.
     */
    static std::vector<TokenProbability> kept(const std::vector<float> &logits,
                                              const SamplingOptions &options);

private:
    SamplingOptions m_options;
    Pcg64 m_random;
};

} // namespace AttentionLab
