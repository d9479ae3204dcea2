// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/views/entropybarsview.h"

#include "ui/figure/labelstride.h"

#include "ui/document/attentiondocument.h"
#include "ui/figure/figurepainter.h"
#include "ui/views/plottheme.h"

#include <QScreen>
#include <QToolTip>
#include <QVBoxLayout>

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace AttentionLab {

namespace {

const QColor kLostColor(0xe0, 0x40, 0x40);
const QColor kMaximumColor(0xd9, 0x3f, 0x3f);

/// The bar drawn for a row: its entropy, or for a row that lost weight the
/// entropy of its visible part, which never exceeds the row's maximum.
double barLength(const RowStatistics &row)
{
    return row.visibleEntropyBits();
}

} // namespace

EntropyBarsView::EntropyBarsView(AttentionDocument *document, QWidget *parent)
    : QWidget(parent), m_document(document), m_plot(new QCustomPlot(this))
{
    build();
    connect(document, &AttentionDocument::resultChanged, this, &EntropyBarsView::pullFromDocument);
    pullFromDocument();
}

EntropyBarsView::EntropyBarsView(QWidget *parent) : QWidget(parent), m_plot(new QCustomPlot(this))
{
    build();
    refresh();
}

void EntropyBarsView::setRows(std::vector<RowStatistics> rows, QStringList labels)
{
    m_rows = std::move(rows);
    m_rowLabels = std::move(labels);
    refresh();
}

void EntropyBarsView::setVisibleRows(int first, int last)
{
    if (first == m_firstRow && last == m_lastRow)
        return;
    m_firstRow = first;
    m_lastRow = last;
    refresh();
}

void EntropyBarsView::pullFromDocument()
{
    const AttentionResult &r = m_document->result();
    const Session &s = m_document->session();
    m_rows = r.rows;
    m_rowLabels.clear();
    m_rowLabels.reserve(int(m_rows.size()));
    for (int i = 0; i < int(m_rows.size()); ++i)
        m_rowLabels << QString::fromStdString(s.queryLabel(i));
    refresh();
}

void EntropyBarsView::build()
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    m_plot->setAccessibleName(tr("Entropy bars"));
    m_plot->setAccessibleDescription(tr("One bar per query: the entropy of its weights in bits"));

    // Horizontal bars: queries down the left, bits along the bottom.
    m_bars = new QCPBars(m_plot->yAxis, m_plot->xAxis);
    m_bars->setWidth(0.6);
    m_bars->setPen(Qt::NoPen);
    m_bars->setBrush(QColor(0x31, 0x68, 0x8e));
    m_bars->setName(tr("entropy"));
    // The maximum as one red line stepping from row to row: marks per row
    // merge into a band once there are many rows.
    m_maximum = new QCPGraph(m_plot->yAxis, m_plot->xAxis);
    m_maximum->setLineStyle(QCPGraph::lsLine);
    m_maximum->setPen(QPen(kMaximumColor, 2.0));
    m_maximum->setName(tr("maximum log2(visible keys)"));
    m_plot->xAxis->setLabel(tr("entropy in bits\n(red line: the maximum)"));
    m_plot->yAxis->setRangeReversed(true);
    m_plot->yAxis->grid()->setVisible(false);
    m_plot->setMouseTracking(true);
    connect(m_plot, &QCustomPlot::mouseMove, this, &EntropyBarsView::showToolTip);

    PlotTheme::apply(m_plot, false, 1.0);
}

EntropyBarsView::~EntropyBarsView() = default;

void EntropyBarsView::setAppearance(bool dark, double scale)
{
    m_scaleFactor = scale;
    m_dark = dark;
    PlotTheme::apply(m_plot, dark, scale);
    m_bars->setBrush(dark ? QColor(0x4f, 0x9b, 0xd4) : QColor(0x31, 0x68, 0x8e));
    m_maximum->setPen(QPen(kMaximumColor, 2.0 * scale));
    refresh();
}

