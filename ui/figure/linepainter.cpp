// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/figure/linepainter.h"

#include "ui/figure/labelstride.h"

#include "core/maths/cellvalue.h"
#include "ui/figure/figurepainter.h"

#include <QFontMetricsF>
#include <QImage>
#include <QPaintEngine>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

namespace AttentionLab {

LineDiagram LineDiagram::fromMatrix(const FloatMatrix &weights, const QStringList &rowLabels,
                                    const QStringList &colLabels)
{
    LineDiagram d;
    d.rows = int(weights.rows());
    d.cols = int(weights.cols());
    d.value = [&weights](int i, int j) { return double(weights(i, j)); };
    d.rowLabel = [&rowLabels](int i) {
        return i < rowLabels.size() ? rowLabels[i] : QString::number(i);
    };
    d.colLabel = [&colLabels](int j) {
        return j < colLabels.size() ? colLabels[j] : QString::number(j);
    };
    return d;
}

FloatMatrix sessionWeights(const AttentionResult &result)
{
    FloatMatrix out(result.queryCount(), result.keyCount());
    for (Index i = 0; i < out.rows(); ++i)
        for (Index j = 0; j < out.cols(); ++j)
            out(i, j) = float(cellValue(result, CellQuantity::Weights, i, j));
    return out;
}

LineToken LineGeometry::tokenAt(const QPointF &point) const
{
    if (rows <= 0 || cols <= 0 || !bounds.contains(point) || point.y() < top ||
        point.y() >= top + height)
        return {};
    const bool left = point.x() < (leftX + rightX) / 2;
    const int count = left ? rows : cols;
    const int index = std::clamp(int((point.y() - top) / height * count), 0, count - 1);
    return {left ? LineToken::Side::Query : LineToken::Side::Key, index};
}

int LinePainter::labelStep(int count, double height, double lineHeight)
{
    return labelStride(count, lineHeight * 1.05, height, FigurePainter::kMaxAxisLabels);
}

QImage LinePainter::lineImage(const std::array<QList<QLineF>, kOpacityLevels> &lines,
                              const QRectF &band, const QColor &color, const QSize &pixels)
{
    const int w = pixels.width(), h = pixels.height();
    std::vector<float> alpha(size_t(w) * size_t(h), 0.0f);
    const double sx = w / band.width(), sy = h / band.height();
    // Source over: each line covers what is under it by its opacity.
    auto blend = [&](int x, int y, float a) {
        if (x < 0 || x >= w || y < 0 || y >= h)
            return;
        float &dst = alpha[size_t(y) * size_t(w) + size_t(x)];
        dst += a * (1.0f - dst);
    };
    for (int level = 0; level < kOpacityLevels; ++level) {
        const float a = float(level + 1) / kOpacityLevels;
        for (const QLineF &line : lines[size_t(level)]) {
            const double x0 = (line.x1() - band.left()) * sx, y0 = (line.y1() - band.top()) * sy;
            const double x1 = (line.x2() - band.left()) * sx, y1 = (line.y2() - band.top()) * sy;
            // One step a pixel along the longer axis, the coverage split
            // between the two pixels across it (Wu's antialiasing).
            if (std::abs(x1 - x0) >= std::abs(y1 - y0)) {
                const int from = int(std::floor(std::min(x0, x1)));
                const int to = int(std::ceil(std::max(x0, x1)));
                const double slope = (y1 - y0) / (x1 - x0);
                for (int x = from; x < to; ++x) {
                    const double y = y0 + (x + 0.5 - x0) * slope - 0.5;
                    const int yi = int(std::floor(y));
                    const float f = float(y - yi);
                    blend(x, yi, a * (1.0f - f));
                    blend(x, yi + 1, a * f);
                }
            } else {
                const int from = int(std::floor(std::min(y0, y1)));
                const int to = int(std::ceil(std::max(y0, y1)));
                const double slope = (x1 - x0) / (y1 - y0);
                for (int y = from; y < to; ++y) {
                    const double x = x0 + (y + 0.5 - y0) * slope - 0.5;
                    const int xi = int(std::floor(x));
                    const float f = float(x - xi);
                    blend(xi, y, a * (1.0f - f));
                    blend(xi + 1, y, a * f);
                }
            }
        }
    }
    QImage image(w, h, QImage::Format_ARGB32_Premultiplied);
    for (int y = 0; y < h; ++y) {
        auto *row = reinterpret_cast<QRgb *>(image.scanLine(y));
        for (int x = 0; x < w; ++x) {
            const float a = alpha[size_t(y) * size_t(w) + size_t(x)];
            row[x] = qRgba(int(color.red() * a + 0.5f), int(color.green() * a + 0.5f),
                           int(color.blue() * a + 0.5f), int(255 * a + 0.5f));
        }
    }
    return image;
}

LinePainter::LinePainter(QPainter &painter, const FigureStyle &style)
    : m_painter(painter), m_style(style)
{
}

LineGeometry LinePainter::paint(const QRectF &rect, const LineDiagram &d)
{
    FigurePainter base(m_painter, m_style);
    base.setUnitFor(rect.width(), rect.height() * 1.4, 900.0);
    const QFont labelFont = base.font(19);
    const QFont strongFont = base.font(19, true);
    const QFont titleFont = base.font(19, true);
    const QFontMetricsF metrics(labelFont);
    const double titleHeight = QFontMetricsF(titleFont).height() + base.pt(6);

    LineGeometry g;
    g.rows = d.rows;
    g.cols = d.cols;
    double y = rect.top() + base.pt(4);
    if (!d.title.isEmpty()) {
        m_painter.setFont(titleFont);
        m_painter.setPen(m_style.foreground());
        m_painter.drawText(QRectF(rect.left(), y, rect.width(), titleHeight), Qt::AlignCenter,
                           d.title);
        y += titleHeight;
    }
    const double headerTop = y;
    g.top = headerTop + titleHeight + base.pt(4);
    g.height = std::max(10.0, rect.bottom() - base.pt(8) - g.top);
    if (d.rows <= 0 || d.cols <= 0) {
        m_painter.setFont(labelFont);
        m_painter.setPen(m_style.muted());
        m_painter.drawText(rect, Qt::AlignCenter, QStringLiteral("no tokens"));
        g.rows = g.cols = 0;
        return g;
    }

    // Columns: labels as wide as they need (at most a quarter of the width
    // each), the lines between them no wider than the diagram is tall, so a
    // wide figure does not flatten them; the whole centred.
    const int rowStep = labelStep(d.rows, g.height, metrics.height());
    const int colStep = labelStep(d.cols, g.height, metrics.height());
    const double maxLabel = rect.width() * 0.25;
    auto widest = [&](int count, int step, const std::function<QString(int)> &label) {
        double w = metrics.horizontalAdvance(QStringLiteral("000"));
        for (int i = 0; i < count; i += step)
            w = std::max(w, QFontMetricsF(strongFont).horizontalAdvance(label(i)));
        return std::min(w, maxLabel);
    };
    const double leftWidth = std::max(widest(d.rows, rowStep, d.rowLabel),
                                      QFontMetricsF(titleFont).horizontalAdvance(d.rowTitle));
    const double rightWidth = std::max(widest(d.cols, colStep, d.colLabel),
                                       QFontMetricsF(titleFont).horizontalAdvance(d.colTitle));
    const double gap = base.pt(10);
    const double available = rect.width() - leftWidth - rightWidth - 2 * gap - base.pt(8);
    const double middle =
        std::max(base.pt(40), std::min(available, std::max(base.pt(320), g.height * 0.9)));
    const double total = leftWidth + rightWidth + 2 * gap + middle;
    const double left = rect.left() + std::max(base.pt(4), (rect.width() - total) / 2);
    g.leftX = left + leftWidth + gap;
    g.rightX = g.leftX + middle;
    g.bounds = QRectF(left, headerTop, total, g.top + g.height - headerTop);

    // Column titles.
    m_painter.setFont(titleFont);
    m_painter.setPen(m_style.foreground());
    m_painter.drawText(QRectF(left, headerTop, leftWidth, titleHeight),
                       Qt::AlignRight | Qt::AlignVCenter, d.rowTitle);
    m_painter.drawText(QRectF(g.rightX + gap, headerTop, rightWidth, titleHeight),
                       Qt::AlignLeft | Qt::AlignVCenter, d.colTitle);

    // The lines: one path per opacity step, so a head of a million cells is
    // at most kOpacityLevels strokes (and as many SVG elements).
    const LineToken h = d.highlighted;
    const bool highlighting =
        h.isValid() && h.index < (h.side == LineToken::Side::Query ? d.rows : d.cols);
    std::array<QList<QLineF>, kOpacityLevels> lines;
    struct Strong
    {
        int other;
        double weight;
    };
    std::vector<Strong> strong;
    if (highlighting) {
        const bool query = h.side == LineToken::Side::Query;
        const int count = query ? d.cols : d.rows;
        auto weightTo = [&](int k) { return query ? d.value(h.index, k) : d.value(k, h.index); };
        double top = 0.0;
        for (int k = 0; k < count; ++k)
            if (const double w = weightTo(k); w > top)
                top = w;
        for (int k = 0; k < count && top > 0; ++k) {
            const double w = weightTo(k);
            const double t = w / top;
            if (!(t >= kMinVisibleWeight))
                continue; // NaN (masked) fails too
            strong.push_back({k, w});
            const int level = std::min(kOpacityLevels - 1, int(t * kOpacityLevels));
            const double ly = query ? g.rowY(h.index) : g.rowY(k);
            const double ry = query ? g.colY(k) : g.colY(h.index);
            lines[size_t(level)].append(QLineF(g.leftX, ly, g.rightX, ry));
        }
    } else {
        for (int i = 0; i < d.rows; ++i) {
            const double ly = g.rowY(i);
            double scale = 1.0;
            if (d.perRow) {
                double top = 0.0;
                for (int j = 0; j < d.cols; ++j)
                    if (const double w = d.value(i, j); w > top)
                        top = w;
                scale = top > 0.0 ? 1.0 / top : 1.0;
            }
            for (int j = 0; j < d.cols; ++j) {
                const double w = d.value(i, j) * scale;
                if (!(w >= kMinVisibleWeight))
                    continue;
                const int level = std::min(kOpacityLevels - 1, int(w * kOpacityLevels));
                lines[size_t(level)].append(QLineF(g.leftX, ly, g.rightX, g.colY(j)));
            }
        }
    }
    // Lines as thick as the tokens' spacing allows: bold for a few tokens,
    // a pixel for a thousand.
    const QColor lineColor = highlighting ? m_style.accent() : m_style.line();
    const double pitch = g.height / std::max(d.rows, d.cols);
    // At least a pixel, and more on a projector (presentation mode's scale).
    const double thinnest = std::max(1.0, m_style.fontScale);
    const double lineWidth = std::clamp(pitch * 0.05, thinnest, std::max(thinnest, base.pt(4))) *
                             (highlighting ? 1.5 : 1.0);
    m_painter.save();
    m_painter.setBrush(Qt::NoBrush);
    // On pixels, lines one by one are the fast path (a path of thousands of
    // segments is stroked as one polygon, ten times slower); in SVG and PDF
    // one path per step is one element instead of thousands.
    const bool raster =
        m_painter.paintEngine() && m_painter.paintEngine()->type() == QPaintEngine::Raster;
    qsizetype lineCount = 0;
    for (const QList<QLineF> &group : lines)
        lineCount += group.size();
    const QRectF band(g.leftX, g.top - 2, g.rightX - g.leftX, g.height + 4);
    if (raster && lineCount > kRasterisedLines &&
        lineWidth * m_painter.deviceTransform().m22() <= 1.5) {
        // Thousands of hairlines (a long head): drawn into an image here,
        // each line a pixel wide and antialiased, as the painter would draw
        // it but many times faster.
        m_painter.drawImage(band, lineImage(lines, band, lineColor, base.devicePixelsOf(band)));
        lines = {};
    }
    for (int level = 0; level < kOpacityLevels; ++level) {
        const QList<QLineF> &group = lines[size_t(level)];
        if (group.isEmpty())
            continue;
        QColor c = lineColor;
        c.setAlphaF(float((level + 1.0) / kOpacityLevels));
        m_painter.setPen(QPen(c, lineWidth, Qt::SolidLine, Qt::FlatCap));
        if (raster) {
            m_painter.drawLines(group);
        } else {
            QPainterPath path;
            for (const QLineF &line : group) {
                path.moveTo(line.p1());
                path.lineTo(line.p2());
            }
            m_painter.drawPath(path);
        }
    }
    m_painter.restore();

    // Labels, every step-th, and the highlighted token and its partners always.
    auto drawLabel = [&](bool query, int index, bool emphasised) {
        const double cy = query ? g.rowY(index) : g.colY(index);
        const QRectF box =
            query ? QRectF(left, cy - metrics.height() / 2, leftWidth, metrics.height())
                  : QRectF(g.rightX + gap, cy - metrics.height() / 2, rightWidth, metrics.height());
        const QString text = (query ? d.rowLabel : d.colLabel)(index);
        m_painter.setFont(emphasised ? strongFont : labelFont);
        if (emphasised) {
            m_painter.fillRect(box, m_style.background());
            m_painter.setPen(m_style.accent());
        } else {
            m_painter.setPen(m_style.foreground());
        }
        m_painter.drawText(
            box, (query ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter,
            QFontMetricsF(m_painter.font()).elidedText(text, Qt::ElideRight, box.width()));
    };
    for (int i = 0; i < d.rows; i += rowStep)
        drawLabel(true, i, false);
    for (int j = 0; j < d.cols; j += colStep)
        drawLabel(false, j, false);
    if (highlighting) {
        const bool query = h.side == LineToken::Side::Query;
        const double pitch = g.height / (query ? d.cols : d.rows);
        const bool writeWeights =
            int(strong.size()) <= kMaxWeightTexts && pitch >= metrics.height() * 0.8;
        if (writeWeights) {
            for (const Strong &s : strong)
                if (s.other % (query ? colStep : rowStep) != 0)
                    drawLabel(!query, s.other, false);
            // Each weight at the far end of its line, on a patch of background.
            m_painter.setFont(labelFont);
            const double numberWidth = metrics.horizontalAdvance(QStringLiteral("0.0000")) + 4;
            for (const Strong &s : strong) {
                const double cy = query ? g.colY(s.other) : g.rowY(s.other);
                const double x = query ? g.rightX - numberWidth - base.pt(4) : g.leftX + base.pt(4);
                const QRectF box(x, cy - metrics.height() / 2, numberWidth, metrics.height());
                m_painter.fillRect(box, m_style.background());
                m_painter.setPen(m_style.foreground());
                m_painter.drawText(box, Qt::AlignCenter, QString::number(s.weight, 'f', 4));
            }
        }
        drawLabel(query, h.index, true);
    }
    return g;
}

} // namespace AttentionLab
