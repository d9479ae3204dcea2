// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <QLineF>
#include <QRectF>
#include <QSizeF>

#include <vector>

namespace AttentionLab {

/**
 * Places text boxes next to their points so that no box covers another box,
 * a point, or a line it must not hide (an axis); lines it had better not
 * cross (arrows) only cost a little. Each box tries positions around its
 * point, nearest first, and takes the cheapest; every placed box becomes an
 * obstacle for the next.
 */
class LabelPlacer
{
public:
    /// Boxes stay inside \a area.
    explicit LabelPlacer(const QRectF &area);

    /// A point's dot, which no box may cover.
    void addPoint(const QPointF &centre, double radius);
    /// Something already drawn that no box may cover.
    void addBox(const QRectF &box);
    /// A line no box may cover (an axis).
    void addHardLine(const QLineF &line);
    /// A line boxes avoid when they can (an arrow).
    void addSoftLine(const QLineF &line);

    /// The place for a box of \a size next to \a anchor, which becomes an
    /// obstacle for the boxes placed after it. \a gap is the smallest
    /// distance from the anchor.
    QRectF place(const QPointF &anchor, const QSizeF &size, double gap);

private:
    double cost(const QRectF &box) const;

    QRectF m_area;
    std::vector<QRectF> m_boxes;
    std::vector<QLineF> m_hardLines;
    std::vector<QLineF> m_softLines;
};

/// Whether the segment \a line passes through \a rect.
bool lineCrossesRect(const QLineF &line, const QRectF &rect);

} // namespace AttentionLab
