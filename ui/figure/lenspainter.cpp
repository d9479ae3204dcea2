// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/figure/lenspainter.h"

#include "ui/figure/colormaps.h"

#include <QFontMetricsF>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace AttentionLab {

std::pair<int, int> LensLayout::cellAt(const QPointF &point) const
{
    if (!grid.contains(point) || cellWidth <= 0.0 || cellHeight <= 0.0)
        return {-1, -1};
    const int position = std::clamp(int((point.x() - grid.left()) / cellWidth), 0, positions - 1);
    const int row = std::clamp(int((point.y() - grid.top()) / cellHeight), 0, layers - 1);
    return {layers - 1 - row, position};
}

void paintLensLegend(QPainter &painter, const QRectF &rect, const QFont &font,
                     const FigureStyle &style)
{
    const QFontMetricsF metrics(font);
    const QString title = QStringLiteral("probability of the token shown:");
    const QString low = QStringLiteral("0"), high = QStringLiteral("1");
    const double gap = metrics.horizontalAdvance(QLatin1Char(' ')) * 1.5;
    const double barWidth =
        std::min(rect.width() * 0.3, metrics.horizontalAdvance(QLatin1Char('0')) * 24);
    const double barHeight = metrics.height() * 0.7;
    const double width = metrics.horizontalAdvance(title) + 2 * gap +
                         metrics.horizontalAdvance(low) + barWidth +
                         metrics.horizontalAdvance(high) + gap;
    double x = rect.right() - width;
    const double y = rect.top() + (rect.height() - metrics.height()) / 2;
    painter.setFont(font);
    painter.setPen(style.foreground());
    auto word = [&](const QString &text) {
        const double w = metrics.horizontalAdvance(text);
        painter.drawText(QRectF(x, y, w + 1, metrics.height()), Qt::AlignLeft | Qt::AlignVCenter,
                         text);
        x += w;
    };
    word(title);
    x += gap;
    word(low);
    x += gap / 2;
    const QRectF bar(x, y + (metrics.height() - barHeight) / 2, barWidth, barHeight);
    constexpr int slices = 32;
    for (int k = 0; k < slices; ++k)
        painter.fillRect(QRectF(bar.left() + k * bar.width() / slices, bar.top(),
                                bar.width() / slices + 0.5, bar.height()),
                         ColorMaps::colorAt(style.colorMap, (k + 0.5) / slices));
    painter.setPen(style.muted());
    painter.drawRect(bar);
    painter.setPen(style.foreground());
    x += barWidth + gap / 2;
    word(high);
}

LensLayout paintLogitLens(QPainter &painter, const QRectF &rect, const LensFigure &figure,
                          const FigureStyle &style)
{
    LensLayout layout;
    painter.save();
    if (!style.transparent)
        painter.fillRect(rect, style.background());
    const LogitLens *lens = figure.lens;
    QFont font = painter.font();
    font.setPointSizeF(std::max(6.0, font.pointSizeF() * style.fontScale));
    QFont bold = font;
    bold.setBold(true);
    const QFontMetricsF metrics(font);
    painter.setFont(bold);
    painter.setPen(style.foreground());
    const double line = metrics.height() * 1.3;
    double top = rect.top();
    if (!figure.title.isEmpty()) {
        painter.drawText(
            QRectF(rect.left(), top, rect.width(), line), Qt::AlignCenter,
            QFontMetricsF(bold).elidedText(figure.title, Qt::ElideRight, rect.width()));
        top += line;
    }
    if (!lens || lens->layers == 0 || lens->positions == 0) {
        painter.restore();
        return layout;
    }
    const double rowLabels = metrics.horizontalAdvance(QStringLiteral("layer 00")) + 12.0;
    const double columnLabels = line * 1.2;
    // A legend under the inputs: what the colours say, from p = 0 to 1.
    const double legend = line * 1.2;
    layout.layers = lens->layers;
    layout.positions = lens->positions;
    layout.grid = QRectF(rect.left() + rowLabels, top, rect.width() - rowLabels,
                         rect.bottom() - top - columnLabels - legend);
    layout.cellWidth = layout.grid.width() / lens->positions;
    layout.cellHeight = layout.grid.height() / lens->layers;
    painter.setFont(font);
    for (int l = 0; l < lens->layers; ++l) {
        const double y = layout.grid.top() + (lens->layers - 1 - l) * layout.cellHeight;
        painter.setPen(style.foreground());
        painter.drawText(QRectF(rect.left(), y, rowLabels - 8.0, layout.cellHeight),
                         Qt::AlignRight | Qt::AlignVCenter,
                         l == lens->layers - 1 ? QStringLiteral("output")
                                               : QStringLiteral("layer %1").arg(l));
        for (int i = 0; i < lens->positions; ++i) {
            const QRectF cell(layout.grid.left() + i * layout.cellWidth, y, layout.cellWidth,
                              layout.cellHeight);
            const std::vector<TokenProbability> &top1 = lens->at(l, i);
            const double p = top1.empty() ? 0.0 : top1.front().p;
            const QColor fill = ColorMaps::colorAt(style.colorMap, std::clamp(p, 0.0, 1.0));
            painter.fillRect(cell, fill);
            if (top1.empty() || cell.height() < metrics.height() * 0.8)
                continue;
            painter.setPen(ColorMaps::textColorOn(fill));
            const QString text =
                figure.token ? figure.token(top1.front().id) : QString::number(top1.front().id);
            painter.drawText(cell.adjusted(2, 0, -2, 0), Qt::AlignCenter,
                             metrics.elidedText(text, Qt::ElideRight, cell.width() - 4));
        }
    }
    // The inputs under their columns: the lens at column i guesses the token after input i.
    painter.setPen(style.foreground());
    const double step = std::max(1.0, std::ceil(metrics.averageCharWidth() * 6 / layout.cellWidth));
    for (int i = 0; i < lens->positions; i += int(step)) {
        const QRectF cell(layout.grid.left() + i * layout.cellWidth, layout.grid.bottom() + 2,
                          layout.cellWidth * step, columnLabels);
        painter.drawText(cell, Qt::AlignLeft | Qt::AlignTop,
                         metrics.elidedText(figure.inputs.value(i), Qt::ElideRight, cell.width()));
    }
    painter.setPen(style.muted());
    painter.drawRect(layout.grid);
    paintLensLegend(painter,
                    QRectF(layout.grid.left(), layout.grid.bottom() + columnLabels,
                           layout.grid.width(), legend),
                    font, style);
    painter.restore();
    return layout;
}

} // namespace AttentionLab
