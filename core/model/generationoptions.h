// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/model/modelrun.h"

#include <cstdint>

namespace AttentionLab {

/**
 * How the next token is chosen from the model's logits: the arg-max
 * (greedy), or a draw from the logits divided by \a temperature, kept to the
 * \a topK most likely, then to the smallest set of those whose probabilities
 * (renormalised) reach \a topP (nucleus sampling, Holtzman et al. 2019).
 */
struct SamplingOptions
{
    bool greedy = true;
    /// > 0; 1 leaves the logits as they are.
    double temperature = 1.0;
    /// The most tokens kept; 0 keeps them all.
    int topK = 0;
    /// In (0, 1]; 1 keeps them all.
    double topP = 1.0;
    /// Seeds the PCG64 generator the draws come from (core/support/pcg64.h).
    std::uint64_t seed = 0;
};

/// What a generation is asked to do (core/model/generator.h).
struct GenerationOptions
{
    /// The most tokens written after the prompt, at least 1.
    int maxTokens = 20;
    SamplingOptions sampling;
    /// The model's end-of-text token: writing it stops; -1 for none.
    int endToken = -1;
    /// False: the model writes on past its end-of-text token, as if it were
    /// any other (asked for in the window's Generate menu).
    bool stopAtEnd = true;
    /// How many alternatives each step lists.
    int topCount = kTopTokens;
};

} // namespace AttentionLab
