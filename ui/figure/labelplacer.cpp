#include "labelplacer.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace AttentionLab {

namespace {

constexpr double kPi = 3.14159265358979323846;
/// Covering a box, a point or an axis costs far more than any distance.
constexpr double kHard = 1e6;
constexpr double kSoft = 400.0;

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
    for (int ring = 0; ring < 8 && bestCost >= kSoft; ++ring) {
        const double radius = gap * (1.0 + 1.6 * ring);
        for (int k = 0; k < 16; ++k) {
            const double a = kPi / 8 + ((k + 1) / 2) * (kPi / 8) * ((k % 2) ? 1.0 : -1.0);
            const double cx = std::cos(a), cy = -std::sin(a);
            const QPointF at = anchor + QPointF(cx, cy) * radius;
            QRectF box(QPointF(0, 0), size);
            // The box's side nearest the point touches the candidate spot.
            box.moveLeft(cx > 0.38    ? at.x()
                         : cx < -0.38 ? at.x() - size.width()
                                      : at.x() - size.width() / 2);
            box.moveTop(cy > 0.38    ? at.y()
                        : cy < -0.38 ? at.y() - size.height()
                                     : at.y() - size.height() / 2);
            const double c = cost(box) + radius;
            if (c < bestCost) {
                bestCost = c;
                best = box;
            }
        }
    }
    m_boxes.push_back(best);
    return best;
}

} // namespace AttentionLab
