// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/figure/tensorgridfigure.h"

#include "core/support/counttext.h"
#include "ui/figure/attentionimage.h"
#include "ui/figure/figureheading.h"
#include "ui/figure/figurepainter.h"
#include "ui/figure/headgridstyle.h"

#include <QFontMetricsF>
#include <QImage>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace AttentionLab {

namespace {

/// The widest "layer N" label: a file's own numbers need not rise.
double widestLayerLabel(const QFontMetricsF &metrics, const AttentionTensor &t)
{
    double widest = 0.0;
    for (int l = 0; l < t.layers(); ++l)
        widest = std::max(
            widest, metrics.horizontalAdvance(QStringLiteral("layer %1").arg(t.layerNumber(l))));
    return widest;
}

} // namespace

double layoutTensorGrid(QPainter &painter, const QRectF &rect, const TensorFigureData &d,
                        const FigureStyle &style, bool draw)
{
    const AttentionTensor &t = d.tensor;
    FigurePainter base(painter, style);
    base.setUnitFor(rect.width(), rect.height() * 1.4, 1000.0);
    base.fixUnit();
    const int L = t.layers(), H = t.heads();
    const bool scored = d.scores.size() == static_cast<size_t>(L) * H;
    const QString scoreName = QString::fromStdString(headScoreTitle(d.scoreKind));
    const QRectF inner = FigureHeading::headed(
        base, rect.adjusted(base.pt(16), base.pt(12), -base.pt(16), -base.pt(12)),
        QStringLiteral("%1 × %2, %3 × %4")
            .arg(QString::fromStdString(countText(L, "layer")),
                 QString::fromStdString(countText(H, "head")),
                 QString::fromStdString(countText(t.queries(), "query", "queries")),
                 QString::fromStdString(countText(t.keys(), "key"))),
        QStringLiteral("each head's weights from 0 to 1 (a pixel shows the largest weight it "
                       "covers); under it layer.head and its %1%2")
            .arg(scoreName, d.sorted ? QStringLiteral(", highest first") : QString()));
    const std::vector<int> order =
        HeadGridStyle::displayOrder(d.scores, L * H, d.scoreKind, d.sorted && scored);
    const int rows = (int(order.size()) + H - 1) / H;
    const bool grouped = t.keyValueHeads() < H;
    const bool dark = style.theme == FigureStyle::Theme::Dark;

    // Text scaled to the cells, so a 12 x 12 grid and a 2 x 2 one both read;
    // the legend at the bottom in the same size.
    const double guess = std::min(inner.width() / (H + 1), inner.height() / (rows + 1));
    QFont labelFont = base.font(19);
    labelFont.setPixelSize(
        int(std::clamp(guess * 0.1 * style.fontScale, 8.0, 26.0 * style.fontScale)));
    QFont legendFont = labelFont;
    legendFont.setPixelSize(std::max(labelFont.pixelSize(), base.font(15).pixelSize()));
    QFont headerFont = labelFont;
    headerFont.setBold(true);
    const QFontMetricsF metrics(headerFont);
    // Sorted, a row holds heads of any layer: no layer or head headers then.
    const double headerWidth = d.sorted ? 0.0 : widestLayerLabel(metrics, t) + base.pt(10);
    const double headerHeight = d.sorted ? 0.0 : metrics.height() * 1.4;
    const double legendHeight = scored ? HeadGridStyle::legendHeight(legendFont) + base.pt(8) : 0.0;
    const double cellWidth = (inner.width() - headerWidth) / H;
    const double textHeight = QFontMetricsF(labelFont).height() * 1.15;
    const double frame = std::max(2.0, base.pt(3));
    const double barHeight = grouped ? std::max(3.0, base.pt(5)) : 0.0;
    const double available = inner.height() - headerHeight - legendHeight;
    // The square each head gets (a cross-attention's rectangle, side wide
    // and tall by its aspect, as the Model tab's grid): what both the width
    // and the height allow.
    const bool cross = !t.queryTokens().empty() && t.queryTokens() != t.tokens();
    const double aspect = HeadGridStyle::thumbnailAspect(t.queries(), t.keys(), cross);
    // The padding of the smaller of a cell's width and a row's height: a
    // column's width would pad short rows out of their height.
    double pad = std::max(1.0, std::min(cellWidth, available / rows) * 0.05);
    double side =
        std::min(cellWidth - 2 * pad - 2 * frame,
                 (available / rows - textHeight - barHeight - 2 * pad - 2 * frame) / aspect);
    // Measured for a default size, a tile no wider than 0.3 of the page: a
    // grid of few heads would otherwise ask for tiles a page wide.
    if (!draw)
        side = std::min(side, 0.3 * rect.width());
    side = std::max(2.0, side);
    pad = std::max(1.0, std::min(pad, side * 0.08));
    const double cellHeight = side * aspect + 2 * frame + 2 * pad + textHeight + barHeight;
    const double blockWidth = headerWidth + H * (side + 2 * frame + 2 * pad);
    const double blockHeight = headerHeight + rows * cellHeight;
    // The block centred in what it leaves free: the spare room is outside it.
    const double left = inner.left() + std::max(0.0, (inner.width() - blockWidth) / 2);
    // Measured (not drawn), the block's own extent: not centred in a page
    // that may be far taller than it needs.
    const double top =
        inner.top() + (draw ? std::max(0.0, (available + headerHeight - blockHeight) / 2) : 0.0);
    const double column = side + 2 * frame + 2 * pad;
    const double used = top + blockHeight + legendHeight - rect.top() + base.pt(12);
    if (!draw)
        return used;

    painter.setPen(style.foreground());
    painter.setFont(headerFont);
    if (!d.sorted) {
        for (int h = 0; h < H; ++h)
            painter.drawText(QRectF(left + headerWidth + h * column, top, column, headerHeight),
                             Qt::AlignCenter, QStringLiteral("head %1").arg(t.headNumber(h)));
        for (int l = 0; l < L; ++l)
            painter.drawText(QRectF(inner.left(), top + headerHeight + l * cellHeight,
                                    left - inner.left() + headerWidth - base.pt(8),
                                    side * aspect + 2 * frame + 2 * pad),
                             Qt::AlignRight | Qt::AlignVCenter,
                             QStringLiteral("layer %1").arg(t.layerNumber(l)));
    }
    const HeadGridStyle::ScoreSpan span =
        scored ? HeadGridStyle::scoreSpan(d.scores, d.scoreKind) : HeadGridStyle::ScoreSpan{};
    for (int p = 0; p < int(order.size()); ++p) {
        const int index = order[size_t(p)];
        const int l = index / H, h = index % H;
        const double x = left + headerWidth + (p % H) * column;
        const double y = top + headerHeight + (p / H) * cellHeight;
        const QRectF thumb(x + pad + frame, y + pad + frame, side, side * aspect);
        const double value = scored ? d.scores[size_t(index)].value(d.scoreKind) : std::nan("");
        if (scored)
            painter.fillRect(thumb.adjusted(-frame, -frame, frame, frame),
                             HeadGridStyle::frameColor(span.position(value), dark));
        const QSize pixels = base.devicePixelsOf(thumb);
        QImage image =
            attentionImage(t.headData(l, h), t.keys(), QRect(0, 0, t.keys(), t.queries()), pixels,
                           style.colorMap, 0.0, 1.0, t.visibilityOf(l));
        // A short head has a pixel a cell: blown up here, cell by cell,
        // since PDF and SVG viewers would smooth it into a blur.
        if (image.width() < pixels.width() || image.height() < pixels.height())
            image = image.scaled(pixels, Qt::IgnoreAspectRatio, Qt::FastTransformation);
        painter.save();
        painter.setRenderHint(QPainter::SmoothPixmapTransform, false);
        painter.drawImage(thumb, image);
        painter.restore();
        QString text = QString::fromStdString(t.headName(l, h));
        if (scored)
            text += QStringLiteral(" · %1").arg(HeadGridStyle::scoreText(value));
        painter.setFont(labelFont);
        painter.setPen(style.foreground());
        const double textTop = thumb.bottom() + frame + pad * 0.5;
        painter.drawText(QRectF(x, textTop, column, textHeight), Qt::AlignHCenter | Qt::AlignTop,
                         QFontMetricsF(labelFont).elidedText(text, Qt::ElideRight, column));
        if (grouped) {
            // Heads that share a key/value head stand on one bar, as on the
            // Model tab: joined across a layer's row, each its own when sorted.
            const int group = t.keyValueHeadOf(h);
            const auto [first, last] = t.queryHeadsOf(group);
            const bool joined = !d.sorted;
            const double barLeft = joined && h != first ? x : thumb.left() - frame;
            const double barRight = joined && h != last ? x + column : thumb.right() + frame;
            painter.fillRect(
                QRectF(barLeft, textTop + textHeight, barRight - barLeft, barHeight * 0.8),
                HeadGridStyle::groupColor(group));
        }
    }
    if (scored)
        HeadGridStyle::paintLegend(painter,
                                   QRectF(inner.left(), top + blockHeight + base.pt(8),
                                          inner.width(), legendHeight - base.pt(8)),
                                   legendFont, d.scoreKind, span, dark, grouped,
                                   style.foreground());
    return used;
}

void paintTensorGrid(QPainter &painter, const QRectF &rect, const TensorFigureData &d,
                     const FigureStyle &style)
{
    if (d.tensor.isEmpty())
        return FigureHeading::message(painter, rect, style,
                                      QStringLiteral("The attention tensor is empty."));
    layoutTensorGrid(painter, rect, d, style, true);
}

} // namespace AttentionLab
