// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// LabPainter, Key geometry: the query and the keys as arrows in a plane, labels placed clear of
// each other.

#include "ui/figure/labpainter.h"
#include "ui/figure/labpainterhelpers.h"

#include "core/maths/attention.h"
#include "core/maths/attentioncost.h"
#include "core/maths/chapterexamples.h"
#include "core/maths/maskorders.h"
#include "core/maths/multiheadattention.h"
#include "core/maths/parametercount.h"
#include "core/maths/permutationdemo.h"
#include "core/maths/positionalencoding.h"
#include "core/maths/randomsession.h"
#include "core/maths/session.h"
#include "core/support/memorybudget.h"
#include "ui/figure/labelplacer.h"

#include <QFontMetricsF>
#include <QLocale>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <string>

namespace AttentionLab {

using namespace LabPainting;

GeometryPlane LabPainter::geometryPlane(const Session &s, const LabSettings &l)
{
    // d_k = 2: the two coordinates are the whole space, every score exact.
    return s.keys.cols() > 2 ? l.geometryPlane : GeometryPlane::Coordinates;
}

KeyGeometry LabPainter::planeFor(const Session &s, const LabSettings &l)
{
    const Index d = s.keys.cols();
    switch (geometryPlane(s, l)) {
    case GeometryPlane::Query: {
        const int qi = geometryQuery(s, l);
        // y from the keys this query sees: a masked key has no say in its row.
        const Index seen = visibleKeyCount(s.options.mask, qi, s.queries.rows(), s.keys.rows());
        return KeyGeometry::queryPlane(s.keys, s.queries.row(qi), seen);
    }
    case GeometryPlane::Principal:
        return KeyGeometry::principal(s.keys);
    case GeometryPlane::Coordinates:
        break;
    }
    const Index xAxis = std::clamp<Index>(l.geometryX, 0, d - 1);
    const Index yAxis = l.geometryY == xAxis || l.geometryY < 0 || l.geometryY >= d
                            ? (xAxis == 0 ? 1 : 0)
                            : l.geometryY;
    return KeyGeometry::coordinates(d, xAxis, yAxis);
}

int LabPainter::geometryQuery(const Session &s, const LabSettings &l)
{
    const int last = int(s.queries.rows()) - 1;
    return l.geometryQuery < 0 ? std::max(0, last) : std::clamp(l.geometryQuery, 0, last);
}

GeometryFrame LabPainter::fitFrame(const Session &s, const LabSettings &l)
{
    return GeometryFrame::fit(planeFor(s, l), s.keys, s.queries.row(geometryQuery(s, l)));
}

GeometryFrame LabPainter::frameFor(const Session &s, const LabSettings &l)
{
    const Index d = s.keys.cols();
    if (l.geometryFrame && l.geometryFrame->geometry.axes().cols() == d) {
        const KeyGeometry &held = l.geometryFrame->geometry;
        const GeometryPlane wanted = geometryPlane(s, l);
        // A held projection stays as it was; held coordinates must be the chosen ones.
        if (held.plane() == wanted &&
            (wanted != GeometryPlane::Coordinates || held.axes() == planeFor(s, l).axes()))
            return *l.geometryFrame;
    }
    return fitFrame(s, l);
}

QStringList LabPainter::geometryAxisTitles(const Session &s, const LabSettings &l,
                                           const KeyGeometry &geometry, bool brief)
{
    switch (geometry.plane()) {
    case GeometryPlane::Query:
        if (brief)
            return {QStringLiteral("along q: x · |q| = q · k"),
                    QStringLiteral("main direction ⟂ q")};
        return {QStringLiteral("along q “%1”: x · |q| = q · k")
                    .arg(label(s.queryLabel(geometryQuery(s, l)))),
                QStringLiteral("the keys’ main direction ⟂ q")};
    case GeometryPlane::Principal:
        if (brief)
            return {QStringLiteral("principal direction 1"), QStringLiteral("direction 2")};
        return {QStringLiteral("principal direction 1 of the keys (projection)"),
                QStringLiteral("principal direction 2 (projection)")};
    case GeometryPlane::Coordinates:
        break;
    }
    return {QStringLiteral("x%1").arg(frameAxis(geometry, 0) + 1),
            QStringLiteral("x%1").arg(frameAxis(geometry, 1) + 1)};
}

QString LabPainter::geometryPlaneNote(const Session &s, const LabSettings &l)
{
    const Index d = s.keys.cols();
    if (d < 2)
        return {};
    switch (geometryPlane(s, l)) {
    case GeometryPlane::Query:
        return QStringLiteral("Axes: x along q, so x · |q| = q · k exactly; y the keys’ main "
                              "direction ⟂ q.");
    case GeometryPlane::Principal:
        return QStringLiteral("Principal plane of the keys: a projection, whose dot products "
                              "need not be the scores.");
    case GeometryPlane::Coordinates:
        break;
    }
    return d == 2 ? QStringLiteral("The two coordinates: the whole space, every score exact.")
                  : QStringLiteral("Two of the %1 coordinates: a projection.").arg(d);
}

QString LabPainter::inPlaneText(double share)
{
    // Never "100%" for a point that is not wholly in the plane.
    const double percent = share >= 0.9995 ? 100.0 : std::min(99.0, std::floor(share * 100.0));
    return QStringLiteral("%1% in plane").arg(percent, 0, 'f', 0);
}

GeometryMap LabPainter::geometry(const QRectF &rect)
{
    GeometryMap map;
    if (!fitsInMemory(rect, requireGeometryMemory))
        return map;
    const Session &s = m_data.session;
    const AttentionResult &r = m_data.result;
    const Index d = s.keys.cols();
    if (d < 2) {
        message(rect,
                QStringLiteral(
                    "d_k = 1: every key lies on one line. Add a dimension to see the geometry."));
        return map;
    }
    const LabSettings &l = labs();
    const GeometryFrame frame = frameFor(s, l);
    map.geometry = frame.geometry;
    map.queryIndex = geometryQuery(s, l);
    const int qi = map.queryIndex;

    m_base.setUnitFor(rect.width(), rect.height(), 900.0);
    const QFont labelFont = m_base.font(17);
    const QFont titleFont = m_base.font(19, true);
    const double axisTitle = QFontMetricsF(titleFont).height() + m_base.pt(6);

    std::vector<Eigen::Vector2d> keys;
    for (Index j = 0; j < s.keys.rows(); ++j)
        keys.push_back(frame.geometry.project(s.keys.row(j)));
    const Eigen::Vector2d q = frame.geometry.project(s.queries.row(qi));
    const double extent = frame.extentFor(s.keys, s.queries.row(qi));
    map.extent = extent;
    map.centre = QPointF(frame.centre.x(), frame.centre.y());
    const double cx = frame.centre.x(), cy = frame.centre.y();

    // A square plot, centred, with room for the tick labels and axis titles.
    const double side = std::min(rect.width(), rect.height()) - 2 * axisTitle - m_base.pt(20);
    const QRectF plot(rect.center().x() - side / 2, rect.top() + m_base.pt(10), side, side);
    map.plot = plot;
    map.toPixels = QTransform::fromTranslate(plot.center().x(), plot.center().y());
    map.toPixels.scale(side / (2 * extent), -side / (2 * extent));
    map.toPixels.translate(-cx, -cy);
    auto px = [&](const Eigen::Vector2d &v) { return map.toPixels.map(QPointF(v.x(), v.y())); };

    m_painter.setFont(labelFont);
    const QFontMetricsF labelMetrics(labelFont);
    // Each label whole, never cut to a box: a cut "7.5e+05" read "5e+05".
    const QList<double> xTicks = FigurePainter::ticks(cx - extent, cx + extent);
    const QStringList xLabels = FigurePainter::tickLabels(xTicks);
    for (qsizetype i = 0; i < xTicks.size(); ++i) {
        const double t = xTicks[i];
        m_painter.setPen(QPen(m_style.muted(), std::max(0.5, m_base.pt(0.6)), Qt::DotLine));
        m_painter.drawLine(px({t, cy - extent}), px({t, cy + extent}));
        m_painter.setPen(m_style.muted());
        const double w = labelMetrics.horizontalAdvance(xLabels[i]) + 2;
        m_painter.drawText(
            QRectF(px({t, cy - extent}).x() - w / 2, plot.bottom() + 2, w, labelMetrics.height()),
            Qt::AlignHCenter | Qt::TextDontClip, xLabels[i]);
    }
    const QList<double> yTicks = FigurePainter::ticks(cy - extent, cy + extent);
    const QStringList yLabels = FigurePainter::tickLabels(yTicks);
    for (qsizetype i = 0; i < yTicks.size(); ++i) {
        const double t = yTicks[i];
        m_painter.setPen(QPen(m_style.muted(), std::max(0.5, m_base.pt(0.6)), Qt::DotLine));
        m_painter.drawLine(px({cx - extent, t}), px({cx + extent, t}));
        m_painter.setPen(m_style.muted());
        const double w = labelMetrics.horizontalAdvance(yLabels[i]) + 2;
        m_painter.drawText(QRectF(plot.left() - m_base.pt(6) - w,
                                  px({cx - extent, t}).y() - labelMetrics.height() / 2, w,
                                  labelMetrics.height()),
                           Qt::AlignRight | Qt::AlignVCenter | Qt::TextDontClip, yLabels[i]);
    }
    const QPointF origin = px({0, 0});
    map.axes = {QLineF(px({cx - extent, 0}), px({cx + extent, 0})),
                QLineF(px({0, cy - extent}), px({0, cy + extent}))};
    m_painter.setPen(QPen(m_style.foreground(), std::max(1.0, m_base.pt(1.2))));
    for (const QLineF &axis : map.axes)
        m_painter.drawLine(axis);
    m_painter.setBrush(Qt::NoBrush);
    m_painter.drawRect(plot);

    // Arrows and dots first, the query's last so it stays on top.
    const double keyDot = m_base.pt(7), queryDot = m_base.pt(9);
    std::vector<QColor> colors;
    for (size_t j = 0; j < keys.size(); ++j) {
        const double weight = cellValue(r, CellQuantity::Weights, qi, Index(j));
        QColor color = std::isfinite(weight)
                           ? ColorMaps::colorAt(m_style.colorMap, 0.15 + 0.85 * weight)
                           : m_style.muted();
        // A colour can sink into the background: a light weight's into the
        // hall's black, viridis's yellow (the heaviest key) into white. Moved
        // toward the ink until it stands out by 2.5:1 (WCAG's contrast), so
        // every arrow stays seen.
        color = ColorMaps::withContrast(color, m_style.background(), m_style.foreground(), 2.5);
        colors.push_back(color);
        const QPointF tip = px(keys[j]);
        arrow(m_painter, origin, tip, colors.back(), std::max(1.5, m_base.pt(3)));
        map.keys.push_back(tip);
        m_painter.setPen(Qt::NoPen);
        m_painter.setBrush(colors.back());
        m_painter.drawEllipse(tip, keyDot, keyDot);
        m_painter.setBrush(Qt::NoBrush);
    }
    map.query = px(q);
    arrow(m_painter, origin, map.query, m_style.accent(), std::max(2.0, m_base.pt(4.5)));
    m_painter.setPen(QPen(m_style.background(), m_base.pt(2)));
    m_painter.setBrush(m_style.accent());
    m_painter.drawEllipse(map.query, queryDot, queryDot);
    m_painter.setBrush(Qt::NoBrush);

    // Labels beside their own points: never over another label, a dot or an
    // axis, and off the arrows where there is room. Near-parallel keys, the
    // chapter's point, put their tips close together.
    const QFont nameFont = m_base.font(18, true);
    const QFont detailFont = m_base.font(15);
    const QFontMetricsF nameMetrics(nameFont), detailMetrics(detailFont);
    // Labels stay in the plot or the margin right of it (the left holds the
    // ticks and the axis title): a small plot lends them the space beside it.
    const QRectF labelArea(plot.left() + 2, plot.top() + 2,
                           std::max(plot.width(), rect.right() - plot.left() - m_base.pt(4)) - 4,
                           plot.height() - 4);
    LabelPlacer placer(labelArea);
    for (const QLineF &axis : map.axes)
        placer.addHardLine(axis);
    for (const QPointF &tip : map.keys) {
        placer.addPoint(tip, keyDot + 1);
        placer.addSoftLine(QLineF(origin, tip));
    }
    placer.addPoint(map.query, queryDot + 1);
    placer.addSoftLine(QLineF(origin, map.query));
    const double gap = m_base.pt(10);
    auto leader = [&](const QPointF &tip, const QRectF &box, double dot) {
        // A far label gets a thin line to its point.
        const QPointF nearest(std::clamp(tip.x(), box.left(), box.right()),
                              std::clamp(tip.y(), box.top(), box.bottom()));
        if (std::hypot(nearest.x() - tip.x(), nearest.y() - tip.y()) > gap * 2.2) {
            m_painter.setPen(QPen(m_style.muted(), std::max(0.8, m_base.pt(1))));
            const QPointF u =
                (nearest - tip) / std::hypot(nearest.x() - tip.x(), nearest.y() - tip.y());
            m_painter.drawLine(tip + u * dot, nearest);
        }
    };
    // For d_k > 2, how much of each vector's length the picture holds, beside its name.
    const bool shares = d > 2;
    auto shareOf = [&](const Eigen::Ref<const RowVector> &v) {
        return shares ? inPlaneText(frame.geometry.inPlane(v)) : QString();
    };
    const double space = detailMetrics.horizontalAdvance(QStringLiteral("  "));
    auto nameLineWidth = [&](const QString &name, const QString &share) {
        return nameMetrics.horizontalAdvance(name) +
               (share.isEmpty() ? 0.0 : space + detailMetrics.horizontalAdvance(share));
    };
    // The name in bold and its share muted, on one line of \a box, leaning as \a side.
    auto drawNameLine = [&](const QRectF &line, Qt::Alignment side, const QString &name,
                            const QString &share, const QColor &color) {
        const double width = nameLineWidth(name, share);
        const double left = side & Qt::AlignRight     ? line.right() - width
                            : side & Qt::AlignHCenter ? line.center().x() - width / 2
                                                      : line.left();
        const double baseline =
            line.top() + (line.height() + nameMetrics.ascent() - nameMetrics.descent()) / 2;
        m_painter.setFont(nameFont);
        m_painter.setPen(color);
        m_painter.drawText(QPointF(left, baseline), name);
        if (!share.isEmpty()) {
            m_painter.setFont(detailFont);
            m_painter.setPen(m_style.muted());
            m_painter.drawText(
                QPointF(left + nameMetrics.horizontalAdvance(name) + space, baseline), share);
        }
    };

    // With many keys, or little room, only the heaviest carry a label, so the
    // picture stays legible: about a third of the plot may be labels. A note
    // in the corner says so, and no label covers it.
    const QSizeF typical(
        detailMetrics.horizontalAdvance(QStringLiteral("q·k/√64 = -0.200  α = 0.031")),
        nameMetrics.height() + detailMetrics.height());
    const size_t room = size_t(
        std::max(1.0, std::floor(labelArea.width() * labelArea.height() /
                                 (3.0 * std::max(1.0, typical.width() * typical.height())))));
    const size_t labelled = std::min({keys.size(), kMostGeometryLabels, room});
    auto fewerText = [&](size_t shown) {
        return shown == 0 ? QStringLiteral("no room for the labels of %1 keys").arg(keys.size())
                          : QStringLiteral("labels on the %1 heaviest of %2 keys")
                                .arg(shown)
                                .arg(keys.size());
    };
    const QString fewer = fewerText(labelled);
    // Beside the plot where a wide window leaves room, else in its corner.
    const double besideWidth = rect.right() - plot.right() - m_base.pt(12);
    const bool beside =
        besideWidth > detailMetrics.horizontalAdvance(QStringLiteral("labels on the 12 heaviest"));
    const QRectF fewerBox =
        beside ? QRectF(plot.right() + m_base.pt(12), plot.bottom() - detailMetrics.height() * 3,
                        besideWidth, detailMetrics.height() * 3)
               : QRectF(plot.right() - m_base.pt(6) - detailMetrics.horizontalAdvance(fewer),
                        plot.bottom() - m_base.pt(4) - detailMetrics.height(),
                        detailMetrics.horizontalAdvance(fewer), detailMetrics.height());
    // Kept free even when every key is meant to be labelled: some may find no place.
    placer.addBox(fewerBox);
    QColor veil = m_style.background(); // under each label, so it reads over the arrows
    veil.setAlpha(m_style.transparent ? 0 : 190);

    const QString queryName = label(s.queryLabel(qi));
    const QString queryShare = shareOf(s.queries.row(qi));
    map.queryLabel = placer.place(
        map.query, QSizeF(nameLineWidth(queryName, queryShare), nameMetrics.height()), gap);
    leader(map.query, map.queryLabel, queryDot);
    m_painter.fillRect(map.queryLabel, veil);
    drawNameLine(map.queryLabel, Qt::AlignLeft, queryName, queryShare, m_style.accent());
    // A label that finds no free place is left out rather than drawn over another.
    std::vector<QRectF> placed{map.queryLabel, fewerBox};
    auto isFree = [&](const QRectF &box) {
        if (!labelArea.contains(box))
            return false;
        for (const QLineF &axis : map.axes)
            if (lineCrossesRect(axis, box))
                return false;
        for (const QRectF &other : placed)
            if (other.intersects(box))
                return false;
        return true;
    };

    // The divisor as the chapter writes it: √d_k, or the number with τ in it.
    const QString divisor = s.options.scale && s.options.temperature == 1.0
                                ? QStringLiteral("√%1").arg(d)
                                : QString::number(r.divisor, 'g', 4);
    std::vector<size_t> order(keys.size());
    std::iota(order.begin(), order.end(), size_t(0));
    auto weightOf = [&](size_t j) {
        return r.isMasked(qi, Index(j)) ? -1.0 : r.weights(qi, Index(j));
    };
    std::stable_sort(order.begin(), order.end(),
                     [&](size_t a, size_t b) { return weightOf(a) > weightOf(b); });
    map.keyLabels.assign(keys.size(), QRectF());
    size_t shown = 0;
    for (size_t rank = 0; rank < labelled; ++rank) {
        const size_t j = order[rank];
        const double weight = weightOf(j);
        const QString dot = (r.divisor == 1.0 ? QStringLiteral("q·k = %1")
                                              : QStringLiteral("q·k/%1 = %2").arg(divisor))
                                .arg(r.scores(qi, Index(j)) / r.divisor, 0, 'f', 3);
        const QString detail = dot + QStringLiteral("  ") +
                               (weight >= 0 ? QStringLiteral("α = %1").arg(weight, 0, 'f', 3)
                                            : QStringLiteral("masked"));
        const QString name = label(s.keyLabel(Index(j)));
        const QString share = shareOf(s.keys.row(Index(j)));
        const QSizeF size(
            std::max(nameLineWidth(name, share), detailMetrics.horizontalAdvance(detail)),
            nameMetrics.height() + detailMetrics.height());
        const QRectF box = placer.place(map.keys[j], size, gap);
        if (!isFree(box))
            continue;
        placed.push_back(box);
        ++shown;
        map.keyLabels[j] = box;
        leader(map.keys[j], box, keyDot);
        m_painter.fillRect(box, veil);
        // The text leans towards its point: right-aligned in a box left of it.
        const Qt::Alignment side = box.right() <= map.keys[j].x()  ? Qt::AlignRight
                                   : box.left() >= map.keys[j].x() ? Qt::AlignLeft
                                                                   : Qt::AlignHCenter;
        drawNameLine(QRectF(box.left(), box.top(), box.width(), nameMetrics.height()), side, name,
                     share, m_style.foreground());
        m_painter.setFont(detailFont);
        m_painter.setPen(m_style.muted());
        m_painter.drawText(QRectF(box.left(), box.top() + nameMetrics.height(), box.width(),
                                  detailMetrics.height()),
                           side | Qt::AlignVCenter, detail);
    }
    if (shown < keys.size()) {
        m_painter.setFont(detailFont);
        m_painter.setPen(m_style.muted());
        m_painter.drawText(
            fewerBox,
            (beside ? Qt::AlignLeft | Qt::AlignBottom : Qt::AlignRight | Qt::AlignVCenter) |
                Qt::TextWordWrap,
            fewerText(shown));
    }

    // Never cut: a title longer than its side takes its brief form, elided
    // if even that is too long (the lab's header says it whole).
    const QFontMetricsF titleMetrics(titleFont);
    const QStringList full = geometryAxisTitles(s, l, frame.geometry, false);
    const QStringList brief = geometryAxisTitles(s, l, frame.geometry, true);
    auto title = [&](int axis, double room) {
        const QString &text =
            titleMetrics.horizontalAdvance(full[axis]) <= room ? full[axis] : brief[axis];
        return titleMetrics.elidedText(text, Qt::ElideRight, room);
    };
    m_painter.setFont(titleFont);
    m_painter.setPen(m_style.foreground());
    m_painter.drawText(QRectF(plot.left(), plot.bottom() + m_base.pt(24), plot.width(), axisTitle),
                       Qt::AlignCenter, title(0, plot.width()));
    m_painter.save();
    m_painter.translate(plot.left() - m_base.pt(64), plot.center().y());
    m_painter.rotate(-90);
    m_painter.drawText(QRectF(-plot.height() / 2, -axisTitle, plot.height(), axisTitle),
                       Qt::AlignCenter, title(1, plot.height()));
    m_painter.restore();
    map.valid = true;
    return map;
}

} // namespace AttentionLab
