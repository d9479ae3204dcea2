// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/figure/figurepainter.h"

#include "core/maths/attentionresult.h"
#include "core/maths/session.h"
#include "ui/figure/axisticks.h"
#include "ui/figure/equationtext.h"
#include "ui/figure/labelstride.h"
#include "ui/figure/matrixheatmappainter.h"

#include <QFontMetricsF>
#include <QImage>
#include <QPainter>

#include <algorithm>
#include <cmath>
#include <limits>

namespace AttentionLab {

namespace {

constexpr int kMaxLabels = FigurePainter::kMaxAxisLabels;
QString label(const std::string &text)
{
    return QString::fromStdString(text);
}

/// At most kMaxLabels labels of \a count.
int labelStep(int count)
{
    return labelStride(count, 0.0, 0.0, kMaxLabels);
}

} // namespace

QString FigurePainter::axisLabel(const QString &token)
{
    const QList<uint> characters = token.toUcs4();
    if (characters.size() <= kMaxLabelCharacters)
        return token;
    const int head = (kMaxLabelCharacters - 1) / 2 + (kMaxLabelCharacters - 1) % 2;
    const int tail = kMaxLabelCharacters - 1 - head;
    return QString::fromUcs4(reinterpret_cast<const char32_t *>(characters.constData()), head) +
           QChar(0x2026) +
           QString::fromUcs4(reinterpret_cast<const char32_t *>(characters.constData() +
                                                                characters.size() - tail),
                             tail);
}

QList<double> FigurePainter::ticks(double lo, double hi)
{
    return AxisTicks::ticks(lo, hi);
}

QStringList FigurePainter::tickLabels(const QList<double> &ticks)
{
    return AxisTicks::tickLabels(ticks);
}

QSize FigurePainter::devicePixelsOf(const QRectF &rect) const
{
    const QRectF device = m_painter.deviceTransform().mapRect(rect);
    return QSize(std::max(1, int(std::ceil(device.width()))),
                 std::max(1, int(std::ceil(device.height()))));
}

bool FigurePainter::drawsCellsAsImage(qint64 rows, qint64 cols, const QSize &devicePixels)
{
    return double(rows) * double(cols) >
           double(devicePixels.width()) * double(devicePixels.height());
}

FigurePainter::FigurePainter(QPainter &painter, const FigureData &data, const FigureStyle &style)
    : m_painter(painter), m_data(&data), m_style(style)
{
}

FigurePainter::FigurePainter(QPainter &painter, const FigureStyle &style)
    : m_painter(painter), m_style(style)
{
}

void FigurePainter::setUnitFor(double width, double height, double reference)
{
    if (!m_unitFixed)
        m_unit = std::max(0.7, std::min(width, height) / reference);
}

double FigurePainter::pt(double size) const
{
    return size * m_unit * m_style.fontScale;
}

QFont FigurePainter::font(double size, bool bold) const
{
    QFont f(QStringLiteral("DejaVu Sans"));
    f.setPixelSize(std::max(6, int(std::lround(pt(size)))));
    f.setBold(bold);
    return f;
}

void FigurePainter::background(const QRectF &rect)
{
    if (!m_style.transparent)
        m_painter.fillRect(rect, m_style.background());
}

QString FigurePainter::quantityTitle(Quantity quantity)
{
    switch (quantity) {
    case Quantity::Weights:
        return QStringLiteral("weight");
    case Quantity::Scores:
        return QStringLiteral("raw score q·k");
    case Quantity::Logits:
        return QStringLiteral("logit");
    }
    return {};
}

QString FigurePainter::entropyNote(const RowStatistics &row)
{
    if (row.empty())
        return QStringLiteral("no visible key");
    if (row.losesWeight())
        return QStringLiteral("sums to %1, lost %2 · %3 bits over the visible keys")
            .arg(row.sum, 0, 'f', 4)
            .arg(row.lostWeight(), 0, 'f', 4)
            .arg(row.visibleEntropyBits(), 0, 'f', 4);
    return QStringLiteral("%1 bits · sum %2")
        .arg(row.entropyBits, 0, 'f', 4)
        .arg(row.sum, 0, 'f', 4);
}

QString FigurePainter::briefEntropyNote(const RowStatistics &row)
{
    if (row.empty() || row.losesWeight())
        return entropyNote(row);
    return QStringLiteral("%1 bits").arg(row.entropyBits, 0, 'f', 4);
}

QString FigurePainter::caption(const FigureData &data)
{
    return Equations::settings(data.session);
}

QRectF FigurePainter::heatmap(const QRectF &rect, Quantity quantity)
{
    const Session &s = m_data->session;
    const AttentionResult &r = m_data->result;
    MatrixHeatmap spec;
    spec.rows = int(r.queryCount());
    spec.cols = int(r.keyCount());
    spec.value = [&r, quantity](int i, int j) { return cellValue(r, quantity, i, j); };
    spec.rowLabel = [&s](int i) { return label(s.queryLabel(i)); };
    spec.colLabel = [&s](int j) { return label(s.keyLabel(j)); };
    if (quantity != Quantity::Weights) {
        spec.lo = std::numeric_limits<double>::infinity();
        spec.hi = -spec.lo;
        for (int i = 0; i < spec.rows; ++i)
            for (int j = 0; j < spec.cols; ++j)
                if (const double v = spec.value(i, j); std::isfinite(v)) {
                    spec.lo = std::min(spec.lo, v);
                    spec.hi = std::max(spec.hi, v);
                }
    }
    spec.scaleTitle = quantityTitle(quantity);
    return matrixHeatmap(rect, spec);
}

QRectF FigurePainter::matrixHeatmap(const QRectF &rect, const MatrixHeatmap &spec)
{
    return MatrixHeatmapPainter(*this, spec).paint(rect);
}

void FigurePainter::entropyBars(const QRectF &rect)
{
    const Session &s = m_data->session;
    const AttentionResult &r = m_data->result;
    EntropyBars spec;
    spec.rows = int(r.queryCount());
    spec.row = [&r](int i) -> const RowStatistics & { return r.rows[size_t(i)]; };
    spec.rowLabel = [&s](int i) { return label(s.queryLabel(i)); };
    entropyBars(rect, spec);
}

void FigurePainter::entropyBars(const QRectF &rect, const EntropyBars &spec)
{
    setUnitFor(rect.width(), rect.height() * 2.0, 900.0);
    const int m = spec.rows;
    double top = 1.0;
    for (int i = 0; i < m; ++i)
        top = std::max(top, spec.row(i).maxEntropyBits);

    const QFont labelFont = font(19);
    const QFont titleFont = font(19, true);
    const QFontMetricsF metrics(labelFont);
    double queryWidth = 0.0;
    for (int i = 0; i < m; i += labelStep(m))
        queryWidth = std::max(queryWidth, metrics.horizontalAdvance(axisLabel(spec.rowLabel(i))));
    const QFontMetricsF titleMetrics(titleFont);
    // Rows thinner than a line of text get every k-th label and no notes.
    const double plotHeight =
        std::max(10.0, rect.height() - titleMetrics.height() - pt(6) - metrics.height() - pt(20));
    const int labelEvery = labelStride(m, metrics.height() * 1.05, plotHeight, kMaxLabels);
    const bool annotate = spec.notes && m <= kMaxLabels && labelEvery == 1;
    double noteWidth = 0.0;
    if (annotate) {
        for (int i = 0; i < m; ++i)
            noteWidth = std::max(noteWidth, metrics.horizontalAdvance(entropyNote(spec.row(i))));
        noteWidth += pt(12);
    }
    const double axisTitle = QFontMetricsF(titleFont).height() + pt(6);
    const QRectF plot(rect.left() + queryWidth + pt(12), rect.top() + pt(8),
                      std::max(10.0, rect.width() - queryWidth - pt(20) - noteWidth),
                      std::max(10.0, rect.height() - axisTitle - metrics.height() - pt(20)));
    const double rowHeight = plot.height() / m;
    const double xmax = top * 1.05;
    auto x = [&](double bits) { return plot.left() + bits / xmax * plot.width(); };

    // Grid and axis.
    m_painter.setFont(labelFont);
    for (double t : ticks(0.0, xmax)) {
        m_painter.setPen(QPen(m_style.muted(), std::max(0.5, pt(0.6)), Qt::DotLine));
        m_painter.drawLine(QPointF(x(t), plot.top()), QPointF(x(t), plot.bottom()));
        m_painter.setPen(m_style.foreground());
        m_painter.drawText(QRectF(x(t) - pt(40), plot.bottom() + pt(4), pt(80), metrics.height()),
                           Qt::AlignHCenter | Qt::AlignTop, QString::number(t, 'g', 3));
    }
    m_painter.setPen(QPen(m_style.foreground(), std::max(1.0, pt(1.2))));
    m_painter.drawLine(plot.bottomLeft(), plot.bottomRight());
    m_painter.drawLine(plot.bottomLeft(), plot.topLeft());

    // At most one bar per device pixel row: with more queries than that,
    // every step-th row stands for the rows it covers, with no gap between.
    const int step = std::max(1, int(std::ceil(double(m) / devicePixelsOf(plot).height())));
    for (int i = 0; i < m; i += step) {
        const RowStatistics &row = spec.row(i);
        const double cy = plot.top() + (i + 0.5 * step) * rowHeight;
        const double h = rowHeight * step * (step > 1 ? 1.0 : 0.62);
        // A row that lost weight shows its visible part's entropy: never above its maximum.
        m_painter.fillRect(
            QRectF(plot.left(), cy - h / 2, x(row.visibleEntropyBits()) - plot.left(), h),
            m_style.bar());
        if (!row.empty()) {
            m_painter.setPen(QPen(m_style.accent(), std::max(2.0, pt(3))));
            m_painter.drawLine(QPointF(x(row.maxEntropyBits), cy - rowHeight * step * 0.42),
                               QPointF(x(row.maxEntropyBits), cy + rowHeight * step * 0.42));
        }
    }
    for (int i = 0; i < m; ++i) {
        const RowStatistics &row = spec.row(i);
        const double cy = plot.top() + (i + 0.5) * rowHeight;
        if (i % labelEvery == 0) {
            m_painter.setPen(m_style.foreground());
            // At least a line tall, so a thin row's label is not clipped.
            const double labelHeight = std::max(rowHeight, metrics.height());
            m_painter.drawText(
                QRectF(rect.left(), cy - labelHeight / 2, queryWidth + pt(4), labelHeight),
                Qt::AlignRight | Qt::AlignVCenter, axisLabel(spec.rowLabel(i)));
        }
        if (annotate) {
            m_painter.setPen(row.losesWeight() ? m_style.accent() : m_style.foreground());
            m_painter.drawText(
                QRectF(plot.right() + pt(8), cy - rowHeight / 2, noteWidth, rowHeight),
                Qt::AlignLeft | Qt::AlignVCenter, entropyNote(row));
        }
    }
    m_painter.setFont(titleFont);
    m_painter.setPen(m_style.foreground());
    // Under the bars when it fits there, else under the whole panel, else shorter.
    const QString full =
        QStringLiteral("entropy in bits (red line: the maximum, log2 of the visible keys)");
    QRectF box(plot.left(), rect.bottom() - axisTitle, plot.width() + noteWidth, axisTitle);
    if (titleMetrics.horizontalAdvance(full) > box.width())
        box = QRectF(rect.left(), box.top(), rect.width(), axisTitle);
    m_painter.drawText(box, Qt::AlignCenter,
                       titleMetrics.horizontalAdvance(full) <= box.width()
                           ? full
                           : QStringLiteral("entropy in bits (red line: the maximum)"));
}

QRectF FigurePainter::titled(const QRectF &rect)
{
    if (m_style.title.isEmpty())
        return rect;
    const QFont f = font(24, true);
    // A long title (a model's caption quotes its text) shrinks to the width,
    // down to two thirds of its size, and past that is shortened with "…":
    // it was cut off at both ends.
    QFont fitted = f;
    const double width = QFontMetricsF(f).horizontalAdvance(m_style.title);
    if (width > rect.width() && f.pixelSize() > 0)
        fitted.setPixelSize(
            std::max(f.pixelSize() * 2 / 3, int(f.pixelSize() * rect.width() * 0.98 / width)));
    m_painter.setFont(fitted);
    m_painter.setPen(m_style.foreground());
    const double h = QFontMetricsF(f).height() * 1.4;
    m_painter.drawText(
        QRectF(rect.left(), rect.top(), rect.width(), h), Qt::AlignCenter,
        QFontMetricsF(fitted).elidedText(m_style.title, Qt::ElideRight, rect.width()));
    return rect.adjusted(0, h, 0, 0);
}

void FigurePainter::figure(const QRectF &rect)
{
    setUnitFor(rect.width(), rect.height() * 1.4, 1000.0);
    m_unitFixed = true;
    const QRectF inner = titled(rect.adjusted(pt(16), pt(12), -pt(16), -pt(12)));
    const QFont captionFont = font(19);
    const double captionHeight = QFontMetricsF(captionFont).height() * 1.6;
    const QString text = caption(*m_data);
    const double split = inner.height() - captionHeight;
    const QRectF top(inner.left(), inner.top(), inner.width(), split * 0.6);
    const QRectF bottom(inner.left(), top.bottom() + pt(10), inner.width(), split * 0.4 - pt(10));
    heatmap(top, Quantity::Weights);
    entropyBars(bottom);
    m_painter.setFont(font(19));
    m_painter.setPen(m_style.muted());
    m_painter.drawText(
        QRectF(inner.left(), inner.bottom() - captionHeight, inner.width(), captionHeight),
        Qt::AlignCenter, text);
}

int FigurePainter::labelStepFor(int count)
{
    return labelStep(count);
}

} // namespace AttentionLab
