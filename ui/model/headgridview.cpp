// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/model/headgridview.h"

#include "ui/figure/attentionimage.h"
#include "ui/figure/headgridstyle.h"
#include "ui/model/modeldocument.h"

#include <QPaintEvent>
#include <QPainter>
#include <QtConcurrent/QtConcurrentMap>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace AttentionLab {

namespace {

constexpr int kGap = 8;
constexpr int kMargin = 8;
constexpr int kMinimumSide = 32;
/// The smallest tile when the whole grid must fit: a 48-layer model on a laptop.
constexpr int kMinimumFitSide = 6;
constexpr int kMaximumSide = 160;
/// Fit all's tiles: at most this large, and at most this many times as wide
/// as tall (wider drew a square head's diagonal too flat to read as one).
constexpr int kMaximumFitSide = 480;
constexpr double kFitAspect = 2.0;
/// Fit all's gap when its rows are shorter than this: a 36-layer model's
/// grid would spend a third of its height between rows.
constexpr int kSmallFitRow = 28;
constexpr int kSmallFitGap = 2;

} // namespace

HeadGridView::HeadGridView(ModelDocument *document, QWidget *parent)
    : QWidget(parent), m_document(document)
{
    setFocusPolicy(Qt::StrongFocus);
    setAccessibleName(tr("Heads"));
    setAccessibleDescription(tr("One thumbnail per head: arrow keys move, Enter opens it large"));
    connect(&m_watcher, &QFutureWatcher<BackgroundOutcome<FloatMatrix>>::resultReadyAt, this,
            &HeadGridView::arrived);
    connect(document, &ModelDocument::tensorChanged, this, &HeadGridView::restart);
    connect(document, &ModelDocument::scoresChanged, this, [this] {
        sortHeads();
        update();
    });
    connect(document, &ModelDocument::currentChanged, this, qOverload<>(&QWidget::update));
    connect(document, &ModelDocument::knockedOutChanged, this, qOverload<>(&QWidget::update));
    restart();
}

HeadGridView::~HeadGridView()
{
    m_watcher.disconnect(this);
    m_watcher.cancel();
}

void HeadGridView::restart()
{
    m_watcher.cancel();
    m_small.clear();
    m_images.clear();
    m_done = 0;
    const int count = m_document->isEmpty() ? 0 : int(m_document->tensor().shape().headCount());
    m_small.resize(size_t(count));
    m_images.resize(size_t(count));
    sortHeads();
    relayout();
    update();
    emit progressChanged(0, count);
    if (count == 0)
        return;
    std::vector<int> indices(static_cast<size_t>(count));
    std::iota(indices.begin(), indices.end(), 0);
    // Each head shrunk once, max-downsampled so a strong cell stays visible;
    // the shared handle keeps the tensor alive if another file replaces it.
    std::shared_ptr<const AttentionTensor> tensor = m_document->sharedTensor();
    m_watcher.setFuture(QtConcurrent::mapped(std::move(indices), [tensor](int index) {
        return catching([&] {
            const int layer = index / tensor->heads();
            const int head = index % tensor->heads();
            const int q = tensor->queries();
            const int k = tensor->keys();
            return downsampleMax(tensor->headData(layer, head), k, 0, q, 0, k,
                                 std::min(q, kThumbnailCells), std::min(k, kThumbnailCells));
        });
    }));
}

void HeadGridView::arrived(int index)
{
    if (index < 0 || index >= int(m_small.size()) || m_small[size_t(index)].size() > 0)
        return;
    // A thumbnail that could not be made (no memory for it) stays blank.
    BackgroundOutcome<FloatMatrix> outcome = m_watcher.resultAt(index);
    if (outcome.value)
        m_small[size_t(index)] = std::move(*outcome.value);
    m_images[size_t(index)] = QImage();
    ++m_done;
    update(cellRect(positionOf(index)));
    emit progressChanged(m_done, int(m_small.size()));
}

bool HeadGridView::thumbnailsReady() const
{
    return m_done == int(m_small.size());
}

void HeadGridView::setColorMap(ColorMaps::Name name)
{
    m_colorMap = name;
    std::fill(m_images.begin(), m_images.end(), QImage());
    update();
}

