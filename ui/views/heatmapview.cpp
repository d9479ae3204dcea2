// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/views/heatmapview.h"

#include "ui/figure/cellnumberformat.h"
#include "ui/figure/figurepainter.h"

#include "ui/document/attentiondocument.h"
#include "ui/views/plottheme.h"

#include <QRegularExpression>
#include <QToolTip>
#include <QVBoxLayout>

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace AttentionLab {

namespace {

/// Cells beyond this many get no printed number: they would not be readable.
constexpr int kMaxNumberedCells = 400;
constexpr int kMaxAxisLabels = FigurePainter::kMaxAxisLabels;

QString label(const std::string &text)
{
    return QString::fromStdString(text);
}

} // namespace

HeatmapView::HeatmapView(AttentionDocument *document, QWidget *parent)
    : QWidget(parent), m_document(document), m_plot(new QCustomPlot(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    m_plot->setAccessibleName(tr("Heatmap"));
    m_plot->setAccessibleDescription(tr("The weights of each query (rows) on each key (columns)"));

    m_map = new QCPColorMap(m_plot->xAxis, m_plot->yAxis);
    m_scale = new QCPColorScale(m_plot);
    m_plot->plotLayout()->addElement(0, 1, m_scale);
    m_scale->setType(QCPAxis::atRight);
    m_map->setColorScale(m_scale);
    m_map->setInterpolate(false);
    m_map->setTightBoundary(false);
    m_plot->yAxis->setRangeReversed(true); // first query on top
    m_plot->xAxis->setLabel(tr("keys"));
    m_plot->yAxis->setLabel(tr("queries"));
    m_plot->xAxis->grid()->setVisible(false);
    m_plot->yAxis->grid()->setVisible(false);
    auto *margins = new QCPMarginGroup(m_plot);
    m_plot->axisRect()->setMarginGroup(QCP::msBottom | QCP::msTop, margins);
    m_scale->setMarginGroup(QCP::msBottom | QCP::msTop, margins);
    m_plot->setMouseTracking(true);
    connect(m_plot, &QCustomPlot::mouseMove, this, &HeatmapView::showToolTip);
    // The cells' size is known once the plot is laid out, before it draws.
    connect(m_plot, &QCustomPlot::afterLayout, this, &HeatmapView::updateNumberVisibility);
    // The colour bar's title along the bar, on two lines or shortened where
    // the bar is shorter than it (a few rows in presentation mode).
    connect(m_plot, &QCustomPlot::afterLayout, this, [this] {
        if (fitBarTitle())
            m_plot->replot(QCustomPlot::rpQueuedReplot);
    });
    connect(m_plot, &QCustomPlot::mousePress, this, [this](QMouseEvent *event) {
        const int col = int(std::lround(m_plot->xAxis->pixelToCoord(event->position().x())));
        const int row = int(std::lround(m_plot->yAxis->pixelToCoord(event->position().y())));
        const AttentionResult &r = m_document->result();
        if (row >= 0 && col >= 0 && row < r.queryCount() && col < r.keyCount())
            emit cellClicked(row, col, event->modifiers());
    });
    setColorMap(m_colorMap);
    PlotTheme::apply(m_plot, false, 1.0);

    connect(document, &AttentionDocument::sessionReset, this, &HeatmapView::rebuildAxes);
    connect(document, &AttentionDocument::resultChanged, this, &HeatmapView::refresh);
    rebuildAxes();
    refresh();
}

HeatmapView::~HeatmapView() = default;

void HeatmapView::setQuantity(Quantity quantity)
{
    m_quantity = quantity;
    refresh();
}

void HeatmapView::setAppearance(bool dark, double scale)
{
    m_scaleFactor = scale;
    PlotTheme::apply(m_plot, dark, scale);
    m_scale->setBarWidth(int(12 * scale));
    // Room above the cells for half a tick label: QCustomPlot draws no tick
    // label that would leave the widget, so the colour bar's top "1" went
    // missing as the labels grew. The bar follows through the margin group.
    const int halfLabel = QFontMetrics(m_scale->axis()->tickLabelFont()).height() / 2 + 2;
    QMargins least = m_plot->axisRect()->minimumMargins();
    least.setTop(std::max(least.top(), halfLabel));
    m_plot->axisRect()->setMinimumMargins(least);
    rebuildAxes();
    refresh();
}

void HeatmapView::setShowNumbers(bool show)
{
    m_showNumbers = show;
    refresh();
}

void HeatmapView::setColorRange(ColorRange::Mode mode)
{
    m_colorRange = mode;
    refresh();
}

QString HeatmapView::colorBarTitle() const
{
    return m_barTitle;
}

QPair<double, double> HeatmapView::colorBarRange() const
{
    return {m_scale->dataRange().lower, m_scale->dataRange().upper};
}

void HeatmapView::setColorMap(ColorMaps::Name name)
{
    m_colorMap = name;
    // The plot's gradient from the same stops the exports use.
    QCPColorGradient gradient;
    gradient.clearColorStops();
    const QList<QColor> stops = ColorMaps::stops(name);
    for (qsizetype i = 0; i < stops.size(); ++i)
        gradient.setColorStopAt(double(i) / double(stops.size() - 1), stops[i]);
    gradient.setColorInterpolation(QCPColorGradient::ciRGB);
    gradient.setNanHandling(QCPColorGradient::nhNanColor);
    gradient.setNanColor(ColorMaps::maskedColor());
    gradient.setLevelCount(256);
    m_map->setGradient(gradient);
    refresh();
}

double HeatmapView::cellValue(int row, int col) const
{
    return AttentionLab::cellValue(m_document->result(), m_quantity, row, col);
}

void HeatmapView::rebuildAxes()
{
    const Session &s = m_document->session();
    const int m = int(s.queries.rows());
    const int n = int(s.keys.rows());
    updateTickers();
    m_plot->xAxis->setSubTicks(false);
    m_plot->yAxis->setSubTicks(false);
    m_plot->xAxis->setTickLength(0, 4);
    m_plot->yAxis->setTickLength(0, 4);
    // A colour map needs two cells along an axis to know a cell's width, so a
    // single row or column is stored twice over a range one cell wide.
    m_map->data()->setSize(std::max(n, 2), std::max(m, 2));
    m_map->data()->setRange(n > 1 ? QCPRange(0, n - 1) : QCPRange(-0.25, 0.25),
                            m > 1 ? QCPRange(0, m - 1) : QCPRange(-0.25, 0.25));
    // The data range sets cell centres: the axes reach half a cell further.
    m_plot->xAxis->setRange(-0.5, n - 0.5);
    m_plot->yAxis->setRange(-0.5, m - 0.5);
    for (QCPItemText *text : std::as_const(m_cellTexts))
        m_plot->removeItem(text);
    m_cellTexts.clear();
    if (m * n <= kMaxNumberedCells) {
        for (int i = 0; i < m; ++i) {
            for (int j = 0; j < n; ++j) {
                auto *text = new QCPItemText(m_plot);
                text->position->setCoords(j, i);
                text->setClipToAxisRect(true);
                QFont font = text->font();
                font.setPointSizeF(cellFontSize(m * n));
                text->setFont(font);
                m_cellTexts.append(text);
            }
        }
    }
}

void HeatmapView::updateTickers()
{
    const Session &s = m_document->session();
    const int m = int(s.queries.rows());
    const int n = int(s.keys.rows());
    // Every label while they fit the axis, then every k-th: hundreds would
    // overlap. The room comes from the axis length in pixels.
    const double rowRoom = std::max({60.0, double(m_plot->axisRect()->height()),
                                     double(m_plot->height()) - 90.0 * m_scaleFactor});
    const double colRoom = std::max({60.0, double(m_plot->axisRect()->width()),
                                     double(m_plot->width()) - 160.0 * m_scaleFactor});
    // The token labels up to a quarter smaller where that names every token
    // (a 12-token head at 1280 x 720 lost every other name).
    QFont font = m_plot->yAxis->tickLabelFont();
    const double baseSize = 10.0 * m_scaleFactor;
    font.setPointSizeF(baseSize);
    {
        const double height = QFontMetricsF(font).height();
        const double fit = std::min(rowRoom / (std::max(1, m) * height * 1.15),
                                    colRoom / (std::max(1, n) * height * 1.3));
        // Only where every token then has its name: past that, thinning
        // does the work and the names keep their size.
        if (fit < 1.0 && 0.97 * fit >= 0.75)
            font.setPointSizeF(baseSize * 0.97 * fit);
    }
    m_plot->xAxis->setTickLabelFont(font);
    m_plot->yAxis->setTickLabelFont(font);
    const QFontMetricsF metrics(font);
    // The keys' names upright while each fits its column; turned otherwise
    // (a 5-token head in a hall read "ma memberoftheagenus"), and then
    // spaced by their height.
    double widestKey = 0.0;
    for (int j = 0; j < n; ++j)
        widestKey = std::max(widestKey, metrics.horizontalAdvance(label(s.keyLabel(j))));
    const bool turned = widestKey * 1.15 > colRoom / std::max(1, n);
    m_plot->xAxis->setTickLabelRotation(turned ? 45 : 0);
    const int rowFit = std::max(1, int(rowRoom / (metrics.height() * 1.15)));
    const int colFit = std::max(
        1, int(colRoom / (turned ? metrics.height() * 1.3 : std::max(1.0, widestKey * 1.15))));
    const int keyStep =
        std::max(1, (n + std::min(colFit, kMaxAxisLabels) - 1) / std::min(colFit, kMaxAxisLabels));
    const int queryStep =
        std::max(1, (m + std::min(rowFit, kMaxAxisLabels) - 1) / std::min(rowFit, kMaxAxisLabels));
    auto keys = QSharedPointer<QCPAxisTickerText>::create();
    for (int j = 0; j < n; j += keyStep)
        keys->addTick(j, label(s.keyLabel(j)));
    auto queries = QSharedPointer<QCPAxisTickerText>::create();
    for (int i = 0; i < m; i += queryStep)
        queries->addTick(i, label(s.queryLabel(i)));
    m_plot->xAxis->setTicker(keys);
    m_plot->yAxis->setTicker(queries);
}

void HeatmapView::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    updateTickers();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void HeatmapView::refresh()
{
    const AttentionResult &r = m_document->result();
    const int m = int(r.queryCount());
    const int n = int(r.keyCount());
    if (m_map->data()->keySize() != std::max(n, 2) ||
        m_map->data()->valueSize() != std::max(m, 2) ||
        m_cellTexts.size() != (m * n <= kMaxNumberedCells ? m * n : 0))
        rebuildAxes();
    const ColorRange range(m_colorRange, m_quantity == Quantity::Weights, m, n,
                           [this](int i, int j) { return cellValue(i, j); });
    // Per row, each cell is stored as its place on the bar; otherwise as itself.
    const bool perRow = m_colorRange == ColorRange::Mode::PerRow;
    for (int i = 0; i < m; ++i) {
        for (int j = 0; j < n; ++j) {
            const double raw = cellValue(i, j);
            // NaN is masked; a logit that overflowed (a tiny temperature) sits
            // at the end of the scale it ran off.
            double v = raw;
            if (std::isinf(raw))
                v = raw > 0 ? range.barHigh() : range.barLow();
            else if (perRow && !std::isnan(raw))
                v = range.position(i, raw);
            m_map->data()->setCell(j, i, v);
            if (n == 1)
                m_map->data()->setCell(1, i, v);
            if (m == 1)
                m_map->data()->setCell(j, 1, v);
            if (n == 1 && m == 1)
                m_map->data()->setCell(1, 1, v);
        }
    }
    m_map->setDataRange(QCPRange(range.barLow(), range.barHigh()));
    m_barTitle = range.barTitle(FigurePainter::quantityTitle(m_quantity));
    fitBarTitle();

    const CellNumberFormat format(m_digits == 1 ? 2 : m_digits, m_digits == 1);
    for (int idx = 0; idx < m_cellTexts.size(); ++idx) {
        QCPItemText *text = m_cellTexts[idx];
        const int i = idx / n;
        const int j = idx % n;
        const double v = cellValue(i, j);
        if (std::isnan(v)) {
            text->setText(CellNumberFormat::maskedText());
            text->setColor(ColorMaps::maskedTextColor());
            continue;
        }
        // m_digits 1 is two decimals without the leading zero (".36").
        text->setText(format.text(v));
        if (std::isinf(v)) {
            text->setColor(
                ColorMaps::textColorOn(ColorMaps::colorAt(m_colorMap, v > 0 ? 1.0 : 0.0)));
            continue;
        }
        text->setColor(
            ColorMaps::textColorOn(ColorMaps::colorAt(m_colorMap, range.position(i, v))));
    }
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

bool HeatmapView::colorBarTickLabelFits(double value) const
{
    const double y = m_scale->axis()->coordToPixel(value);
    const double half = QFontMetricsF(m_scale->axis()->tickLabelFont()).height() / 2.0;
    return y - half >= 0.0 && y + half <= double(m_plot->height());
}

QStringList HeatmapView::numbersShown() const
{
    QStringList shown;
    for (const QCPItemText *text : std::as_const(m_cellTexts))
        if (text->visible())
            shown << text->text();
    return shown;
}

double HeatmapView::numberPointSize() const
{
    return m_cellTexts.isEmpty() ? 0.0 : m_cellTexts.first()->font().pointSizeF();
}

QString HeatmapView::colorBarTitleShown() const
{
    return m_scale->axis()->label();
}

bool HeatmapView::fitBarTitle()
{
    // Along a bar shorter than the title, the title goes on up to three lines,
    // broken where it reads well ("weight" | "(0 to 1)", "weight per row:" |
    // "row min 0," | "row max 1"), then between words; a part longer than
    // the bar is shortened with "…". Never cut at both ends.
    const int room = m_scale->rect().height();
    const QFontMetrics metrics(m_scale->axis()->labelFont());
    QString shown = m_barTitle;
    if (room > 0 && metrics.horizontalAdvance(shown) > room) {
        static const QRegularExpression breaks(QStringLiteral("(?<=[,:]) | (?=\\()"));
        QStringList units;
        for (const QString &unit : m_barTitle.split(breaks, Qt::SkipEmptyParts)) {
            if (metrics.horizontalAdvance(unit) <= room)
                units << unit;
            else
                units << unit.split(QLatin1Char(' '), Qt::SkipEmptyParts);
        }
        QStringList lines;
        for (const QString &unit : std::as_const(units)) {
            const QString joined = lines.isEmpty() ? unit : lines.last() + QLatin1Char(' ') + unit;
            if (!lines.isEmpty() && metrics.horizontalAdvance(joined) <= room)
                lines.last() = joined;
            else
                lines << unit;
        }
        constexpr int kMaxLines = 3;
        if (lines.size() > kMaxLines) {
            QStringList rest = lines.mid(kMaxLines - 1);
            lines = lines.mid(0, kMaxLines - 1);
            lines << rest.join(QLatin1Char(' '));
        }
        for (QString &line : lines)
            line = metrics.elidedText(line, Qt::ElideRight, room);
        shown = lines.join(QLatin1Char('\n'));
    }
    if (m_scale->axis()->label() == shown)
        return false;
    m_scale->axis()->setLabel(shown);
    return true;
}

double HeatmapView::cellFontSize(int cells) const
{
    return (cells <= 36 ? 11 : 8) * m_scaleFactor;
}

void HeatmapView::updateNumberVisibility()
{
    if (m_cellTexts.isEmpty())
        return;
    const AttentionResult &r = m_document->result();
    const int m = std::max(1, int(r.queryCount()));
    const int n = std::max(1, int(r.keyCount()));
    QFont font = m_cellTexts.first()->font();
    const double preferred = cellFontSize(m * n);
    font.setPointSizeF(preferred);
    const QFontMetricsF metrics(font);
    const QRect cells = m_plot->axisRect()->rect();
    const double cellWidth = cells.width() / double(n);
    const double cellHeight = cells.height() / double(m);
    // Presentation mode's large numbers shrink to fit narrow cells (three
    // keys on a 1280 x 720 projector) with a fifth of a number between two,
    // down to the normal size, rather than vanish. At the smallest size they
    // may stand closer, as at the normal size they always could; closer
    // still they would print into one string. Four decimals where they fit,
    // else two (a model's head in a hall had none), else none.
    const double smallest = std::min(1.0, 1.0 / m_scaleFactor);
    auto shrinkFor = [&](double widest) {
        const double wanted =
            std::min({1.0, cellWidth / (widest * 1.25), cellHeight / metrics.height()});
        if (wanted < smallest && cellWidth >= widest * smallest + 2.0 &&
            cellHeight >= metrics.height() * smallest)
            return smallest;
        return wanted;
    };
    // 4 decimals ("0.3611"), 2 ("0.36"), or 2 without the leading zero (".36").
    int digits = 4;
    double shrink = shrinkFor(metrics.horizontalAdvance(QStringLiteral("0.0000")));
    if (shrink < smallest) {
        digits = 2;
        shrink = shrinkFor(metrics.horizontalAdvance(QStringLiteral("0.00")));
    }
    if (shrink < smallest) {
        digits = 1;
        shrink = shrinkFor(metrics.horizontalAdvance(QStringLiteral(".00")));
    }
    const bool fit = shrink >= smallest;
    if (fit && digits != m_digits) {
        m_digits = digits;
        refresh(); // the numbers written again with as many decimals
        return;
    }
    if (fit)
        font.setPointSizeF(std::max(1.0, std::floor(preferred * shrink * 2.0) / 2.0));
    const QFontMetricsF shown(font);
    for (QCPItemText *text : std::as_const(m_cellTexts)) {
        if (fit && text->font().pointSizeF() != font.pointSizeF())
            text->setFont(font);
        // A word wider than its cell ("masked", "+∞" fit) stays out: the grey says it.
        const bool room = shown.horizontalAdvance(text->text()) <= cellWidth;
        text->setVisible(m_showNumbers && fit && room);
    }
}

void HeatmapView::showToolTip(QMouseEvent *event)
{
    const int col = int(std::lround(m_plot->xAxis->pixelToCoord(event->position().x())));
    const int row = int(std::lround(m_plot->yAxis->pixelToCoord(event->position().y())));
    const AttentionResult &r = m_document->result();
    if (row < 0 || col < 0 || row >= r.queryCount() || col >= r.keyCount()) {
        QToolTip::hideText();
        return;
    }
    const Session &s = m_document->session();
    const QString weight = r.isMaskedBeforeSoftmax(row, col)
                               ? tr("masked (−∞ before the softmax)")
                               : QString::number(r.weights(row, col), 'f', 4);
    QToolTip::showText(event->globalPosition().toPoint(),
                       tr("<b>%1 → %2</b><br>raw score q·k: %3<br>scaled score: %4<br>weight: %5"
                          "<br><i>click: the key on the sliders; Shift+click: the query</i>")
                           .arg(label(s.queryLabel(row)), label(s.keyLabel(col)))
                           .arg(r.scores(row, col), 0, 'f', 4)
                           .arg(r.scores(row, col) / r.divisor, 0, 'f', 4)
                           .arg(weight),
                       m_plot);
}

} // namespace AttentionLab
