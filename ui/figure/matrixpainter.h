// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "ui/figure/cellnumberformat.h"
#include "ui/figure/heatmapstyle.h"

#include <QFont>
#include <QImage>
#include <QPointF>
#include <QRect>
#include <QRectF>
#include <QSizeF>
#include <QString>

#include <functional>

class QPainter;

namespace AttentionLab {

/**
 * The primitives every heatmap of a matrix is drawn with: the large head
 * view on the Model tab and every exported figure (FigurePainter's
 * matrixHeatmap) alike. Each lays out its own panel (titles, labels, zoom)
 * and draws its cells, masked cells, numbers, labels and colour bar here,
 * in one HeatmapStyle, so that a view and its export at the same size look
 * the same.
 */
class MatrixPainter
{
public:
    /// Where the cells are: cell (i, j) at origin + (j, i) cells.
    struct Grid
    {
        QPointF origin; ///< the top left of cell (0, 0), which may lie outside the view
        QSizeF cell;
        QRectF rect(int i, int j) const
        {
            return QRectF(origin.x() + j * cell.width(), origin.y() + i * cell.height(),
                          cell.width(), cell.height());
        }
    };
    /// A cell's value (NaN where the query cannot see the key) and its place
    /// on the colour map, 0 to 1 (NaN masked, +-inf either end).
    using CellFunction = std::function<double(int, int)>;

    MatrixPainter(QPainter &painter, const HeatmapStyle &style);

    const HeatmapStyle &style() const { return m_style; }

    /// Cells drawn as \a image (attentionImage's, one pixel a cell or more
    /// cells a pixel) into \a target, never smoothed.
    void cellImage(const QRectF &target, const QImage &image);
    /// \a cells (columns x, rows y) as one filled rectangle each, without
    /// antialiasing so that no seams show.
    void cellRects(const Grid &grid, const QRect &cells, const CellFunction &position);

    /// The numbers of \a cells, as CellNumberFormat::fit decides for the
    /// grid's cell size: each value in the colour that reads on its cell,
    /// "masked" in grey in a masked cell. Returns the fit used.
    CellNumberFormat::Fit numbers(const Grid &grid, const QRect &cells, const CellFunction &value,
                                  const CellFunction &position);

    /// A label in \a box, turned \a degrees about the box's anchor point
    /// \a anchor (the box is then relative to it).
    void label(const QRectF &box, Qt::Alignment alignment, const QString &text, const QFont &font);
    void label(const QPointF &anchor, double degrees, const QRectF &box, Qt::Alignment alignment,
               const QString &text, const QFont &font);

    /// A colour bar from \a lo (bottom) to \a hi, its ticks labelled, its
    /// title along its right, and, with \a maskedKey, the masked grey under it.
    struct ColorBar
    {
        QRectF bar;
        double lo = 0.0;
        double hi = 1.0;
        QString title;
        QFont titleFont;
        double tickLength = 5.0;
        double labelGap = 8.0;   ///< from the bar to its labels
        double labelWidth = 0.0; ///< colorBarLabelWidth()
        double titleHeight = 0.0;
        bool maskedKey = false; ///< a grey swatch and "masked" under the bar
    };
    void colorBar(const ColorBar &bar);
    /// A colour bar's tick label: "0.25", "1".
    static QString colorBarLabel(double value);
    /// The width of the widest tick label of a bar from \a lo to \a hi.
    static double colorBarLabelWidth(double lo, double hi, const QFont &font);

private:
    QPainter &m_painter;
    const HeatmapStyle &m_style;
};

} // namespace AttentionLab
