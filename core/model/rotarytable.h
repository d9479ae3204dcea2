// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/model/modelconfig.h"

#include <vector>

namespace AttentionLab {

/// The cosines and sines a rotary checkpoint turns q and k by, token by token.
struct RotaryTable
{
    int rotated = 0; ///< the dimensions of each head turned (ModelConfig::rotatedDims)
    /// [n][rotated / 2]: at token i, pair c turns by angle i * inverse frequency c.
    std::vector<float> cos;
    std::vector<float> sin;
};

/**
 * The rotary's inverse frequencies, rotated / 2 of them, as transformers'
 * modeling_rope_utils makes them in float32: theta^(-2c / rotated), then
 * rescaled by rope_type "linear" (divided by factor) or "llama3" (long
 * wavelengths divided by factor, short ones kept, a blend between).
 */
std::vector<float> rotaryInverseFrequencies(const ModelConfig &config);

/// The table for positions 0 to n - 1.
RotaryTable rotaryTable(const ModelConfig &config, int n);

} // namespace AttentionLab
