// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "ui/figure/colormaps.h"

#include <QColor>
#include <QFont>

#include <cmath>

namespace AttentionLab {

/**
 * How a matrix is drawn as a heatmap, on screen and in every exported
 * figure alike: the colour map, the ink of labels and frames, the font, and
 * the bounds of the numbers written in the cells. The masked cell's colours
 * and the number format are the same for every heatmap (ColorMaps and
 * CellNumberFormat); the style only says how large the numbers may be.
 */
struct HeatmapStyle
{
    /// A model's head writes no number smaller than this (pixels), on the
    /// Model tab and in its exported figure: a 24-token head's numbers would
    /// be specks.
    static constexpr double kSmallestHeadNumber = 9.0;

    ColorMaps::Name colorMap = ColorMaps::Name::Viridis;
    QColor foreground = QColor(0x20, 0x20, 0x20); ///< labels, ticks, titles
    QColor frame = QColor(0x20, 0x20, 0x20);      ///< the colour bar's outline
    QFont font;                                   ///< labels; numbers take its family
    bool numbers = true;                          ///< the value in each cell
    double largestNumber = 26.0;                  ///< pixels, a number's most
    double smallestNumber = 6.0;                  ///< pixels: smaller, no numbers
    double lineWidth = 1.0;                       ///< the colour bar's outline and ticks

    /// The colour of a cell at \a position on the colour map (0 to 1,
    /// clamped); NaN is a masked cell, +-inf either end of the scale.
    QColor cellColor(double position) const
    {
        if (std::isnan(position))
            return ColorMaps::maskedColor();
        if (std::isinf(position))
            return ColorMaps::colorAt(colorMap, position > 0 ? 1.0 : 0.0);
        return ColorMaps::colorAt(colorMap, position);
    }
};

} // namespace AttentionLab
