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
    double theta = 10000.0; ///< the rotary base; without rotary, the default
    friend bool operator==(const HeadPositions &, const HeadPositions &) = default;
};

/// The session file's and `model --json`'s spelling: "rotary theta=500000"
/// or "none".
std::string headPositionsName(const HeadPositions &positions);

/// Parses headPositionsName()'s spelling (a base above 1); std::nullopt for
/// anything else.
std::optional<HeadPositions> headPositionsFromName(std::string_view name);

} // namespace AttentionLab
