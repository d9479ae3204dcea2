// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/figure/figurepainter.h"

#include <QSet>

#include "ui/figure/labelstride.h"

#include "core/maths/attentionresult.h"
#include "core/maths/session.h"
#include "ui/figure/equationtext.h"

#include <QFontMetricsF>
#include <QImage>
#include <QPainter>

#include <algorithm>
#include <cmath>
#include <limits>

namespace AttentionLab {

namespace {

/// A colour bar's tick label.
QString colorBarLabel(double value)
{
    return QString::number(value, 'g', 4);
}

constexpr int kMaxLabels = FigurePainter::kMaxAxisLabels;
/// Slices of the colour bar: enough to look continuous, few enough to stay
/// a small vector file.
constexpr int kColorBarSlices = 64;

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
    const double span = hi - lo;
    if (!(span > 0))
        return {lo};
    const double raw = span / 5.0;
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    double step = magnitude;
    for (double m : {1.0, 2.0, 2.5, 5.0, 10.0}) {
        step = m * magnitude;
        if (span / step <= 6.0)
            break;
    }
    QList<double> out;
    // Each tick from the first (not by adding steps, whose errors add up).
    const double first = std::ceil(lo / step);
    for (int i = 0;; ++i) {
        const double t = (first + i) * step;
        if (t > hi + step * 1e-9 || i > 100)
            break;
        out << (std::abs(t) < step * 1e-9 ? 0.0 : t);
    }
    return out;
}

namespace {

/// \a number without the zeros after its decimal point, nor a bare point:
/// "2.50" is "2.5", "3.00" is "3".
QString withoutTrailingZeros(QString number)
{
    if (number.contains(QLatin1Char('.'))) {
        while (number.endsWith(QLatin1Char('0')))
            number.chop(1);
        if (number.endsWith(QLatin1Char('.')))
            number.chop(1);
    }
    return number;
}

/// \a value in scientific notation with \a digits significant digits, as
/// short as it reads: "2.5e5", "-1.25e-6", "0".
QString scientific(double value, int digits)
{
    if (value == 0.0)
        return QStringLiteral("0");
    const QString text = QString::number(value, 'e', std::max(0, digits - 1));
    const qsizetype e = text.indexOf(QLatin1Char('e'));
    return withoutTrailingZeros(text.left(e)) + QStringLiteral("e") +
           QString::number(text.mid(e + 1).toInt());
}

/// True when \a labels are distinct and each reads back as its tick to a
/// hundredth of a step.
bool faithful(const QStringList &labels, const QList<double> &ticks, double step)
{
    if (QSet<QString>(labels.begin(), labels.end()).size() != labels.size())
        return false;
    for (qsizetype i = 0; i < ticks.size(); ++i)
        if (!(std::abs(labels[i].toDouble() - ticks[i]) <= step * 0.01))
            return false;
    return true;
}

qsizetype longest(const QStringList &labels)
{
    qsizetype n = 0;
    for (const QString &l : labels)
        n = std::max(n, l.size());
    return n;
}

} // namespace

QStringList FigurePainter::tickLabels(const QList<double> &ticks)
{
    if (ticks.isEmpty())
        return {};
    double step = ticks.size() > 1 ? std::abs(ticks[1] - ticks[0]) : std::abs(ticks[0]);
    if (!(step > 0))
        step = 1.0;
    // Plain decimals, as many as the step needs ("0.25", "999998.5") ...
    QStringList plain;
    for (int decimals = std::clamp(int(-std::floor(std::log10(step))), 0, 17); decimals <= 17;
         ++decimals) {
        plain.clear();
        for (double t : ticks) {
            const QString text = withoutTrailingZeros(QString::number(t, 'f', decimals));
            plain << (text == QLatin1String("-0") ? QStringLiteral("0") : text);
        }
        if (faithful(plain, ticks, step))
            break;
    }
    // ... or scientific ("2.5e5", "3e-7"), whichever is the shorter.
    QStringList sci;
    for (int digits = 1; digits <= 17; ++digits) {
        sci.clear();
        for (double t : ticks)
            sci << scientific(t, digits);
        if (faithful(sci, ticks, step))
            break;
    }
    return longest(sci) < longest(plain) ? sci : plain;
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

/// Where a matrix heatmap's parts go, measured once by heatmapLayout().
struct FigurePainter::HeatmapLayout
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

    QRectF cell(int i, int j) const
    {
        return QRectF(grid.left() + j * cellWidth, grid.top() + i * cellHeight, cellWidth,
                      cellHeight);
    }
};

FigurePainter::HeatmapLayout FigurePainter::heatmapLayout(const QRectF &rect,
                                                          const MatrixHeatmap &spec) const
{
    HeatmapLayout l;
    l.rect = rect;
    l.m = spec.rows;
    l.n = spec.cols;
    l.lo = spec.lo;
    l.hi = spec.hi;
    if (!std::isfinite(l.lo) || !std::isfinite(l.hi) || !(l.hi > l.lo)) {
        l.lo = std::isfinite(l.lo) ? l.lo - 1.0 : 0.0;
        l.hi = l.lo + 2.0;
    }
    l.labelFont = font(19);
    l.titleFont = font(19, true);
    const QFontMetricsF labelMetrics(l.labelFont);
    l.labelHeight = labelMetrics.height();
    double rowLabelWidth = 0.0;
    for (int i = 0; i < l.m; i += labelStep(l.m))
        rowLabelWidth =
            std::max(rowLabelWidth, labelMetrics.horizontalAdvance(axisLabel(spec.rowLabel(i))));
    for (int j = 0; j < l.n; j += labelStep(l.n))
        l.colLabelWidth =
            std::max(l.colLabelWidth, labelMetrics.horizontalAdvance(axisLabel(spec.colLabel(j))));
    for (const QString &note : spec.rowNotes)
        l.noteWidth = std::max(l.noteWidth, labelMetrics.horizontalAdvance(note) + pt(12));

    l.axisTitle = QFontMetricsF(l.titleFont).height() + pt(6);
    const double headerHeight = spec.title.isEmpty() ? 0.0 : l.axisTitle + pt(4);
    l.colorBarWidth = spec.colorBar ? pt(22) : 0.0;
    // The colour bar's labels take the room of the widest of them, not of a
    // guess ("-0.000" took twice the room of "0.8": a hall's cells need it).
    if (spec.colorBar) {
        double widest = 0.0;
        for (double t : ticks(l.lo, l.hi))
            widest = std::max(widest, labelMetrics.horizontalAdvance(colorBarLabel(t)));
        l.colorBarLabels = widest + pt(8);
    }
    l.left = rect.left() + l.axisTitle + rowLabelWidth + pt(10);
    const double right =
        rect.right() - l.noteWidth -
        (spec.colorBar ? l.colorBarWidth + l.colorBarLabels + l.axisTitle + pt(16) : pt(4));
    const double gridWidth = std::max(10.0, right - l.left);
    l.cellWidth = gridWidth / l.n;
    l.rotate = l.colLabelWidth > l.cellWidth * labelStep(l.n) * 0.92;
    const double colLabelHeight = l.rotate ? l.colLabelWidth * 0.72 + l.labelHeight : l.labelHeight;
    const double top = rect.top() + pt(8) + headerHeight;
    const double bottom = rect.bottom() - l.axisTitle - colLabelHeight - pt(10);
    l.grid = QRectF(l.left, top, gridWidth, std::max(10.0, bottom - top));
    l.cellHeight = l.grid.height() / l.m;
    return l;
}

QColor FigurePainter::cellColor(double value, double lo, double hi) const
{
    // NaN is a masked cell; +-inf (a logit a tiny temperature overflows) is
    // a value past either end of the scale, not a masked one.
    if (std::isnan(value))
        return ColorMaps::maskedColor();
    return ColorMaps::colorAt(m_style.colorMap, std::isinf(value) ? (value > 0 ? 1.0 : 0.0)
                                                                  : (value - lo) / (hi - lo));
}

QRectF FigurePainter::matrixHeatmap(const QRectF &rect, const MatrixHeatmap &spec)
{
    setUnitFor(rect.width(), rect.height() * 1.4, 900.0);
    const HeatmapLayout layout = heatmapLayout(rect, spec);
    if (!spec.title.isEmpty())
        drawHeatmapTitle(layout, spec.title);
    drawHeatmapCells(layout, spec);
    drawHeatmapNumbers(layout, spec);
    drawHeatmapLabels(layout, spec);
    if (spec.colorBar)
        drawColorBar(layout, spec.scaleTitle);
    return layout.grid;
}

void FigurePainter::drawHeatmapTitle(const HeatmapLayout &l, const QString &title)
{
    // A title wider than its panel (small multiples) shrinks to fit.
    QFont fitted = l.titleFont;
    const double titleWidth = QFontMetricsF(l.titleFont).horizontalAdvance(title);
    if (titleWidth > l.rect.width() * 0.98)
        fitted.setPixelSize(
            std::max(6, int(l.titleFont.pixelSize() * l.rect.width() * 0.98 / titleWidth)));
    m_painter.setFont(fitted);
    m_painter.setPen(m_style.foreground());
    m_painter.drawText(QRectF(l.rect.left(), l.rect.top() + pt(4), l.rect.width(), l.axisTitle),
                       Qt::AlignCenter, title);
}

void FigurePainter::drawHeatmapCells(const HeatmapLayout &l, const MatrixHeatmap &spec)
{
    // One filled rectangle each (no antialiasing, so no seams) while there
    // are no more cells than pixels; above that, an image with one pixel per
    // device pixel, each the colour of the cell under its centre, so a
    // drawing never holds more than its pixels (in SVG and PDF the image is
    // embedded).
    m_painter.save();
    m_painter.setRenderHint(QPainter::Antialiasing, false);
    m_painter.setPen(Qt::NoPen);
    const QSize devicePixels = devicePixelsOf(l.grid);
    if (drawsCellsAsImage(l.m, l.n, devicePixels)) {
        const int w = int(std::min<qint64>(l.n, devicePixels.width()));
        const int h = int(std::min<qint64>(l.m, devicePixels.height()));
        QImage image;
        if (spec.cellImage) {
            image = spec.cellImage(QSize(w, h));
        } else {
            image = QImage(w, h, QImage::Format_ARGB32);
            for (int y = 0; y < h; ++y) {
                auto *line = reinterpret_cast<QRgb *>(image.scanLine(y));
                const int i = int((double(y) + 0.5) * l.m / h);
                for (int x = 0; x < w; ++x)
                    line[x] = cellColor(spec.value(i, int((double(x) + 0.5) * l.n / w)), l.lo, l.hi)
                                  .rgba();
            }
        }
        m_painter.setRenderHint(QPainter::SmoothPixmapTransform, false);
        m_painter.drawImage(l.grid, image);
    } else {
        for (int i = 0; i < l.m; ++i)
            for (int j = 0; j < l.n; ++j)
                m_painter.fillRect(l.cell(i, j), cellColor(spec.value(i, j), l.lo, l.hi));
    }
    m_painter.restore();
}

void FigurePainter::drawHeatmapNumbers(const HeatmapLayout &l, const MatrixHeatmap &spec)
{
    // Numbers in the cells, while they fit: as large as the widest of them
    // (measured in the font) allows in 92% of a cell's width and half its
    // height. A fixed fifth of the width left them at 12 px in the mask
    // lab's cells of 65 px on a 1280 x 720 projector. Where four decimals
    // would stay under 18 px (a hall's small cells), the leading zero goes
    // (".1824", as tables of values under 1 write them); where they would
    // still stay under 16 px, two decimals are written larger instead.
    // "masked" takes its own size.
    const double tallest = std::min(l.cellHeight * 0.5, pt(26));
    if (!m_style.numbers || !spec.numbers || tallest < spec.minNumberSize)
        return;
    QFont numberFont = l.labelFont;
    numberFont.setPixelSize(100);
    const QFontMetricsF at100(numberFont);
    const auto text = [](double v, int digits, bool bare) {
        if (std::isinf(v))
            return v > 0 ? QStringLiteral("+inf") : QStringLiteral("−inf");
        QString t = QString::number(v, 'f', digits);
        if (bare && t.startsWith(QLatin1String("0.")))
            t.remove(0, 1);
        else if (bare && t.startsWith(QLatin1String("-0.")))
            t.remove(1, 1);
        return t;
    };
    const auto sizeFor = [&](double widestAt100) {
        return std::min(tallest, l.cellWidth * 0.92 / std::max(1e-9, widestAt100 / 100.0));
    };
    const auto sizeOfNumbers = [&](int digits, bool bare) {
        double widest = 0.0;
        for (int i = 0; i < l.m; ++i)
            for (int j = 0; j < l.n; ++j)
                if (const double v = spec.value(i, j); !std::isnan(v))
                    widest = std::max(widest, at100.horizontalAdvance(text(v, digits, bare)));
        return sizeFor(widest);
    };
    int digits = 4;
    bool bare = false;
    double numberSize = sizeOfNumbers(digits, bare);
    if (numberSize < 18.0) {
        if (const double size = sizeOfNumbers(4, true); size > numberSize * 1.05) {
            bare = true;
            numberSize = size;
        }
    }
    if (numberSize < 16.0) {
        if (const double size = sizeOfNumbers(2, bare); size > numberSize * 1.2) {
            digits = 2;
            numberSize = size;
        }
    }
    if (numberSize < spec.minNumberSize)
        return;
    numberFont.setPixelSize(int(numberSize));
    QFont maskedFont = numberFont;
    maskedFont.setPixelSize(
        int(std::min(numberSize, sizeFor(at100.horizontalAdvance(QStringLiteral("masked"))))));
    for (int i = 0; i < l.m; ++i) {
        for (int j = 0; j < l.n; ++j) {
            const double v = spec.value(i, j);
            if (std::isnan(v)) {
                m_painter.setFont(maskedFont);
                m_painter.setPen(ColorMaps::maskedTextColor());
                m_painter.drawText(l.cell(i, j), Qt::AlignCenter, QStringLiteral("masked"));
                continue;
            }
            m_painter.setFont(numberFont);
            m_painter.setPen(ColorMaps::textColorOn(cellColor(v, l.lo, l.hi)));
            m_painter.drawText(l.cell(i, j), Qt::AlignCenter, text(v, digits, bare));
        }
    }
}

void FigurePainter::drawHeatmapLabels(const HeatmapLayout &l, const MatrixHeatmap &spec)
{
    // Labels, notes and axis titles: every k-th label, where k also leaves
    // each label a line of its own (a 45-degree label needs about 1.3 lines
    // of width).
    const QRectF &grid = l.grid;
    const int rowStep = labelStride(l.m, l.labelHeight, grid.height(), kMaxLabels);
    const int colStep =
        l.rotate ? labelStride(l.n, l.labelHeight * 1.3, grid.width(), kMaxLabels) : labelStep(l.n);
    m_painter.setFont(l.labelFont);
    m_painter.setPen(m_style.foreground());
    for (int i = 0; i < l.m; i += rowStep) {
        // At least a line tall, centred on its row: rows thinner than the text
        // (hundreds of tokens) would otherwise clip it to dots.
        const double rowHeight = std::max(l.cellHeight, l.labelHeight);
        const QRectF row(l.rect.left(), grid.top() + (i + 0.5) * l.cellHeight - rowHeight / 2,
                         l.left - l.rect.left() - pt(8), rowHeight);
        m_painter.drawText(row, Qt::AlignRight | Qt::AlignVCenter, axisLabel(spec.rowLabel(i)));
    }
    for (int i = 0; i < l.m && i < spec.rowNotes.size(); ++i) {
        m_painter.drawText(
            QRectF(grid.right() + pt(10), grid.top() + i * l.cellHeight, l.noteWidth, l.cellHeight),
            Qt::AlignLeft | Qt::AlignVCenter, spec.rowNotes[i]);
    }
    for (int j = 0; j < l.n; j += colStep) {
        const double x = grid.left() + (j + 0.5) * l.cellWidth;
        if (l.rotate) {
            m_painter.save();
            m_painter.translate(x, grid.bottom() + pt(6));
            m_painter.rotate(-45);
            m_painter.drawText(QRectF(-l.colLabelWidth - pt(4), -l.labelHeight / 2, l.colLabelWidth,
                                      l.labelHeight),
                               Qt::AlignRight | Qt::AlignVCenter, axisLabel(spec.colLabel(j)));
            m_painter.restore();
        } else {
            m_painter.drawText(QRectF(x - l.cellWidth * colStep / 2, grid.bottom() + pt(4),
                                      l.cellWidth * colStep, l.labelHeight),
                               Qt::AlignHCenter | Qt::AlignTop, axisLabel(spec.colLabel(j)));
        }
    }
    m_painter.setFont(l.titleFont);
    m_painter.drawText(
        QRectF(grid.left(), l.rect.bottom() - l.axisTitle, grid.width(), l.axisTitle),
        Qt::AlignCenter, spec.colTitle);
    m_painter.save();
    m_painter.translate(l.rect.left(), grid.center().y());
    m_painter.rotate(-90);
    m_painter.drawText(QRectF(-grid.height() / 2, 0, grid.height(), l.axisTitle), Qt::AlignCenter,
                       spec.rowTitle);
    m_painter.restore();
}

void FigurePainter::drawColorBar(const HeatmapLayout &l, const QString &title)
{
    const QRectF bar(l.grid.right() + l.noteWidth + pt(16), l.grid.top(), l.colorBarWidth,
                     l.grid.height());
    m_painter.save();
    m_painter.setRenderHint(QPainter::Antialiasing, false);
    for (int k = 0; k < kColorBarSlices; ++k) {
        const double t0 = double(k) / kColorBarSlices;
        const double y = bar.bottom() - (k + 1) * bar.height() / kColorBarSlices;
        m_painter.fillRect(QRectF(bar.left(), y, bar.width(), bar.height() / kColorBarSlices + 0.5),
                           ColorMaps::colorAt(m_style.colorMap, t0 + 0.5 / kColorBarSlices));
    }
    m_painter.restore();
    m_painter.setPen(QPen(m_style.foreground(), std::max(1.0, pt(1))));
    m_painter.setBrush(Qt::NoBrush);
    m_painter.drawRect(bar);
    m_painter.setFont(l.labelFont);
    for (double t : ticks(l.lo, l.hi)) {
        const double y = bar.bottom() - (t - l.lo) / (l.hi - l.lo) * bar.height();
        m_painter.drawLine(QPointF(bar.right(), y), QPointF(bar.right() + pt(5), y));
        m_painter.drawText(
            QRectF(bar.right() + pt(8), y - l.labelHeight / 2, l.colorBarLabels, l.labelHeight),
            Qt::AlignLeft | Qt::AlignVCenter, colorBarLabel(t));
    }
    m_painter.setFont(l.titleFont);
    m_painter.save();
    m_painter.translate(bar.right() + l.colorBarLabels + pt(8), bar.center().y());
    m_painter.rotate(90);
    m_painter.drawText(QRectF(-bar.height() / 2, -l.axisTitle, bar.height(), l.axisTitle),
                       Qt::AlignCenter, title);
    m_painter.restore();
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
