// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/figure/labelplacer.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace AttentionLab {

namespace {

constexpr double kPi = 3.14159265358979323846;
/// Covering a box, a point or an axis costs far more than any distance.
constexpr double kHard = 1e6;
constexpr double kSoft = 400.0;
/// Rings of candidate places; the farthest is about 20 gaps away (a label
/// that far gets a leader line from its point).
constexpr int kRings = 13;
/// Where along the box its point may sit when the box is above, below or
/// beside it: centred first.
constexpr double kSlides[] = {0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8, 0.1, 0.9, 0.0, 1.0};

double overlapArea(const QRectF &a, const QRectF &b)
{
    const QRectF both = a.intersected(b);
    return both.isValid() ? both.width() * both.height() : 0.0;
}

} // namespace

bool lineCrossesRect(const QLineF &line, const QRectF &rect)
{
    // Liang-Barsky: clip the segment's parameter range to the rectangle.
    const double dx = line.dx(), dy = line.dy();
    double t0 = 0.0, t1 = 1.0;
    const double p[4] = {-dx, dx, -dy, dy};
    const double q[4] = {line.x1() - rect.left(), rect.right() - line.x1(), line.y1() - rect.top(),
                         rect.bottom() - line.y1()};
    for (int k = 0; k < 4; ++k) {
        if (p[k] == 0.0) {
            if (q[k] < 0.0)
                return false;
            continue;
        }
        const double t = q[k] / p[k];
        if (p[k] < 0.0)
            t0 = std::max(t0, t);
        else
            t1 = std::min(t1, t);
        if (t0 > t1)
            return false;
    }
    return true;
}

LabelPlacer::LabelPlacer(const QRectF &area) : m_area(area) {}

void LabelPlacer::addPoint(const QPointF &centre, double radius)
{
    m_boxes.emplace_back(centre - QPointF(radius, radius), QSizeF(2 * radius, 2 * radius));
}

void LabelPlacer::addBox(const QRectF &box)
{
    m_boxes.push_back(box);
}

void LabelPlacer::addHardLine(const QLineF &line)
{
    m_hardLines.push_back(line);
}

void LabelPlacer::addSoftLine(const QLineF &line)
{
    m_softLines.push_back(line);
}

double LabelPlacer::cost(const QRectF &box) const
{
    double c = 0.0;
    for (const QRectF &other : m_boxes)
        c += box.intersects(other) ? kHard * (1.0 + overlapArea(box, other)) : 0.0;
    for (const QLineF &line : m_hardLines)
        c += lineCrossesRect(line, box) ? kHard : 0.0;
    for (const QLineF &line : m_softLines)
        c += lineCrossesRect(line, box) ? kSoft : 0.0;
    if (!m_area.contains(box))
        c += kHard * (1.0 + box.width() * box.height() - overlapArea(box, m_area));
    return c;
}

QRectF LabelPlacer::place(const QPointF &anchor, const QSizeF &size, double gap)
{
    QRectF best;
    double bestCost = std::numeric_limits<double>::infinity();
    // Rings of candidates, nearest first; on each ring sixteen directions,
    // starting to the right and slightly up, where a reader looks first.
    for (int ring = 0; ring < kRings && bestCost >= kSoft; ++ring) {
        const double radius = gap * (1.0 + 1.6 * ring);
        for (int k = 0; k < 16; ++k) {
            const double a = kPi / 8 + ((k + 1) / 2) * (kPi / 8) * ((k % 2) ? 1.0 : -1.0);
            const double cx = std::cos(a), cy = -std::sin(a);
            const QPointF at = anchor + QPointF(cx, cy) * radius;
            // The box's side nearest the point touches the candidate spot;
            // above or below it (and left or right) it may also slide along,
            // to clear an axis or the edge.
            const bool slideX = std::abs(cx) <= 0.38, slideY = std::abs(cy) <= 0.38;
            for (double f : kSlides) {
                if ((!slideX && !slideY) && f != 0.5)
                    break;
                QRectF box(QPointF(0, 0), size);
                box.moveLeft(slideX   ? at.x() - size.width() * f
                             : cx > 0 ? at.x()
                                      : at.x() - size.width());
                box.moveTop(slideY   ? at.y() - size.height() * f
                            : cy > 0 ? at.y()
                                     : at.y() - size.height());
                const double c = cost(box) + radius + std::abs(f - 0.5) * gap;
                if (c < bestCost) {
                    bestCost = c;
                    best = box;
                }
            }
        }
    }
    m_boxes.push_back(best);
    return best;
}

} // namespace AttentionLab
