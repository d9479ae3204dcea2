// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/figure/matrixheatmappainter.h"

#include "ui/figure/labelstride.h"
#include "ui/figure/matrixpainter.h"

#include <QFontMetricsF>
#include <QImage>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace AttentionLab {

namespace {

constexpr int kMaxLabels = FigurePainter::kMaxAxisLabels;

/// At most kMaxLabels labels of \a count.
int labelStep(int count)
{
    return labelStride(count, 0.0, 0.0, kMaxLabels);
}

} // namespace

/// Where a matrix heatmap's parts go, measured once by layout().
struct MatrixHeatmapPainter::Layout
{
    QRectF rect; ///< the whole panel
    int m = 0, n = 0;
    double lo = 0.0, hi = 1.0; ///< the colour scale, made a valid range
    QFont labelFont, titleFont;
    double labelHeight = 0.0;
    double colLabelWidth = 0.0;
    double noteWidth = 0.0;
    double axisTitle = 0.0;
    double colorBarWidth = 0.0;
    double colorBarLabels = 0.0;
    double left = 0.0; ///< where the grid starts, right of the row labels
    QRectF grid;
    double cellWidth = 0.0, cellHeight = 0.0;
    bool rotate = false; ///< column labels at 45 degrees, when they would overlap

    MatrixPainter::Grid cells() const { return {grid.topLeft(), QSizeF(cellWidth, cellHeight)}; }
    /// A value's place on the colour map: NaN masked, +-inf either end.
    double position(double value) const { return (value - lo) / (hi - lo); }
};

MatrixHeatmapPainter::MatrixHeatmapPainter(FigurePainter &base,
                                           const FigurePainter::MatrixHeatmap &spec)
    : m_base(base), m_spec(spec)
{
}

HeatmapStyle MatrixHeatmapPainter::heatmapStyle(const FigurePainter &base,
                                                const FigurePainter::MatrixHeatmap &spec)
{
    HeatmapStyle style;
    style.colorMap = base.style().colorMap;
    style.foreground = base.style().foreground();
    style.frame = style.foreground;
    style.font = base.font(19);
    style.numbers = base.style().numbers && spec.numbers;
    style.largestNumber = base.pt(26);
    style.smallestNumber = spec.minNumberSize;
    style.lineWidth = std::max(1.0, base.pt(1));
    return style;
}

QRectF MatrixHeatmapPainter::paint(const QRectF &rect)
{
    m_base.setUnitFor(rect.width(), rect.height() * 1.4, 900.0);
    m_style = heatmapStyle(m_base, m_spec);
    const Layout l = layout(rect);
    if (!m_spec.title.isEmpty())
        drawTitle(l);
    drawCells(l);
    // Numbers in the cells, while they fit (CellNumberFormat::fit).
    MatrixPainter(m_base.painter(), m_style)
        .numbers(l.cells(), QRect(0, 0, l.n, l.m), m_spec.value,
                 [&](int i, int j) { return l.position(m_spec.value(i, j)); });
    drawLabels(l);
    if (m_spec.colorBar)
        drawColorBar(l);
    return l.grid;
}

