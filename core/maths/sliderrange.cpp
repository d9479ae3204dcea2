// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/maths/sliderrange.h"

#include <algorithm>
#include <cmath>

namespace AttentionLab {

namespace {

constexpr double kLowest = 1.0;
constexpr double kHighest = 1000.0;
/// How far a slider's half-length should move a logit.
constexpr double kLogitSwing = 2.0;

double largest(const Matrix &m)
{
    if (m.size() == 0)
        return 0.0;
    const double v = m.cwiseAbs().maxCoeff();
    return std::isfinite(v) ? v : 0.0;
}

/// The smallest of 1, 2, 3, 5, 8 times a power of ten that is at least \a x.
double roundUp(double x)
{
    const double decade = std::pow(10.0, std::floor(std::log10(x)));
    for (double step : {1.0, 2.0, 3.0, 5.0, 8.0, 10.0})
        if (step * decade >= x * (1 - 1e-12))
            return step * decade;
    return 10.0 * decade;
}

} // namespace

double suggestedSliderRange(const Session &session)
{
    const double q = largest(session.queries), k = largest(session.keys),
                 v = largest(session.values);
    const double reach = 1.25 * std::max({q, k, v});
    // A key coordinate moves a logit by q_i / divisor per unit, a query
    // coordinate by k_i / divisor: the larger entries make the sliders that
    // matter react.
    const double divisor = session.options.divisor(session.keys.cols());
    const double entries = std::max(q, k);
    const double swing = entries > 0 && std::isfinite(divisor) && divisor > 0
                             ? kLogitSwing * divisor / entries
                             : kLowest;
    const double wanted = std::clamp(std::max(reach, swing), kLowest, kHighest);
    return std::min(kHighest, roundUp(wanted));
}

} // namespace AttentionLab
