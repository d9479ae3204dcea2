// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "ui/figure/matrixpainter.h"

#include <QPair>
#include <QPoint>
#include <QPointF>
#include <QRect>
#include <QSizeF>

namespace AttentionLab {

/**
 * Which part of a rows x cols matrix the large head view shows, and where:
 * the cell that fits the whole matrix in the room there is, the zoom
 * relative to it and the matrix point at the plot's top left. No widget:
 * the view asks it where a cell is and which cells to draw.
 */
class HeatmapViewport
{
public:
    /// A fitted cell is at most this many times as wide as it is tall, or as
    /// tall as it is wide.
    static constexpr double kMaximumCellAspect = 3.0;

    void setShape(int rows, int cols);
    /// The room the plot may take (the view less its labels and colour bar).
    void setAvailable(const QRect &available) { m_available = available; }

    int rows() const { return m_rows; }
    int cols() const { return m_cols; }
    double zoom() const { return m_zoom; }

    /// The cell that shows the whole matrix in the available room.
    QSizeF fittedCell() const;
    /// A cell's size now: the fitted cell times the zoom.
    QSizeF cellSize() const { return fittedCell() * m_zoom; }
    /// The whole matrix at the fitted zoom: the labels hug it.
    QRect plotRect() const;
    /// Where the cells are drawn now, for MatrixPainter.
    MatrixPainter::Grid grid() const;
    /// The cells (columns x, rows y) at least partly in the plot.
    QRect visibleCells() const;
    /// The cell (row, column) under \a point, or (-1, -1) outside the matrix.
    QPoint cellAt(const QPointF &point) const;

    void fit();
    /// Zooms by \a factor keeping the matrix point under \a point where it
    /// is, up to cells whose longer side is \a largestCell pixels.
    void zoomAt(const QPointF &point, double factor, double largestCell);
    void panBy(const QPointF &pixels);
    /// Keeps the matrix over the plot (after a resize or another matrix).
    void clampOrigin();

private:
    int m_rows = 0;
    int m_cols = 0;
    QRect m_available{0, 0, 10, 10};
    /// The matrix point at the plot's top left, in cells, and the zoom: the
    /// cell's size over the fitted cell's (1 when fitted).
    QPointF m_origin;
    double m_zoom = 1.0;
};

} // namespace AttentionLab