void HeadGridView::setFitAll(bool fit)
{
    if (fit == m_fitAll)
        return;
    m_fitAll = fit;
    relayout();
    update();
}

void HeadGridView::setColorRange(ColorRange::Mode mode)
{
    m_colorRange = mode;
    std::fill(m_images.begin(), m_images.end(), QImage());
    update();
}

void HeadGridView::setScoreKind(HeadScoreKind kind)
{
    m_scoreKind = kind;
    sortHeads();
    update();
    emit scoreKindChanged(kind);
}

void HeadGridView::setSorted(bool sorted)
{
    m_sorted = sorted;
    sortHeads();
    update();
}

void HeadGridView::setDark(bool dark)
{
    m_dark = dark;
    relayout();
    update();
}

void HeadGridView::sortHeads()
{
    static const std::vector<HeadScores> none;
    m_order =
        HeadGridStyle::displayOrder(m_document->scoresReady() ? m_document->allScores() : none,
                                    int(m_small.size()), m_scoreKind, m_sorted);
}

void HeadGridView::setLayerMarks(QStringList marks, QStringList notes)
{
    m_layerMarks = std::move(marks);
    m_layerNotes = std::move(notes);
    update();
}

QStringList HeadGridView::labels() const
{
    QStringList out;
    if (m_document->isEmpty())
        return out;
    const AttentionTensor &tensor = m_document->tensor();
    const int heads = tensor.heads();
    for (int index : m_order)
        out << QString::fromStdString(tensor.headName(index / heads, index % heads));
    return out;
}

void HeadGridView::relayout()
{
    const int heads = m_document->isEmpty() ? 1 : m_document->tensor().heads();
    const int layers = m_document->isEmpty() ? 0 : m_document->tensor().layers();
    const int rows = m_sorted ? (int(m_order.size()) + heads - 1) / heads : layers;
    m_gap = m_fitAll && rows > 0 && (height() - 2 * kMargin) / rows < kSmallFitRow ? kSmallFitGap
                                                                                   : kGap;
    const int byWidth = (width() - 2 * kMargin) / heads - m_gap;
    m_tileWidth = m_tileHeight = std::clamp(byWidth, kMinimumSide, kMaximumSide);
    const bool cross = !m_document->isEmpty() && m_document->setKind() == AttentionKind::Cross;
    if (cross) // a rectangle: headgridstyle.h
        m_tileHeight = std::max(
            kMinimumSide / 2,
            int(m_tileWidth * HeadGridStyle::thumbnailAspect(m_document->tensor().queries(),
                                                             m_document->tensor().keys(), true)));
    // The font is presentation mode's there; the score goes under the name when it does not fit.
    m_scoreBelow = fontMetrics().horizontalAdvance(QStringLiteral("00.00  0.000")) > m_tileWidth;
    m_labelHeight = fontMetrics().height() * (m_scoreBelow ? 2 : 1) + 6;
    m_namesHidden = false;
    m_offset = 0;
    m_namesOnTiles = false;
    if (m_fitAll && rows > 0) {
        // Fit fills the room: as tall as the height allows, and as wide as
        // the width allows up to kFitAspect times that (a 4 x 4 grid took
        // 300 px of a 1280 px hall). The names go on the tiles, in a corner,
        // so no row of the height is spent under them; the tooltips have them
        // where a tile is too small even for that.
        m_tileHeight =
            std::clamp((height() - 2 * kMargin) / rows - m_gap, kMinimumFitSide, kMaximumFitSide);
        m_tileWidth = std::clamp(std::min(byWidth, int(m_tileHeight * kFitAspect)), kMinimumFitSide,
                                 kMaximumFitSide);
        m_scoreBelow = false;
        m_labelHeight = 0;
        m_namesOnTiles = true;
        m_namesHidden =
            fontMetrics().horizontalAdvance(QStringLiteral("00.00")) + 6 > m_tileWidth ||
            fontMetrics().height() + 2 > m_tileHeight;
        // The grid in the middle of the width it does not fill.
        m_offset = std::max(0, (width() - 2 * kMargin - heads * (m_tileWidth + m_gap)) / 2);
    }
    std::fill(m_images.begin(), m_images.end(), QImage());
    const int least = m_fitAll ? kMinimumFitSide : kMinimumSide;
    setMinimumHeight(2 * kMargin +
                     rows * ((m_fitAll ? least : m_tileHeight) + m_labelHeight + m_gap));
    setMinimumWidth(2 * kMargin + heads * (least + m_gap));
}

