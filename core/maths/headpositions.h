// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace AttentionLab {

/// How the model a head was taken from (Open Head) placed its tokens:
/// turned by rotary positions with the layer's base, or not at all (a layer
/// without positions, SmolLM3's NoPE layers). The Position lab reads it.
struct HeadPositions
{
    bool rotary = true;
    /// The rotary base; without rotary, the base the model's other layers
    /// turn by (what the lab compares with), 10000 when not known.
    double theta = 10000.0;
    friend bool operator==(const HeadPositions &, const HeadPositions &) = default;
};

/// The session file's spelling: "rotary theta=500000", "none" or, where
/// the model's other layers turn by another base than 10000, "none
/// theta=2000000".
std::string headPositionsName(const HeadPositions &positions);

/// Parses headPositionsName()'s spelling (a base above 1); std::nullopt for
/// anything else.
std::optional<HeadPositions> headPositionsFromName(std::string_view name);

} // namespace AttentionLab