MatrixHeatmapPainter::Layout MatrixHeatmapPainter::layout(const QRectF &rect) const
{
    const FigurePainter &b = m_base;
    const auto &spec = m_spec;
    Layout l;
    l.rect = rect;
    l.m = spec.rows;
    l.n = spec.cols;
    l.lo = spec.lo;
    l.hi = spec.hi;
    if (!std::isfinite(l.lo) || !std::isfinite(l.hi) || !(l.hi > l.lo)) {
        l.lo = std::isfinite(l.lo) ? l.lo - 1.0 : 0.0;
        l.hi = l.lo + 2.0;
    }
    l.labelFont = m_style.font;
    l.titleFont = b.font(19, true);
    const QFontMetricsF labelMetrics(l.labelFont);
    l.labelHeight = labelMetrics.height();
    double rowLabelWidth = 0.0;
    for (int i = 0; i < l.m; i += labelStep(l.m))
        rowLabelWidth =
            std::max(rowLabelWidth,
                     labelMetrics.horizontalAdvance(FigurePainter::axisLabel(spec.rowLabel(i))));
    for (int j = 0; j < l.n; j += labelStep(l.n))
        l.colLabelWidth =
            std::max(l.colLabelWidth,
                     labelMetrics.horizontalAdvance(FigurePainter::axisLabel(spec.colLabel(j))));
    for (const QString &note : spec.rowNotes)
        l.noteWidth = std::max(l.noteWidth, labelMetrics.horizontalAdvance(note) + b.pt(12));

    l.axisTitle = QFontMetricsF(l.titleFont).height() + b.pt(6);
    const double headerHeight = spec.title.isEmpty() ? 0.0 : l.axisTitle + b.pt(4);
    l.colorBarWidth = spec.colorBar ? b.pt(22) : 0.0;
    // The colour bar's labels take the room of the widest of them, not of a
    // guess ("-0.000" took twice the room of "0.8": a hall's cells need it).
    if (spec.colorBar)
        l.colorBarLabels = MatrixPainter::colorBarLabelWidth(l.lo, l.hi, l.labelFont) + b.pt(8);
    l.left = rect.left() + l.axisTitle + rowLabelWidth + b.pt(10);
    const double right =
        rect.right() - l.noteWidth -
        (spec.colorBar ? l.colorBarWidth + l.colorBarLabels + l.axisTitle + b.pt(16) : b.pt(4));
    const double gridWidth = std::max(10.0, right - l.left);
    l.cellWidth = gridWidth / l.n;
    l.rotate = l.colLabelWidth > l.cellWidth * labelStep(l.n) * 0.92;
    const double colLabelHeight = l.rotate ? l.colLabelWidth * 0.72 + l.labelHeight : l.labelHeight;
    const double columnsRoom = l.axisTitle + colLabelHeight + b.pt(10);
    const double top =
        rect.top() + b.pt(8) + headerHeight + (spec.colLabelsOnTop ? columnsRoom : 0);
    const double bottom = rect.bottom() - (spec.colLabelsOnTop ? b.pt(10) : columnsRoom);
    l.grid = QRectF(l.left, top, gridWidth, std::max(10.0, bottom - top));
    l.cellHeight = l.grid.height() / l.m;
    return l;
}

void MatrixHeatmapPainter::drawTitle(const Layout &l)
{
    // A title wider than its panel (small multiples) shrinks to fit.
    QFont fitted = l.titleFont;
    const double titleWidth = QFontMetricsF(l.titleFont).horizontalAdvance(m_spec.title);
    if (titleWidth > l.rect.width() * 0.98)
        fitted.setPixelSize(
            std::max(6, int(l.titleFont.pixelSize() * l.rect.width() * 0.98 / titleWidth)));
    MatrixPainter(m_base.painter(), m_style)
        .label(QRectF(l.rect.left(), l.rect.top() + m_base.pt(4), l.rect.width(), l.axisTitle),
               Qt::AlignCenter, m_spec.title, fitted);
}

void MatrixHeatmapPainter::drawCells(const Layout &l)
{
    // One filled rectangle each while there are no more cells than pixels;
    // above that, an image with one pixel per device pixel, each the colour
    // of the cell under its centre, so a drawing never holds more than its
    // pixels (in SVG and PDF the image is embedded).
    MatrixPainter cells(m_base.painter(), m_style);
    const QSize devicePixels = m_base.devicePixelsOf(l.grid);
    if (!FigurePainter::drawsCellsAsImage(l.m, l.n, devicePixels)) {
        cells.cellRects(l.cells(), QRect(0, 0, l.n, l.m),
                        [&](int i, int j) { return l.position(m_spec.value(i, j)); });
        return;
    }
    const int w = int(std::min<qint64>(l.n, devicePixels.width()));
    const int h = int(std::min<qint64>(l.m, devicePixels.height()));
    QImage image;
    if (m_spec.cellImage) {
        image = m_spec.cellImage(QSize(w, h));
    } else {
        image = QImage(w, h, QImage::Format_ARGB32);
        for (int y = 0; y < h; ++y) {
            auto *line = reinterpret_cast<QRgb *>(image.scanLine(y));
            const int i = int((double(y) + 0.5) * l.m / h);
            for (int x = 0; x < w; ++x)
                line[x] =
                    m_style.cellColor(l.position(m_spec.value(i, int((double(x) + 0.5) * l.n / w))))
                        .rgba();
        }
    }
    cells.cellImage(l.grid, image);
}

