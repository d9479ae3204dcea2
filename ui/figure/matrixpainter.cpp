// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/figure/matrixpainter.h"

#include "ui/figure/axisticks.h"

#include <QFontMetricsF>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace AttentionLab {

namespace {

/// Slices of the colour bar: enough to look continuous, few enough to stay
/// a small vector file.
constexpr int kColorBarSlices = 64;

} // namespace

MatrixPainter::MatrixPainter(QPainter &painter, const HeatmapStyle &style)
    : m_painter(painter), m_style(style)
{
}

void MatrixPainter::cellImage(const QRectF &target, const QImage &image)
{
    m_painter.save();
    m_painter.setRenderHint(QPainter::Antialiasing, false);
    m_painter.setRenderHint(QPainter::SmoothPixmapTransform, false);
    m_painter.drawImage(target, image);
    m_painter.restore();
}

void MatrixPainter::cellRects(const Grid &grid, const QRect &cells, const CellFunction &position)
{
    m_painter.save();
    m_painter.setRenderHint(QPainter::Antialiasing, false);
    m_painter.setPen(Qt::NoPen);
    for (int i = cells.top(); i <= cells.bottom(); ++i)
        for (int j = cells.left(); j <= cells.right(); ++j)
            m_painter.fillRect(grid.rect(i, j), m_style.cellColor(position(i, j)));
    m_painter.restore();
}

CellNumberFormat::Fit MatrixPainter::numbers(const Grid &grid, const QRect &cells,
                                             const CellFunction &value,
                                             const CellFunction &position)
{
    // Too small a cell for any number: the values are not even read.
    if (!m_style.numbers ||
        std::min(grid.cell.height() * 0.5, m_style.largestNumber) < m_style.smallestNumber)
        return {};
    QList<double> values;
    values.reserve(qsizetype(cells.width()) * cells.height());
    for (int i = cells.top(); i <= cells.bottom(); ++i)
        for (int j = cells.left(); j <= cells.right(); ++j)
            values << value(i, j);
    const CellNumberFormat::Fit fit = CellNumberFormat::fit(grid.cell, m_style, values);
    if (!fit.shown())
        return fit;
    QFont numberFont = m_style.font;
    numberFont.setPixelSize(fit.pixelSize);
    QFont maskedFont = m_style.font;
    maskedFont.setPixelSize(std::max(1, fit.maskedPixelSize));
    const QString masked = CellNumberFormat::maskedText();
    qsizetype k = 0;
    for (int i = cells.top(); i <= cells.bottom(); ++i) {
        for (int j = cells.left(); j <= cells.right(); ++j) {
            const double v = values[k++];
            if (std::isnan(v)) {
                if (fit.maskedPixelSize == 0)
                    continue;
                m_painter.setFont(maskedFont);
                m_painter.setPen(ColorMaps::maskedTextColor());
                m_painter.drawText(grid.rect(i, j), Qt::AlignCenter, masked);
                continue;
            }
            m_painter.setFont(numberFont);
            m_painter.setPen(ColorMaps::textColorOn(m_style.cellColor(position(i, j))));
            m_painter.drawText(grid.rect(i, j), Qt::AlignCenter, fit.format.text(v));
        }
    }
    return fit;
}

void MatrixPainter::label(const QRectF &box, Qt::Alignment alignment, const QString &text,
                          const QFont &font)
{
    m_painter.setFont(font);
    m_painter.setPen(m_style.foreground);
    m_painter.drawText(box, alignment, text);
}

void MatrixPainter::label(const QPointF &anchor, double degrees, const QRectF &box,
                          Qt::Alignment alignment, const QString &text, const QFont &font)
{
    m_painter.save();
    m_painter.translate(anchor);
    m_painter.rotate(degrees);
    label(box, alignment, text, font);
    m_painter.restore();
}

QString MatrixPainter::colorBarLabel(double value)
{
    return QString::number(value, 'g', 4);
}

double MatrixPainter::colorBarLabelWidth(double lo, double hi, const QFont &font)
{
    const QFontMetricsF metrics(font);
    double widest = 0.0;
    for (double t : AxisTicks::ticks(lo, hi))
        widest = std::max(widest, metrics.horizontalAdvance(colorBarLabel(t)));
    return widest;
}

void MatrixPainter::colorBar(const ColorBar &c)
{
    const QRectF &bar = c.bar;
    double lo = c.lo;
    double hi = c.hi;
    if (!std::isfinite(lo) || !std::isfinite(hi) || !(hi > lo)) {
        lo = std::isfinite(lo) ? lo - 1.0 : 0.0;
        hi = lo + 2.0;
    }
    m_painter.save();
    m_painter.setRenderHint(QPainter::Antialiasing, false);
    for (int k = 0; k < kColorBarSlices; ++k) {
        const double t0 = double(k) / kColorBarSlices;
        const double y = bar.bottom() - (k + 1) * bar.height() / kColorBarSlices;
        m_painter.fillRect(QRectF(bar.left(), y, bar.width(), bar.height() / kColorBarSlices + 0.5),
                           ColorMaps::colorAt(m_style.colorMap, t0 + 0.5 / kColorBarSlices));
    }
    m_painter.restore();
    m_painter.setPen(QPen(m_style.frame, m_style.lineWidth));
    m_painter.setBrush(Qt::NoBrush);
    m_painter.drawRect(bar);
    m_painter.setPen(QPen(m_style.foreground, m_style.lineWidth));
    m_painter.setFont(m_style.font);
    const double lineHeight = QFontMetricsF(m_style.font).height();
    for (double t : AxisTicks::ticks(lo, hi)) {
        const double y = bar.bottom() - (t - lo) / (hi - lo) * bar.height();
        m_painter.drawLine(QPointF(bar.right(), y), QPointF(bar.right() + c.tickLength, y));
        m_painter.drawText(
            QRectF(bar.right() + c.labelGap, y - lineHeight / 2, c.labelWidth, lineHeight),
            Qt::AlignLeft | Qt::AlignVCenter, colorBarLabel(t));
    }
    if (c.maskedKey) {
        const QRectF grey(bar.left(), bar.bottom() + 6, bar.width(), lineHeight - 2);
        m_painter.fillRect(grey, ColorMaps::maskedColor());
        m_painter.drawText(QRectF(bar.right() + c.labelGap, grey.top() - 1,
                                  c.labelWidth + 4 * lineHeight, lineHeight),
                           Qt::AlignLeft | Qt::AlignVCenter, CellNumberFormat::maskedText());
    }
    // The title along the bar, shortened where the bar is short.
    m_painter.setFont(c.titleFont);
    m_painter.save();
    m_painter.translate(bar.right() + c.labelWidth + c.labelGap, bar.center().y());
    m_painter.rotate(90);
    const QString title =
        QFontMetricsF(c.titleFont).elidedText(c.title, Qt::ElideRight, bar.height());
    m_painter.drawText(QRectF(-bar.height() / 2, -c.titleHeight, bar.height(), c.titleHeight),
                       Qt::AlignCenter, title);
    m_painter.restore();
}

} // namespace AttentionLab
