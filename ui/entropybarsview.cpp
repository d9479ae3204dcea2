#include "entropybarsview.h"

#include "attentiondocument.h"
#include "plottheme.h"

#include <QVBoxLayout>

#include <qcustomplot.h>

namespace AttentionLab {

namespace {

/// Rows that get their own label and number; more would overlap.
constexpr int kMaxLabels = 40;

/// A short vertical red stroke at each row's maximum entropy. QCustomPlot
/// scales a custom path, pen included, by size / 6: size 6 keeps the path's
/// units in pixels.
QCPScatterStyle maximumMarker(double scale)
{
    const double height = 28.0 * scale;
    QPainterPath tick;
    tick.moveTo(0, -height / 2);
    tick.lineTo(0, height / 2);
    return QCPScatterStyle(tick, QPen(QColor(0xd9, 0x3f, 0x3f), 3.0 * scale), Qt::NoBrush, 6.0);
}

} // namespace

EntropyBarsView::EntropyBarsView(AttentionDocument *document, QWidget *parent)
    : QWidget(parent)
    , m_document(document)
    , m_plot(new QCustomPlot(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);

    // Horizontal bars: queries down the left, bits along the bottom.
    m_bars = new QCPBars(m_plot->yAxis, m_plot->xAxis);
    m_bars->setWidth(0.6);
    m_bars->setPen(Qt::NoPen);
    m_bars->setBrush(QColor(0x31, 0x68, 0x8e));
    m_bars->setName(tr("entropy"));
    m_maximum = new QCPGraph(m_plot->yAxis, m_plot->xAxis);
    m_maximum->setLineStyle(QCPGraph::lsNone);
    m_maximum->setScatterStyle(maximumMarker(1.0));
    m_maximum->setName(tr("maximum log2(visible keys)"));
    m_plot->xAxis->setLabel(tr("entropy in bits\n(red mark: the maximum, log2 of the visible keys)"));
    m_plot->yAxis->setRangeReversed(true);
    m_plot->yAxis->grid()->setVisible(false);

    PlotTheme::apply(m_plot, false, 1.0);
    connect(document, &AttentionDocument::resultChanged, this, &EntropyBarsView::refresh);
    refresh();
}

EntropyBarsView::~EntropyBarsView() = default;

void EntropyBarsView::setAppearance(bool dark, double scale)
{
    m_scaleFactor = scale;
    m_dark = dark;
    PlotTheme::apply(m_plot, dark, scale);
    m_bars->setBrush(dark ? QColor(0x4f, 0x9b, 0xd4) : QColor(0x31, 0x68, 0x8e));
    m_maximum->setScatterStyle(maximumMarker(scale));
    refresh();
}

QStringList EntropyBarsView::barLabels() const
{
    QStringList texts;
    for (const QCPItemText *label : m_labels)
        texts << label->text();
    return texts;
}

void EntropyBarsView::refresh()
{
    const Session &s = m_document->session();
    const AttentionResult &r = m_document->result();
    const int m = int(r.queryCount());
    QVector<double> rows(m), bits(m), maxima(m);
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    const int labelStep = std::max(1, (m + kMaxLabels - 1) / kMaxLabels);
    double top = 1.0;
    for (int i = 0; i < m; ++i) {
        rows[i] = i;
        bits[i] = r.rows[size_t(i)].entropyBits;
        maxima[i] = r.rows[size_t(i)].maxEntropyBits;
        top = std::max(top, maxima[i]);
        if (i % labelStep == 0)
            ticker->addTick(i, QString::fromStdString(s.queryLabel(i)));
    }
    m_bars->setData(rows, bits, true);
    m_maximum->setData(rows, maxima, true);
    m_plot->yAxis->setTicker(ticker);
    m_plot->yAxis->setRange(-0.6, m - 0.4);
    m_plot->xAxis->setRange(0, top * (1.25 + 0.2 * m_scaleFactor)); // room for the labels

    // Numbers on the bars while they can be read; beyond that the bars speak.
    const int labelled = m <= kMaxLabels ? m : 0;
    while (m_labels.size() > labelled) {
        m_plot->removeItem(m_labels.takeLast());
    }
    while (m_labels.size() < labelled) {
        auto *text = new QCPItemText(m_plot);
        text->setPositionAlignment(Qt::AlignLeft | Qt::AlignVCenter);
        text->setClipToAxisRect(true);
        m_labels.append(text);
    }
    for (int i = 0; i < labelled; ++i) {
        const RowStatistics &row = r.rows[size_t(i)];
        QCPItemText *text = m_labels[i];
        text->position->setAxes(m_plot->xAxis, m_plot->yAxis);
        text->position->setCoords(std::max(bits[i], maxima[i]) + top * 0.03, i);
        const bool lost = row.sum < 1.0 - 1e-9 && !row.empty();
        text->setText(row.empty() ? tr("no visible key")
                                  : tr("%1 bits · sum %2").arg(row.entropyBits, 0, 'f', 4).arg(row.sum, 0, 'f', 4));
        text->setColor(lost ? QColor(0xe0, 0x40, 0x40)
                            : (m_dark ? QColor(0xee, 0xee, 0xee) : QColor(0x20, 0x20, 0x20)));
        QFont font = text->font();
        font.setPointSizeF(10.0 * m_scaleFactor);
        text->setFont(font);
    }
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

} // namespace AttentionLab