void MatrixHeatmapPainter::drawLabels(const Layout &l)
{
    // Labels, notes and axis titles: every k-th label, where k also leaves
    // each label a line of its own (a 45-degree label needs about 1.3 lines
    // of width).
    MatrixPainter p(m_base.painter(), m_style);
    const QRectF &grid = l.grid;
    const int rowStep = labelStride(l.m, l.labelHeight, grid.height(), kMaxLabels);
    const int colStep =
        l.rotate ? labelStride(l.n, l.labelHeight * 1.3, grid.width(), kMaxLabels) : labelStep(l.n);
    for (int i = 0; i < l.m; i += rowStep) {
        // At least a line tall, centred on its row: rows thinner than the text
        // (hundreds of tokens) would otherwise clip it to dots.
        const double rowHeight = std::max(l.cellHeight, l.labelHeight);
        const QRectF row(l.rect.left(), grid.top() + (i + 0.5) * l.cellHeight - rowHeight / 2,
                         l.left - l.rect.left() - m_base.pt(8), rowHeight);
        p.label(row, Qt::AlignRight | Qt::AlignVCenter,
                FigurePainter::axisLabel(m_spec.rowLabel(i)), l.labelFont);
    }
    for (int i = 0; i < l.m && i < m_spec.rowNotes.size(); ++i)
        p.label(QRectF(grid.right() + m_base.pt(10), grid.top() + i * l.cellHeight, l.noteWidth,
                       l.cellHeight),
                Qt::AlignLeft | Qt::AlignVCenter, m_spec.rowNotes[i], l.labelFont);
    for (int j = 0; j < l.n; j += colStep) {
        const double x = grid.left() + (j + 0.5) * l.cellWidth;
        const QString text = FigurePainter::axisLabel(m_spec.colLabel(j));
        if (m_spec.colLabelsOnTop && l.rotate)
            // Rising to the right from the top of its column.
            p.label(QPointF(x, grid.top() - m_base.pt(6)), -45,
                    QRectF(m_base.pt(4), -l.labelHeight / 2, l.colLabelWidth, l.labelHeight),
                    Qt::AlignLeft | Qt::AlignVCenter, text, l.labelFont);
        else if (m_spec.colLabelsOnTop)
            p.label(QRectF(x - l.cellWidth * colStep / 2, grid.top() - m_base.pt(4) - l.labelHeight,
                           l.cellWidth * colStep, l.labelHeight),
                    Qt::AlignHCenter | Qt::AlignBottom, text, l.labelFont);
        else if (l.rotate)
            p.label(QPointF(x, grid.bottom() + m_base.pt(6)), -45,
                    QRectF(-l.colLabelWidth - m_base.pt(4), -l.labelHeight / 2, l.colLabelWidth,
                           l.labelHeight),
                    Qt::AlignRight | Qt::AlignVCenter, text, l.labelFont);
        else
            p.label(QRectF(x - l.cellWidth * colStep / 2, grid.bottom() + m_base.pt(4),
                           l.cellWidth * colStep, l.labelHeight),
                    Qt::AlignHCenter | Qt::AlignTop, text, l.labelFont);
    }
    const double titleTop = m_spec.colLabelsOnTop
                                ? l.rect.top() + m_base.pt(8) +
                                      (m_spec.title.isEmpty() ? 0.0 : l.axisTitle + m_base.pt(4))
                                : l.rect.bottom() - l.axisTitle;
    p.label(QRectF(grid.left(), titleTop, grid.width(), l.axisTitle), Qt::AlignCenter,
            m_spec.colTitle, l.titleFont);
    p.label(QPointF(l.rect.left(), grid.center().y()), -90,
            QRectF(-grid.height() / 2, 0, grid.height(), l.axisTitle), Qt::AlignCenter,
            m_spec.rowTitle, l.titleFont);
}

void MatrixHeatmapPainter::drawColorBar(const Layout &l)
{
    MatrixPainter::ColorBar bar;
    bar.bar = QRectF(l.grid.right() + l.noteWidth + m_base.pt(16), l.grid.top(), l.colorBarWidth,
                     l.grid.height());
    bar.lo = l.lo;
    bar.hi = l.hi;
    bar.title = m_spec.scaleTitle;
    bar.titleFont = l.titleFont;
    bar.tickLength = m_base.pt(5);
    bar.labelGap = m_base.pt(8);
    bar.labelWidth = l.colorBarLabels;
    bar.titleHeight = l.axisTitle;
    MatrixPainter(m_base.painter(), m_style).colorBar(bar);
}

} // namespace AttentionLab