void HeadGridView::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    relayout();
}

QRect HeadGridView::cellRect(int position) const
{
    if (position < 0 || m_document->isEmpty())
        return {};
    const int heads = m_document->tensor().heads();
    const int row = position / heads;
    const int col = position % heads;
    return QRect(kMargin + m_offset + col * (m_tileWidth + m_gap),
                 kMargin + row * (m_tileHeight + m_labelHeight + m_gap), m_tileWidth + m_gap,
                 m_tileHeight + m_labelHeight + m_gap);
}

QRect HeadGridView::thumbnailRect(int layer, int head) const
{
    if (m_document->isEmpty())
        return {};
    const QRect cell = cellRect(positionOf(layer * m_document->tensor().heads() + head));
    return QRect(cell.left() + m_gap / 2, cell.top() + m_gap / 2, m_tileWidth, m_tileHeight);
}

int HeadGridView::positionOf(int index) const
{
    const auto it = std::find(m_order.begin(), m_order.end(), index);
    return it == m_order.end() ? -1 : int(it - m_order.begin());
}

int HeadGridView::positionAt(const QPoint &point) const
{
    for (int p = 0; p < int(m_order.size()); ++p)
        if (cellRect(p).contains(point))
            return p;
    return -1;
}

QImage HeadGridView::thumbnailImage(int index)
{
    QImage &image = m_images[size_t(index)];
    const FloatMatrix &small = m_small[size_t(index)];
    if (image.isNull() && small.size() > 0) {
        // The colour range as the large view has it (ColorRange): fixed,
        // fitted to the head, or each of the thumbnail's rows (a row being
        // the largest weight of the queries it covers) from its own least to
        // its largest, so a long causal text's heads do not all look alike.
        const int rows = int(small.rows());
        const int cols = int(small.cols());
        const ColorRange range(m_colorRange, true, rows, cols,
                               [&small](int i, int j) { return double(small(i, j)); });
        FloatMatrix positions(rows, cols);
        for (int i = 0; i < rows; ++i)
            for (int j = 0; j < cols; ++j)
                positions(i, j) = std::isnan(small(i, j))
                                      ? small(i, j)
                                      : float(range.position(i, double(small(i, j))));
        image = attentionImage(positions.data(), cols, QRect(0, 0, cols, rows),
                               QSize(m_tileWidth, m_tileHeight), m_colorMap, 0.0, 1.0);
        // Each pixel bins the head's own queries and keys: grey where all it covers was masked.
        const AttentionTensor &t = m_document->tensor();
        const int layer = t.heads() > 0 ? index / t.heads() : 0;
        paintMaskedPixels(image, QRect(0, 0, t.keys(), t.queries()), t.visibilityOf(layer));
    }
    return image;
}