void EntropyBarsView::setKeepsRowsReadable(bool keep)
{
    m_keepsRowsReadable = keep;
    if (!keep)
        setMinimumHeight(0);
    refresh();
}

QStringList EntropyBarsView::rowLabelsShown() const
{
    QStringList shown;
    if (auto ticker = m_plot->yAxis->ticker().dynamicCast<QCPAxisTickerText>())
        for (const QString &label : ticker->ticks())
            shown << label;
    return shown;
}

QStringList EntropyBarsView::barLabels() const
{
    QStringList texts;
    for (const QCPItemText *label : m_labels)
        texts << label->text();
    return texts;
}

QList<double> EntropyBarsView::barLengths() const
{
    QList<double> out;
    for (auto it = m_bars->data()->constBegin(); it != m_bars->data()->constEnd(); ++it)
        out << it->value;
    return out;
}

QList<double> EntropyBarsView::maxima() const
{
    QList<double> out;
    for (const RowStatistics &row : m_rows)
        out << row.maxEntropyBits;
    return out;
}

QString EntropyBarsView::toolTipFor(int row) const
{
    if (row < 0 || row >= int(m_rows.size()))
        return {};
    const RowStatistics &stats = m_rows[size_t(row)];
    QString text =
        tr("<b>%1</b><br>entropy: %2 bits<br>maximum: %3 bits (log2 of %4 visible keys)<br>row "
           "sum: %5")
            .arg(m_rowLabels.value(row).toHtmlEscaped())
            .arg(stats.entropyBits, 0, 'f', 4)
            .arg(stats.maxEntropyBits, 0, 'f', 4)
            .arg(stats.visible)
            .arg(stats.sum, 0, 'f', 4);
    if (stats.losesWeight())
        text +=
            tr("<br><span style=\"color:#e04040\">the mask after the softmax lost %1 of the weight;"
               "<br>renormalised over the visible keys: %2 bits</span>")
                .arg(stats.lostWeight(), 0, 'f', 4)
                .arg(stats.visibleEntropyBits(), 0, 'f', 4);
    return text;
}

void EntropyBarsView::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    refresh(); // the labels that fit depend on the height
}

int EntropyBarsView::labelStep(int rows) const
{
    const double lineHeight = QFontMetricsF(m_plot->yAxis->tickLabelFont()).height() * 1.1;
    // The axis rectangle once laid out; before that, the plot less its margins.
    const double height = std::max({40.0, double(m_plot->axisRect()->height()),
                                    double(m_plot->height()) - 90.0 * m_scaleFactor});
    return labelStride(rows, lineHeight, height);
}

double EntropyBarsView::rowLabelRoom() const
{
    // The row labels' axis once laid out; before that, a guess for the font.
    const int laidOut = m_plot->axisRect()->left();
    return laidOut > 0 ? double(laidOut) : 90.0 * m_scaleFactor;
}

void EntropyBarsView::fitAxisTitle(double width)
{
    // One line where it fits (the bars keep the height a second line would
    // take), two where that fits, and the short form in a narrow column:
    // never a title cut at both ends.
    const QStringList candidates = {
        tr("entropy in bits (red line: the maximum)"), tr("entropy in bits (red: the maximum)"),
        tr("entropy in bits\n(red line: the maximum)"), tr("entropy (bits)")};
    const QFontMetricsF metrics(m_plot->xAxis->labelFont());
    QString chosen = candidates.last();
    for (const QString &title : candidates) {
        double widest = 0.0;
        for (const QString &line : title.split(QLatin1Char('\n')))
            widest = std::max(widest, metrics.horizontalAdvance(line));
        if (widest <= width) {
            chosen = title;
            break;
        }
    }
    if (m_plot->xAxis->label() != chosen)
        m_plot->xAxis->setLabel(chosen);
}

QString EntropyBarsView::axisTitle() const
{
    return m_plot->xAxis->label();
}

