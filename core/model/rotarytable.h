// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/model/modelconfig.h"

#include <vector>

namespace AttentionLab {

struct RotaryTable
{
    int rotated = 0; ///< the dimensions of each head turned (ModelConfig::rotatedDims)
    /// [n][rotated / 2]: at token i, pair c turns by angle i * inverse frequency c
    /// (cos and sin times longrope's attention factor).
    std::vector<float> cos;
    std::vector<float> sin;
};

/// Which of a model's rotary tables: its global layers' (with rope_scaling)
/// or its local layers' (Gemma 3's own base, no scaling); and, for
/// longrope, whether the text is past original_max_position_embeddings.
struct RotaryChoice
{
    bool local = false;
    bool longText = false;
};

/**
 * The rotary's inverse frequencies, rotated / 2 of them, as transformers'
 * modeling_rope_utils makes them in float32: theta^(-2c / rotated), then
 * rescaled by rope_type "linear" (divided by factor), "llama3" (long
 * wavelengths divided by factor, short ones kept, a blend between) or
 * "longrope" (each divided by its own short or long factor). A local
 * layer's (\a choice.local) use RotaryConfig::localTheta, not rescaled.
 */
std::vector<float> rotaryInverseFrequencies(const ModelConfig &config, RotaryChoice choice = {});

/// The table of positions 0 to n - 1.
RotaryTable rotaryTable(const ModelConfig &config, int n, RotaryChoice choice = {});

/// Whether a pass whose last position is \a positions - 1 takes longrope's
/// long factors: transformers switches when the text is longer than
/// original_max_position_embeddings.
bool longRotary(const ModelConfig &config, int positions);

/// The tables a pass over n positions reads: the global layers', and the
/// local layers' where the model has any.
struct RotaryTables
{
    RotaryTable global;
    RotaryTable local;
    /// Layer \a layer's table, or null for a layer without positions.
    const RotaryTable *of(const ModelConfig &config, int layer) const;
};

/// The tables of positions 0 to n - 1, longrope's factors as a text of
/// \a textLength tokens takes them (n when 0).
RotaryTables rotaryTables(const ModelConfig &config, int n, int textLength = 0);

} // namespace AttentionLab
