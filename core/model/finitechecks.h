// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

// The pass refuses numbers that stopped being finite (core/model/modelgraph.cpp,
// core/model/cachedstep.cpp): from finite weights, a product that overflows
// float32 or rotary angles of a tiny theta; its attention and predictions
// would be NaN, shown as numbers (issue 36, items 5 and 6).

#include "core/kernels/modeloperands.h"

#include <cstddef>
#include <vector>

namespace AttentionLab {

/// Throws std::invalid_argument, naming layer \a layer's \a tensor (the
/// \a tensor past the last block when \a layer is -1) and what it holds,
/// unless all \a count values are finite.
void requireFinite(const float *values, size_t count, int layer, const char *tensor);

/// The attention weights, or else the attention output, that is not finite.
void requireFiniteAttention(const float *weights, size_t weightCount, const float *context,
                            size_t contextCount, int layer);

/// The probabilities of \a tokens, which the logits give.
void requireFiniteTokens(const std::vector<TokenProbability> &tokens);

} // namespace AttentionLab
