// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/views/plottheme.h"

#include <qcustomplot.h>

#include <algorithm>

namespace AttentionLab::PlotTheme {

namespace {

void styleAxis(QCPAxis *axis, const QColor &fg, double scale)
{
    const QPen pen(fg, scale);
    axis->setBasePen(pen);
    axis->setTickPen(pen);
    axis->setSubTickPen(pen);
    axis->setTickLabelColor(fg);
    axis->setLabelColor(fg);
    QFont ticks = axis->tickLabelFont();
    ticks.setPointSizeF(10.0 * scale);
    axis->setTickLabelFont(ticks);
    QFont label = axis->labelFont();
    label.setPointSizeF(11.0 * scale);
    label.setBold(scale > 1.0);
    axis->setLabelFont(label);
    axis->grid()->setPen(QPen(QColor(fg.red(), fg.green(), fg.blue(), 60), scale, Qt::DotLine));
}

/// As many ticks on \a axis as its labels have room for, at most QCustomPlot's
/// default five: presentation mode's large labels otherwise print over each
/// other ("00.511.522.533.5" under the entropy bars at 1280 x 720).
void fitTickCount(QCPAxis *axis)
{
    if (!axis->visible() || !axis->tickLabels() || !axis->axisRect())
        return;
    if (axis->ticker().dynamicCast<QCPAxisTickerText>())
        return; // labels of their own, one per row
    const QFontMetricsF metrics(axis->tickLabelFont());
    const bool horizontal = axis->orientation() == Qt::Horizontal;
    double label =
        horizontal ? metrics.horizontalAdvance(QStringLiteral("0.00")) : 2.0 * metrics.height();
    if (horizontal)
        for (const QString &text : axis->tickVectorLabels())
            label = std::max(label, metrics.horizontalAdvance(text));
    const double room = horizontal ? axis->axisRect()->width() : axis->axisRect()->height();
    const double gap = horizontal ? metrics.horizontalAdvance(QStringLiteral("000")) : 0.0;
    // A tick step can come out denser than asked for: ask for fewer.
    const int count = std::clamp(int(room / (label + gap) / 1.5), 2, 5);
    if (axis->ticker()->tickCount() != count)
        axis->ticker()->setTickCount(count);
}

} // namespace

void fitTickCounts(QCustomPlot *plot)
{
    for (QCPAxisRect *rect : plot->axisRects())
        for (QCPAxis *axis : rect->axes())
            fitTickCount(axis);
}

void apply(QCustomPlot *plot, bool dark, double scale)
{
    // Once per plot: the tick counts follow the axes' lengths at every replot.
    if (!plot->property("attentionlab.fitsTicks").toBool()) {
        plot->setProperty("attentionlab.fitsTicks", true);
        QObject::connect(plot, &QCustomPlot::beforeReplot, plot, [plot] { fitTickCounts(plot); });
    }
    const QColor fg = dark ? QColor(0xee, 0xee, 0xee) : QColor(0x20, 0x20, 0x20);
    const QColor bg = dark ? QColor(0x1e, 0x1e, 0x1e) : Qt::white;
    plot->setBackground(bg);
    for (QCPAxisRect *rect : plot->axisRects()) {
        for (QCPAxis *axis : rect->axes())
            styleAxis(axis, fg, scale);
    }
    for (int i = 0; i < plot->plotLayout()->elementCount(); ++i) {
        if (auto *scaleElement = qobject_cast<QCPColorScale *>(plot->plotLayout()->elementAt(i)))
            styleAxis(scaleElement->axis(), fg, scale);
    }
    plot->replot(QCustomPlot::rpQueuedReplot);
}

} // namespace AttentionLab::PlotTheme
