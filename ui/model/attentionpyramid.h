// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/sets/attentionaggregates.h"
#include "ui/figure/colormaps.h"

#include <QImage>
#include <QRect>
#include <QRectF>

#include <vector>

namespace AttentionLab {

/**
 * A matrix and its max-pyramid: level k shrinks level k - 1 by two, each
 * cell the largest it covers, so a zoomed-out view reads a few thousand
 * cells, not millions, and no strong cell is lost.
 */
class AttentionPyramid
{
public:
    /// Builds the levels of the rows x cols matrix at \a data (row-major).
    void build(const float *data, int rows, int cols);
    void clear();

    /// \a cells (columns x, rows y, of the matrix itself) as an image for
    /// \a target: from the level with at least one cell per pixel, or from
    /// \a data, the matrix built from, when no level has fewer.
    QImage image(const float *data, const QRect &cells, const QRectF &target, ColorMaps::Name map,
                 double lo, double hi) const;

private:
    int m_rows = 0;
    int m_cols = 0;
    std::vector<FloatMatrix> m_levels;
};

} // namespace AttentionLab
