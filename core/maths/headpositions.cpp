// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/maths/headpositions.h"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace AttentionLab {

namespace {

constexpr std::string_view kRotary = "rotary theta=";

} // namespace

std::string headPositionsName(const HeadPositions &positions)
{
    if (!positions.rotary)
        return "none";
    char theta[32];
    std::snprintf(theta, sizeof theta, "%.17g", positions.theta);
    return std::string(kRotary) + theta;
}

std::optional<HeadPositions> headPositionsFromName(std::string_view name)
{
    if (name == "none")
        return HeadPositions{false};
    if (!name.starts_with(kRotary))
        return std::nullopt;
    const std::string_view number = name.substr(kRotary.size());
    double theta = 0.0;
    const auto [end, error] = std::from_chars(number.data(), number.data() + number.size(), theta);
    if (error != std::errc() || end != number.data() + number.size() || !std::isfinite(theta) ||
        !(theta > 1.0))
        return std::nullopt;
    return HeadPositions{true, theta};
}

} // namespace AttentionLab
