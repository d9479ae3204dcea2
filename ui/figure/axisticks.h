// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <QList>
#include <QStringList>

namespace AttentionLab::AxisTicks {

/// Round tick positions covering [lo, hi], about five.
QList<double> ticks(double lo, double hi);
/// The labels of \a ticks: short ("0.25", "2.5e5"), each true and none
/// like another at any magnitude (a key at 999999 gave "5e+05" three
/// times: "2.5e+05" and "7.5e+05" cut to the box's width).
QStringList tickLabels(const QList<double> &ticks);

} // namespace AttentionLab::AxisTicks
