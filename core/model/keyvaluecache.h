// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/model/rotarytable.h"

#include <cstddef>
#include <vector>

namespace AttentionLab {

/**
 * The keys and values a causal model has computed, kept so that each new
 * token needs one new row of q, k and v per layer (stepModelGraph(),
 * core/model/cachedstep.h). Each laid out [layer][key/value head][position][d_h]
 * for \a capacity positions, of which the first \a length are filled; the
 * keys after QK-norm and the rotary, as the attention reads them.
 */
struct KeyValueCache
{
    int layers = 0;
    int kvHeads = 0;
    int headDim = 0;
    int capacity = 0;
    int length = 0;
    std::vector<float> keys;
    std::vector<float> values;
    /// The rotary's angles for every position up to capacity (rotary
    /// families): each layer's table; longrope's long factors' apart, which
    /// a step past original_max_position_embeddings reads.
    RotaryTables rotary;
    RotaryTables longRotary;

    /// Offset of (layer, key/value head)'s first row in keys and values.
    std::size_t headOffset(int layer, int head) const
    {
        return (std::size_t(layer) * std::size_t(kvHeads) + std::size_t(head)) *
               std::size_t(capacity) * std::size_t(headDim);
    }
};

} // namespace AttentionLab
