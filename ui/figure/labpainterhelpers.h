// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

// Small drawing helpers the lab painters share (labpainter*.cpp): not part of
// any public interface.

#include "core/maths/keygeometry.h"
#include "ui/figure/figurepainter.h"

#include <QFont>
#include <QFontMetricsF>

#include <QLocale>
#include <QPainter>
#include <QPainterPath>
#include <limits>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>

namespace AttentionLab::LabPainting {

inline QString label(const std::string &text)
{
    return QString::fromStdString(text);
}

inline QString grouped(std::int64_t value)
{
    return QLocale(QLocale::English).toString(qlonglong(value));
}

/// More key labels than this crowd the picture: the heaviest keys keep theirs.
inline constexpr size_t kMostGeometryLabels = 12;
/// The smallest cell number a room can read, in pixels at the reference size.
inline constexpr double kReadableNumber = 11.0;

/// \a font, shrunk until \a text is at most \a width wide (numbers are
/// never cut off).
inline QFont fitted(QFont font, const QString &text, double width)
{
    const double natural = QFontMetricsF(font).horizontalAdvance(text);
    if (natural > width && width > 0)
        font.setPixelSize(std::max(6, int(font.pixelSize() * width / natural)));
    return font;
}

/// A step the heatmap labels at (a multiple of its own), doubled until
/// \a count cells get at most \a most labels (and never more than eight).
inline int sparseLabelStep(int count, double most = 8.0)
{
    most = std::clamp(most, 1.0, 8.0);
    int step = FigurePainter::labelStepFor(count);
    while (count / step > most && step < count)
        step *= 2;
    return step;
}

/// How many columns to lay \a count panels out in, in \a width x \a height,
/// each panel \a cols x \a rows cells with \a padWidth and \a padHeight
/// of labels and title around them: the arrangement whose cells are the
/// largest along their shorter side, so the panels stay as near square as
/// the room lets them (eight heads on one row were 205 x 50 px strips).
inline int squarestColumns(int count, double width, double height, double cols, double rows,
                           double padWidth, double padHeight)
{
    int best = 1;
    double largest = -std::numeric_limits<double>::infinity();
    for (int columns = 1; columns <= std::max(1, count); ++columns) {
        const int lines = (count + columns - 1) / columns;
        const double cellWidth = (width / columns - padWidth) / std::max(1.0, cols);
        const double cellHeight = (height / lines - padHeight) / std::max(1.0, rows);
        const double side = std::min(cellWidth, cellHeight);
        if (side > largest + 1e-9) {
            largest = side;
            best = columns;
        }
    }
    return best;
}

/// The coordinate a coordinates picture shows on its axis \a row.
inline Index frameAxis(const KeyGeometry &g, Index row)
{
    Index at = 0;
    g.axes().row(row).cwiseAbs().maxCoeff(&at);
    return at;
}

inline void arrow(QPainter &p, const QPointF &from, const QPointF &to, const QColor &color,
                  double width)
{
    p.setPen(QPen(color, width, Qt::SolidLine, Qt::RoundCap));
    p.drawLine(from, to);
    const QPointF d = to - from;
    const double length = std::hypot(d.x(), d.y());
    if (length < 1e-6)
        return;
    const QPointF u = d / length;
    const QPointF n(-u.y(), u.x());
    const double head = std::min(length * 0.5, width * 5.0);
    QPainterPath tip;
    tip.moveTo(to);
    tip.lineTo(to - u * head + n * head * 0.45);
    tip.lineTo(to - u * head - n * head * 0.45);
    tip.closeSubpath();
    p.setPen(Qt::NoPen);
    p.setBrush(color);
    p.drawPath(tip);
    p.setBrush(Qt::NoBrush);
}

} // namespace AttentionLab::LabPainting
