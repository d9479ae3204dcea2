// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/views/plottheme.h"

#include <qcustomplot.h>

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

} // namespace

void apply(QCustomPlot *plot, bool dark, double scale)
{
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
