// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

class QCustomPlot;

namespace AttentionLab::PlotTheme {

/// Colours, fonts and line widths of a plot: light or dark, and scaled up for
/// presentation mode so that a hall can read it from the back.
void apply(QCustomPlot *plot, bool dark, double scale);

/// Gives each numeric axis of \a plot as many ticks as its labels have room
/// for; apply() makes every replot do it.
void fitTickCounts(QCustomPlot *plot);

} // namespace AttentionLab::PlotTheme
