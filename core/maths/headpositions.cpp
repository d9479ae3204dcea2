// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/maths/headpositions.h"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace AttentionLab {

namespace {

constexpr std::string_view kRotary = "rotary theta=";
constexpr std::string_view kNone = "none";
constexpr std::string_view kNoneBeside = "none theta=";

/// A base above 1, all of \a number; std::nullopt otherwise.
std::optional<double> base(std::string_view number)
{
    double theta = 0.0;
    const auto [end, error] = std::from_chars(number.data(), number.data() + number.size(), theta);
    if (error != std::errc() || end != number.data() + number.size() || !std::isfinite(theta) ||
        !(theta > 1.0))
        return std::nullopt;
    return theta;
}

} // namespace

std::string headPositionsName(const HeadPositions &positions)
{
    char theta[32];
    std::snprintf(theta, sizeof theta, "%.17g", positions.theta);
    if (!positions.rotary)
        return positions.theta == HeadPositions{}.theta ? std::string(kNone)
                                                        : std::string(kNoneBeside) + theta;
    return std::string(kRotary) + theta;
}

std::optional<HeadPositions> headPositionsFromName(std::string_view name)
{
    if (name == kNone)
        return HeadPositions{false};
    const bool rotary = name.starts_with(kRotary);
    if (!rotary && !name.starts_with(kNoneBeside))
        return std::nullopt;
    const std::optional<double> theta =
        base(name.substr(rotary ? kRotary.size() : kNoneBeside.size()));
    if (!theta)
        return std::nullopt;
    return HeadPositions{rotary, *theta};
}

} // namespace AttentionLab