void HeadGridView::paintEvent(QPaintEvent *event)
{
    ++m_paints;
    QPainter painter(this);
    painter.fillRect(event->rect(), palette().color(QPalette::Base));
    if (m_document->isEmpty())
        return;
    const int heads = m_document->tensor().heads();
    const bool scored = m_document->scoresReady();
    const HeadGridStyle::ScoreSpan span =
        scored ? HeadGridStyle::scoreSpan(m_document->allScores(), m_scoreKind)
               : HeadGridStyle::ScoreSpan{};
    const int selected = m_document->layer() * heads + m_document->head();
    for (int p = 0; p < int(m_order.size()); ++p) {
        const QRect cell = cellRect(p);
        if (!cell.intersects(event->rect()))
            continue;
        const int index = m_order[size_t(p)];
        const QRect thumb(cell.left() + m_gap / 2, cell.top() + m_gap / 2, m_tileWidth,
                          m_tileHeight);
        const double value =
            scored ? m_document->scores(index / heads, index % heads).value(m_scoreKind)
                   : std::nan("");
        const double t = span.position(value);
        // The frame says the score; the selected head has the highlight around it.
        if (index == selected)
            painter.fillRect(thumb.adjusted(-4, -4, 4, m_labelHeight), palette().highlight());
        painter.fillRect(thumb.adjusted(-2, -2, 2, 2), HeadGridStyle::frameColor(t, m_dark));
        // Heads that shared one key/value head stand on one bar, the groups
        // told apart by two shades (in layer order; sorted, each its own).
        const AttentionTensor &tensor = m_document->tensor();
        if (tensor.keyValueHeads() < heads) {
            const int head = index % heads;
            const int group = tensor.keyValueHeadOf(head);
            const auto [first, last] = tensor.queryHeadsOf(group);
            const bool joined = !m_sorted;
            const int left = joined && head != first ? cell.left() : thumb.left();
            const int right = joined && head != last ? cell.right() + 1 : thumb.right() + 1;
            painter.fillRect(QRect(left, cell.bottom() - 4, right - left, 4),
                             HeadGridStyle::groupColor(group));
        }
        const QImage image = thumbnailImage(index);
        if (image.isNull())
            painter.fillRect(thumb, palette().color(QPalette::AlternateBase));
        else
            painter.drawImage(thumb, image);
        if (m_document->isKnockedOut(index / heads, index % heads)) {
            // Knocked out: its output zeroed in the pass; crossed out, greyed.
            painter.fillRect(thumb, QColor(128, 128, 128, 150));
            painter.save();
            painter.setRenderHint(QPainter::Antialiasing);
            painter.setPen(QPen(HeadGridStyle::knockedOutColor(), std::max(2, thumbnailSide() / 16),
                                Qt::SolidLine, Qt::RoundCap));
            painter.drawLine(thumb.topLeft(), thumb.bottomRight());
            painter.drawLine(thumb.topRight(), thumb.bottomLeft());
            painter.restore();
        }
        painter.setPen(index == selected ? palette().color(QPalette::HighlightedText)
                                         : palette().color(QPalette::Text));
        if (m_namesHidden)
            continue; // the name and the scores are in the tooltip
        QString name =
            QString::fromStdString(m_document->tensor().headName(index / heads, index % heads));
        if (index / heads < m_layerMarks.size() && !m_layerMarks[index / heads].isEmpty())
            name += QLatin1Char(' ') + m_layerMarks[index / heads];
        if (m_namesOnTiles) {
            // In a corner of the tile, on a box of the page's colour.
            const QString both = name + QStringLiteral("  ") + HeadGridStyle::scoreText(value);
            const QString text =
                scored && fontMetrics().horizontalAdvance(both) + 6 <= m_tileWidth ? both : name;
            const QRect box(thumb.left(), thumb.top(), fontMetrics().horizontalAdvance(text) + 6,
                            fontMetrics().height() + 2);
            QColor back = index == selected ? palette().color(QPalette::Highlight)
                                            : palette().color(QPalette::Base);
            back.setAlpha(index == selected ? 255 : 200);
            painter.fillRect(box, back);
            painter.drawText(box, Qt::AlignCenter, text);
            continue;
        }
        const QRect label(thumb.left(), thumb.bottom() + 3, m_tileWidth, m_labelHeight - 3);
        // The score beside the name where both fit.
        const QString both = name + (m_scoreBelow ? QStringLiteral("\n") : QStringLiteral("  ")) +
                             HeadGridStyle::scoreText(value);
        painter.drawText(
            label, Qt::AlignLeft | Qt::AlignTop,
            scored && (m_scoreBelow || fontMetrics().horizontalAdvance(both) <= m_tileWidth)
                ? both
                : name);
    }
    if (hasFocus() && selected < int(m_order.size())) {
        painter.setPen(QPen(palette().color(QPalette::Text), 1, Qt::DotLine));
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(cellRect(positionOf(selected)).adjusted(0, 0, -1, -1));
    }
}

} // namespace AttentionLab
