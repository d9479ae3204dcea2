// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// LabPainter, the chart primitive the labs share: lines over linear or log axes, with ticks and a
// legend.

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
#include "ui/figure/labelplacer.h"

#include <QFontMetricsF>
#include <QLocale>
#include <QPainter>
#include <QPainterPath>

#include <cmath>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <string>

namespace AttentionLab {

using namespace LabPainting;

void LabPainter::lineChart(const QRectF &rect, const QString &title, const QString &xTitle,
                           const QString &yTitle, const std::vector<Series> &series, bool logX,
                           bool logY, const std::vector<double> &xTicks)
{
    const QFont labelFont = m_base.font(16);
    const QFont titleFont = m_base.font(18, true);
    const QFontMetricsF metrics(labelFont);
    const double axisTitle = QFontMetricsF(titleFont).height() + m_base.pt(4);
    double x0 = std::numeric_limits<double>::infinity(), x1 = -x0, y0 = x0, y1 = -x0;
    for (const Series &s : series)
        for (const QPointF &p : s.points) {
            const double x = logX ? std::log10(p.x()) : p.x();
            const double y = logY ? std::log10(std::max(p.y(), 1e-300)) : p.y();
            x0 = std::min(x0, x);
            x1 = std::max(x1, x);
            y0 = std::min(y0, y);
            y1 = std::max(y1, y);
        }
    if (!(x1 > x0)) {
        x0 -= 1;
        x1 += 1;
    }
    if (!(y1 > y0)) {
        y0 -= 1;
        y1 += 1;
    }
    const double padX = (x1 - x0) * 0.06, padY = (y1 - y0) * 0.08;
    x0 -= padX;
    x1 += padX;
    y0 -= padY;
    y1 += padY;
    if (!logY && y0 > 0 && y0 < (y1 - y0))
        y0 = 0; // a linear axis starts at zero when it nearly does
    const double yLabelWidth = metrics.horizontalAdvance(QStringLiteral("1e+10")) + m_base.pt(8);
    // The legend sits between the title and the plot, where no line can cross it.
    const double swatch = m_base.pt(26), entryGap = m_base.pt(18);
    std::vector<QPointF> legendAt;
    double legendX = 0.0, legendRow = 0.0;
    const double legendWidth = rect.width() - axisTitle - m_base.pt(10);
    for (const Series &s : series) {
        const double width = swatch + m_base.pt(6) + metrics.horizontalAdvance(s.name);
        if (legendX > 0.0 && legendX + width > legendWidth) {
            legendX = 0.0;
            legendRow += 1.0;
        }
        legendAt.emplace_back(legendX, legendRow);
        legendX += width + entryGap;
    }
    const double legendHeight = series.empty() ? 0.0 : (legendRow + 1.0) * metrics.height() * 1.15;
    const QRectF plot(
        rect.left() + axisTitle + yLabelWidth, rect.top() + axisTitle + legendHeight + m_base.pt(6),
        rect.width() - axisTitle - yLabelWidth - m_base.pt(10),
        // Below the plot one line of tick labels, then the axis title: no more.
        rect.height() - 2 * axisTitle - legendHeight - metrics.height() - m_base.pt(14));
    auto px = [&](double x, double y) {
        const double u = logX ? std::log10(x) : x;
        const double v = logY ? std::log10(std::max(y, 1e-300)) : y;
        return QPointF(plot.left() + (u - x0) / (x1 - x0) * plot.width(),
                       plot.bottom() - (v - y0) / (y1 - y0) * plot.height());
    };
    QFont fittedTitle = titleFont; // a title wider than its chart shrinks to fit
    const double titleWidth = QFontMetricsF(titleFont).horizontalAdvance(title);
    if (titleWidth > rect.width() * 0.98)
        fittedTitle.setPixelSize(
            std::max(6, int(titleFont.pixelSize() * rect.width() * 0.98 / titleWidth)));
    m_painter.setFont(fittedTitle);
    m_painter.setPen(m_style.foreground());
    m_painter.drawText(QRectF(rect.left(), rect.top(), rect.width(), axisTitle), Qt::AlignCenter,
                       title);

    // Grid and tick labels.
    m_painter.setFont(labelFont);
    const QList<double> yTicks = logY ? [&] {
        QList<double> t;
        const bool fine = y1 - y0 < 3.0; // short ranges get 1, 2 and 5 per decade
        for (double e = std::floor(y0); e <= y1; e += std::max(1.0, std::floor((y1 - y0) / 6))) {
            for (double m : fine ? std::vector<double>{1, 2, 5} : std::vector<double>{1}) {
                const double v = m * std::pow(10.0, e);
                if (std::log10(v) >= y0 && std::log10(v) <= y1)
                    t << v;
            }
        }
        return t;
    }()
                                      : FigurePainter::ticks(y0, y1);
    // Ticks a line and a half apart at least, from the bottom up: a short
    // chart (presentation mode at 1280 x 720) keeps every other decade
    // rather than print 1e+04 to 1e+09 over each other.
    QList<double> shownYTicks;
    {
        const double minGap = metrics.height() * 1.3;
        double lastY = std::numeric_limits<double>::infinity();
        for (double t : yTicks) {
            const double y = px(logX ? std::pow(10.0, x0) : x0, t).y();
            if (lastY - y >= minGap || shownYTicks.isEmpty()) {
                shownYTicks << t;
                lastY = y;
            }
        }
    }
    for (double t : shownYTicks) {
        const double y = px(logX ? std::pow(10.0, x0) : x0, t).y();
        m_painter.setPen(QPen(m_style.muted(), std::max(0.5, m_base.pt(0.6)), Qt::DotLine));
        m_painter.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y));
        m_painter.setPen(m_style.foreground());
        const QString text = logY && (t >= 1e5 || t < 1e-3) ? QString::number(t, 'g', 2)
                                                            : QString::number(t, 'g', 4);
        m_painter.drawText(QRectF(plot.left() - yLabelWidth, y - metrics.height() / 2,
                                  yLabelWidth - m_base.pt(6), metrics.height()),
                           Qt::AlignRight | Qt::AlignVCenter, text);
    }
    std::vector<double> tickX, tickHalf;
    QStringList tickText;
    for (double t : xTicks) {
        const double x = px(t, logY ? std::pow(10.0, y0) : y0).x();
        m_painter.setPen(QPen(m_style.muted(), std::max(0.5, m_base.pt(0.6)), Qt::DotLine));
        m_painter.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
        tickText << QString::number(t, 'g', 6);
        tickX.push_back(x);
        tickHalf.push_back(metrics.horizontalAdvance(tickText.back()) / 2);
    }
    m_painter.setPen(m_style.foreground());
    for (int k : shownTickLabels(tickX, tickHalf, m_base.pt(6)))
        m_painter.drawText(QRectF(tickX[size_t(k)] - m_base.pt(50), plot.bottom() + m_base.pt(4),
                                  m_base.pt(100), metrics.height()),
                           Qt::AlignHCenter | Qt::AlignTop, tickText[k]);
    m_painter.setPen(QPen(m_style.foreground(), std::max(1.0, m_base.pt(1.2))));
    m_painter.drawLine(plot.bottomLeft(), plot.bottomRight());
    m_painter.drawLine(plot.bottomLeft(), plot.topLeft());

    // Series, clipped to the plot, and their legend above it.
    const double legendTop = rect.top() + axisTitle + metrics.height() * 0.55;
    for (size_t k = 0; k < series.size(); ++k) {
        const Series &s = series[k];
        QPen pen(s.color, std::max(1.5, m_base.pt(3)), s.dashed ? Qt::DashLine : Qt::SolidLine,
                 Qt::RoundCap);
        m_painter.save();
        m_painter.setClipRect(
            plot.adjusted(-m_base.pt(6), -m_base.pt(6), m_base.pt(6), m_base.pt(6)));
        m_painter.setPen(pen);
        for (size_t p = 1; p < s.points.size(); ++p)
            m_painter.drawLine(px(s.points[p - 1].x(), s.points[p - 1].y()),
                               px(s.points[p].x(), s.points[p].y()));
        m_painter.setPen(Qt::NoPen);
        m_painter.setBrush(s.color);
        if (!s.dashed)
            for (const QPointF &p : s.points)
                m_painter.drawEllipse(px(p.x(), p.y()), m_base.pt(5), m_base.pt(5));
        m_painter.setBrush(Qt::NoBrush);
        m_painter.restore();
        m_painter.setPen(pen);
        const double x = rect.left() + axisTitle + legendAt[k].x();
        const double y = legendTop + legendAt[k].y() * metrics.height() * 1.15;
        m_painter.drawLine(QPointF(x, y), QPointF(x + swatch, y));
        m_painter.setPen(m_style.foreground());
        m_painter.drawText(QPointF(x + swatch + m_base.pt(6), y + metrics.ascent() / 2 - 1),
                           s.name);
    }
    m_painter.setFont(titleFont);
    m_painter.setPen(m_style.foreground());
    m_painter.drawText(QRectF(plot.left(), plot.bottom() + m_base.pt(6) + metrics.height(),
                              plot.width(), axisTitle),
                       Qt::AlignCenter, xTitle);
    // A y title longer than its axis shrinks a little, then is shortened
    // with "…": never to a speck no one can read.
    QFont fittedY = titleFont;
    const double yTitleWidth = QFontMetricsF(titleFont).horizontalAdvance(yTitle);
    if (yTitleWidth > plot.height())
        fittedY.setPixelSize(
            std::max(6, int(titleFont.pixelSize() * std::max(0.75, plot.height() / yTitleWidth))));
    m_painter.setFont(fittedY);
    m_painter.save();
    m_painter.translate(rect.left(), plot.center().y());
    m_painter.rotate(-90);
    m_painter.drawText(QRectF(-plot.height() / 2, 0, plot.height(), axisTitle), Qt::AlignCenter,
                       QFontMetricsF(fittedY).elidedText(yTitle, Qt::ElideRight, plot.height()));
    m_painter.restore();
}

} // namespace AttentionLab