void EntropyBarsView::refresh()
{
    const int m = int(m_rows.size());
    // The rows in view: all, or those beside a zoomed heatmap.
    const int first = m_firstRow >= 0 ? std::min(m_firstRow, m) : 0;
    const int last = m_lastRow >= 0 ? std::clamp(m_lastRow, first, m) : m;
    QVector<double> rows(m), bits(m), maxima(m);
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    // The names and notes: a font up to a quarter smaller where that keeps
    // one on every row, as beside the model's heatmap, whose rows are as
    // tall as its cells.
    QFont font = m_plot->yAxis->tickLabelFont();
    const double baseSize = (last - first > 40 ? 8.0 : 10.0) * m_scaleFactor;
    font.setPointSizeF(baseSize);
    {
        const double rowsHeight = std::max({40.0, double(m_plot->axisRect()->height()),
                                            double(m_plot->height()) - 90.0 * m_scaleFactor});
        const double pitch = rowsHeight / std::max(1, last - first);
        const double needed = QFontMetricsF(font).height() * 1.1;
        // Only where every row then has its name: past that, thinning does
        // the work and the names keep their size.
        if (needed > pitch && 0.92 * pitch / needed >= 0.75)
            font.setPointSizeF(baseSize * 0.92 * pitch / needed);
    }
    m_plot->yAxis->setTickLabelFont(font);
    // Labels thinned as the heatmap's are: every k-th row where they would overlap.
    const int step = labelStep(last - first);
    double top = 1.0;
    for (int i = 0; i < m; ++i) {
        rows[i] = i;
        bits[i] = barLength(m_rows[size_t(i)]);
        maxima[i] = m_rows[size_t(i)].maxEntropyBits;
        top = std::max(top, maxima[i]);
        if (i % step == 0 && i >= first && i < last)
            ticker->addTick(i, FigurePainter::axisLabel(m_rowLabels.value(i)));
    }
    m_bars->setData(rows, bits, true);
    m_bars->setWidth(m > 64 ? 0.9 : 0.6);
    // The maximum as one red stroke the height of each row's band, a gap
    // (NaN) between rows: distinct marks for a few rows, one edge for many.
    QVector<double> edges, levels;
    edges.reserve(3 * m);
    levels.reserve(3 * m);
    const double half = m > 64 ? 0.5 : 0.42;
    for (int i = 0; i < m; ++i) {
        edges << i - half << i + half << i + 0.5;
        levels << maxima[i] << maxima[i] << std::numeric_limits<double>::quiet_NaN();
    }
    m_maximum->setData(edges, levels, true);
    m_plot->yAxis->setTicker(ticker);
    m_plot->yAxis->setRange(first - 0.6, last - 0.4);
    // Room right of the longest bar for the widest label, in pixels: the
    // wrong order's notes are long, and presentation mode's text is large.
    const QFontMetricsF labelMetrics(font);
    if (m_keepsRowsReadable) {
        constexpr int kReadableRows = 12;
        const QFontMetricsF axisMetrics(m_plot->xAxis->labelFont());
        const QFontMetricsF tickMetrics(m_plot->xAxis->tickLabelFont());
        const int rowsShown = std::clamp(last - first, 1, kReadableRows);
        const int titleLines = m_plot->xAxis->label().count(QLatin1Char('\n')) + 1;
        // Never more than a third of the screen: the heatmap above keeps the
        // larger share (a 12-token head at 1280 x 720 squashed it to a strip).
        const int wanted =
            int(rowsShown * labelMetrics.height() * 1.15 + titleLines * axisMetrics.height() +
                tickMetrics.height() + 16.0 * m_scaleFactor);
        const int cap = screen() ? screen()->availableGeometry().height() / 3 : wanted;
        setMinimumHeight(std::min(wanted, cap));
    }
    const int firstLabelled = (first + step - 1) / step * step;
    const double plotWidth =
        std::max(100.0, double(m_plot->width()) - rowLabelRoom()); // less the axis
    // The whole note where it leaves the bars room; the bits alone where not.
    auto widest = [&](QString (*note)(const RowStatistics &)) {
        double width = 0.0;
        for (int i = firstLabelled; i < last; i += step)
            width = std::max(width, labelMetrics.horizontalAdvance(note(m_rows[size_t(i)])));
        return width;
    };
    QString (*note)(const RowStatistics &) = &FigurePainter::entropyNote;
    double labelWidth = widest(note);
    if (plotWidth - labelWidth - 16.0 * m_scaleFactor < 0.5 * plotWidth) {
        note = &FigurePainter::briefEntropyNote;
        labelWidth = widest(note);
    }
    // The notes stand in a column right of the bars, outside the axis: the
    // bits axis then ends just past the largest maximum, whatever the notes'
    // length, and no note is drawn over a bar.
    const int noteColumn = int(std::ceil(std::min(labelWidth, 0.7 * plotWidth))) +
                           int(std::lround(12.0 * m_scaleFactor));
    m_plot->axisRect()->setAutoMargins(QCP::msLeft | QCP::msTop | QCP::msBottom);
    m_plot->axisRect()->setMargins(QMargins(0, 0, noteColumn, 0));
    m_plot->xAxis->setRange(0, top * 1.04);
    fitAxisTitle(plotWidth - noteColumn);
    // As many ticks as the axis has room for: the fewest down from five
    // whose labels stand apart, or none where even two would print into
    // each other (a narrow axis in a hall read "02.5").
    {
        QCPAxis *axis = m_plot->xAxis;
        const double axisWidth = std::max(1.0, plotWidth - noteColumn);
        const QFontMetricsF tickMetrics(axis->tickLabelFont());
        const double perUnit = axisWidth / std::max(1e-12, axis->range().size());
        bool apart = false;
        for (int count = 5; count >= 2 && !apart; --count) {
            axis->ticker()->setTickCount(count);
            QVector<double> at;
            QVector<QString> labels;
            axis->ticker()->generate(axis->range(), m_plot->locale(), axis->numberFormat().at(0),
                                     axis->numberPrecision(), at, nullptr, &labels);
            apart = at.size() >= 2;
            for (int i = 1; apart && i < at.size(); ++i)
                apart = (at[i] - at[i - 1]) * perUnit >=
                        (tickMetrics.horizontalAdvance(labels[i]) +
                         tickMetrics.horizontalAdvance(labels[i - 1])) /
                                2.0 +
                            tickMetrics.horizontalAdvance(QLatin1Char(' '));
        }
        axis->setTickLabels(apart);
    }

    // One label for every step-th row: thousands of hidden items would slow each replot.
    const int labelled = last > firstLabelled ? (last - firstLabelled + step - 1) / step : 0;
    while (m_labels.size() > labelled)
        m_plot->removeItem(m_labels.takeLast());
    while (m_labels.size() < labelled) {
        auto *text = new QCPItemText(m_plot);
        text->setPositionAlignment(Qt::AlignLeft | Qt::AlignVCenter);
        text->setClipToAxisRect(false);
        text->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
        text->position->setTypeY(QCPItemPosition::ptPlotCoords);
        m_labels.append(text);
    }
    for (int k = 0; k < labelled; ++k) {
        const int i = firstLabelled + k * step;
        const RowStatistics &row = m_rows[size_t(i)];
        QCPItemText *text = m_labels[k];
        text->position->setAxes(m_plot->xAxis, m_plot->yAxis);
        text->position->setAxisRect(m_plot->axisRect());
        text->position->setCoords(1.0, i);
        text->setPadding(QMargins(int(std::lround(6.0 * m_scaleFactor)), 0, 0, 0));
        text->setText(note(row));
        text->setColor(row.losesWeight()
                           ? kLostColor
                           : (m_dark ? QColor(0xee, 0xee, 0xee) : QColor(0x20, 0x20, 0x20)));
        text->setFont(font);
    }
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void EntropyBarsView::showToolTip(QMouseEvent *event)
{
    const int row = int(std::lround(m_plot->yAxis->pixelToCoord(event->position().y())));
    const QString text = toolTipFor(row);
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(event->globalPosition().toPoint(), text, m_plot);
}

} // namespace AttentionLab
