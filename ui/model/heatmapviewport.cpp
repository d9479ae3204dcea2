// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/model/heatmapviewport.h"

#include <algorithm>
#include <cmath>

namespace AttentionLab {

void HeatmapViewport::setShape(int rows, int cols)
{
    m_rows = rows;
    m_cols = cols;
}

QSizeF HeatmapViewport::fittedCell() const
{
    if (m_rows == 0 || m_cols == 0)
        return {1.0, 1.0};
    // Each axis fills its room, neither more than kMaximumCellAspect times the other.
    const double across = double(m_available.width()) / m_cols;
    const double down = double(m_available.height()) / m_rows;
    return {std::min(across, kMaximumCellAspect * down),
            std::min(down, kMaximumCellAspect * across)};
}

QRect HeatmapViewport::plotRect() const
{
    // The matrix fitted, and the plot exactly its size: the labels hug it,
    // and zooming in about any point of it keeps that point in place.
    const QSizeF fit = fittedCell();
    return QRect(m_available.topLeft(),
                 QSize(std::clamp(int(m_cols * fit.width()), 1, m_available.width()),
                       std::clamp(int(m_rows * fit.height()), 1, m_available.height())));
}

MatrixPainter::Grid HeatmapViewport::grid() const
{
    const QSizeF cell = cellSize();
    const QPointF topLeft = plotRect().topLeft();
    return {topLeft - QPointF(m_origin.x() * cell.width(), m_origin.y() * cell.height()), cell};
}

QRect HeatmapViewport::visibleCells() const
{
    const QRect plot = plotRect();
    const QSizeF cell = cellSize();
    const int c0 = std::clamp(int(std::floor(m_origin.x())), 0, m_cols);
    const int c1 =
        std::clamp(int(std::ceil(m_origin.x() + plot.width() / cell.width())), c0, m_cols);
    const int r0 = std::clamp(int(std::floor(m_origin.y())), 0, m_rows);
    const int r1 =
        std::clamp(int(std::ceil(m_origin.y() + plot.height() / cell.height())), r0, m_rows);
    return QRect(c0, r0, c1 - c0, r1 - r0);
}

QPoint HeatmapViewport::cellAt(const QPointF &point) const
{
    const QRect plot = plotRect();
    if (!plot.contains(point.toPoint()) || m_rows == 0)
        return {-1, -1};
    const QSizeF cell = cellSize();
    const int col = int(std::floor(m_origin.x() + (point.x() - plot.left()) / cell.width()));
    const int row = int(std::floor(m_origin.y() + (point.y() - plot.top()) / cell.height()));
    if (row < 0 || row >= m_rows || col < 0 || col >= m_cols)
        return {-1, -1};
    return {row, col};
}

void HeatmapViewport::fit()
{
    m_zoom = 1.0;
    m_origin = QPointF(0, 0);
}

void HeatmapViewport::zoomAt(const QPointF &point, double factor, double largestCell)
{
    if (m_rows == 0)
        return;
    const QRect plot = plotRect();
    const QPointF offset = point - QPointF(plot.topLeft());
    const QSizeF before = cellSize();
    const QPointF cell =
        m_origin + QPointF(offset.x() / before.width(), offset.y() / before.height());
    // From the fitted cell up to one whose longer side is largestCell.
    const QSizeF fitted = fittedCell();
    const double most = std::max(1.0, largestCell / std::max(fitted.width(), fitted.height()));
    m_zoom = std::clamp(m_zoom * factor, 1.0, most);
    const QSizeF after = cellSize();
    m_origin = cell - QPointF(offset.x() / after.width(), offset.y() / after.height());
    clampOrigin();
}

void HeatmapViewport::panBy(const QPointF &pixels)
{
    const QSizeF cell = cellSize();
    m_origin -= QPointF(pixels.x() / cell.width(), pixels.y() / cell.height());
    clampOrigin();
}

void HeatmapViewport::clampOrigin()
{
    const QRect plot = plotRect();
    // Along an axis longer than the plot the matrix covers the plot; along a
    // shorter one it may sit anywhere inside it.
    auto clampAxis = [](double origin, double span, int cells) {
        const double a = std::min(0.0, cells - span);
        const double b = std::max(0.0, cells - span);
        return std::clamp(origin, a, b);
    };
    const QSizeF cell = cellSize();
    m_origin.setX(clampAxis(m_origin.x(), plot.width() / cell.width(), m_cols));
    m_origin.setY(clampAxis(m_origin.y(), plot.height() / cell.height(), m_rows));
}

} // namespace AttentionLab
