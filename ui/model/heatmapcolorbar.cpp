// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/model/heatmapcolorbar.h"

#include "ui/figure/matrixpainter.h"

#include <QFontMetrics>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace AttentionLab {

void HeatmapColorBar::setRange(double lo, double hi, const QString &title)
{
    m_lo = lo;
    m_hi = hi;
    m_title = title;
}

int HeatmapColorBar::labelWidth(const QFont &font) const
{
    // The widest tick label, and never narrower than "0.000", so that the
    // plot keeps its size from head to head ("masked" under the bar may
    // reach under the title).
    const QFontMetrics metrics(font);
    return std::max(metrics.horizontalAdvance(QStringLiteral("0.000")),
                    int(std::ceil(MatrixPainter::colorBarLabelWidth(m_lo, m_hi, font)))) +
           2;
}

int HeatmapColorBar::room(const QFont &font, double scale) const
{
    // The gap, the bar, its widest tick label and its title along it.
    return int(std::lround(34 * scale)) + labelWidth(font) + QFontMetrics(font).height();
}

void HeatmapColorBar::paint(QPainter &painter, const QRect &plot, int width, int height,
                            const HeatmapStyle &style, double scale, bool masks, qreal pixelRatio)
{
    const QRect strip(plot.right() + 2, 0, width - plot.right() - 2, height);
    if (strip.isEmpty())
        return;
    const QString key = QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8 %9")
                            .arg(strip.width())
                            .arg(strip.height())
                            .arg(plot.top())
                            .arg(plot.height())
                            .arg(m_lo, 0, 'g', 17)
                            .arg(m_hi, 0, 'g', 17)
                            .arg(int(style.colorMap))
                            .arg(m_title, style.font.toString() + style.foreground.name() +
                                              style.frame.name() + QString::number(masks) +
                                              QString::number(scale) + QString::number(pixelRatio));
    if (key != m_key) {
        m_strip = QPixmap(strip.size() * pixelRatio);
        m_strip.setDevicePixelRatio(pixelRatio);
        m_strip.fill(Qt::transparent);
        QPainter onStrip(&m_strip);
        onStrip.translate(-strip.topLeft());
        draw(onStrip, plot, style, scale, masks);
        m_key = key;
    }
    painter.drawPixmap(strip.topLeft(), m_strip);
}

void HeatmapColorBar::draw(QPainter &painter, const QRect &plot, const HeatmapStyle &style,
                           double scale, bool masks) const
{
    const QFontMetrics metrics(style.font);
    const int swatch = masks ? metrics.height() + 6 : 0;
    MatrixPainter::ColorBar bar;
    bar.bar = QRectF(plot.right() + std::lround(12 * scale), plot.top(), std::lround(14 * scale),
                     std::max(20, plot.height() - swatch));
    bar.lo = m_lo;
    bar.hi = m_hi;
    bar.title = m_title;
    bar.titleFont = style.font;
    // A gap between the tick and its label: "-0.8" read as minus 0.8.
    bar.tickLength = std::max(3, int(std::lround(4 * scale)));
    bar.labelGap = bar.tickLength + std::max(4, int(std::lround(5 * scale)));
    bar.labelWidth = labelWidth(style.font);
    bar.titleHeight = metrics.height() + 2;
    bar.maskedKey = masks;
    MatrixPainter(painter, style).colorBar(bar);
}

} // namespace AttentionLab
