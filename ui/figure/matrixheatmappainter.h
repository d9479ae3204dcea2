// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "ui/figure/figurepainter.h"
#include "ui/figure/heatmapstyle.h"

#include <QFont>
#include <QRectF>

namespace AttentionLab {

/**
 * One heatmap panel of an exported figure (FigurePainter::matrixHeatmap):
 * measures where its title, cells, labels and colour bar go, then draws
 * them with MatrixPainter's primitives in the figure's HeatmapStyle.
 */
class MatrixHeatmapPainter
{
public:
    MatrixHeatmapPainter(FigurePainter &base, const FigurePainter::MatrixHeatmap &spec);
    /// Draws the panel in \a rect; returns the rectangle the cells fill.
    QRectF paint(const QRectF &rect);
    /// The style the panel's cells, numbers and colour bar are drawn in.
    static HeatmapStyle heatmapStyle(const FigurePainter &base,
                                     const FigurePainter::MatrixHeatmap &spec);

private:
    struct Layout;
    Layout layout(const QRectF &rect) const;
    void drawTitle(const Layout &layout);
    void drawCells(const Layout &layout);
    void drawLabels(const Layout &layout);
    void drawColorBar(const Layout &layout);

    FigurePainter &m_base;
    const FigurePainter::MatrixHeatmap &m_spec;
    HeatmapStyle m_style;
};

} // namespace AttentionLab
