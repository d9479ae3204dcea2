// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/figure/colorrange.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <limits>

namespace AttentionLab {

namespace {

/// A span that is never empty: a constant row or matrix gets one unit around
/// its value (or 0 to 1 for weights), so that positions stay finite.
void widen(double &lo, double &hi, bool weights)
{
    if (!std::isfinite(lo) || !std::isfinite(hi)) {
        lo = 0.0;
        hi = 1.0;
    } else if (!(hi > lo)) {
        if (weights) {
            lo = std::max(0.0, lo - 0.5);
            hi = lo + 1.0;
        } else {
            lo -= 1.0;
            hi += 1.0;
        }
    }
}

} // namespace

QStringList ColorRange::displayNames()
{
    return {QCoreApplication::translate("ColorRange", "Fixed (weights 0 to 1)"),
            QCoreApplication::translate("ColorRange", "Fitted to the data"),
            QCoreApplication::translate("ColorRange", "Per row")};
}

ColorRange::ColorRange(Mode mode, bool weights, int rows, int cols,
                       const std::function<double(int, int)> &value)
    : m_mode(mode), m_weights(weights)
{
    constexpr double inf = std::numeric_limits<double>::infinity();
    double lo = inf;
    double hi = -inf;
    if (mode == Mode::PerRow) {
        m_rowLo.assign(size_t(std::max(rows, 0)), inf);
        m_rowHi.assign(size_t(std::max(rows, 0)), -inf);
    }
    for (int i = 0; i < rows; ++i) {
        for (int j = 0; j < cols; ++j) {
            const double v = value(i, j);
            if (!std::isfinite(v))
                continue;
            lo = std::min(lo, v);
            hi = std::max(hi, v);
            if (mode == Mode::PerRow) {
                m_rowLo[size_t(i)] = std::min(m_rowLo[size_t(i)], v);
                m_rowHi[size_t(i)] = std::max(m_rowHi[size_t(i)], v);
            }
        }
    }
    if (mode == Mode::Fixed && weights) {
        lo = 0.0;
        hi = 1.0;
    }
    widen(lo, hi, weights);
    m_lo = lo;
    m_hi = hi;
    for (size_t i = 0; i < m_rowLo.size(); ++i)
        widen(m_rowLo[i], m_rowHi[i], weights);
}

double ColorRange::position(int row, double value) const
{
    double lo = m_lo;
    double hi = m_hi;
    if (m_mode == Mode::PerRow && row >= 0 && size_t(row) < m_rowLo.size()) {
        lo = m_rowLo[size_t(row)];
        hi = m_rowHi[size_t(row)];
    }
    return std::clamp((value - lo) / (hi - lo), 0.0, 1.0);
}

QString ColorRange::barTitle(const QString &quantity) const
{
    switch (m_mode) {
    case Mode::Fixed:
        return m_weights ? QCoreApplication::translate("ColorRange", "%1 (0 to 1)").arg(quantity)
                         : quantity;
    case Mode::Fitted:
        return QCoreApplication::translate("ColorRange", "%1 (fitted to the data)").arg(quantity);
    case Mode::PerRow:
        return QCoreApplication::translate("ColorRange", "%1 per row: row min 0, row max 1")
            .arg(quantity);
    }
    return quantity;
}

} // namespace AttentionLab
