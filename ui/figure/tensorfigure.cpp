// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/figure/tensorfigure.h"

#include "core/sets/attentionaggregates.h"
#include "core/sets/matrixrowstatistics.h"
#include "core/sets/tokenlabels.h"
#include "core/support/counttext.h"
#include "core/support/memorybudget.h"
#include "ui/figure/attentionimage.h"
#include "ui/figure/figurepainter.h"
#include "ui/figure/headgridstyle.h"
#include "ui/figure/linepainter.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QPicture>
#include <QStringList>

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace AttentionLab {

namespace {

/// A matrix to draw: a head of the tensor itself (never copied) or one
/// computed from it (an average, the rollout, a word-merged matrix).
struct Matrix
{
    FloatMatrix owned;
    const float *head = nullptr; ///< the tensor's own head, when nothing was computed
    int rows = 0;
    int cols = 0;
    QStringList rowLabels;
    QStringList colLabels;
    bool merged = false;      ///< word-level merging was applied
    KeyVisibility visibility; ///< which cells were masked: NaN in at(), grey in the figure

    /// The weight, or NaN where the query could not see the key.
    double shown(int i, int j) const
    {
        return visibility.sees(i, j) ? double(at(i, j)) : std::numeric_limits<double>::quiet_NaN();
    }

    const float *data() const { return owned.size() > 0 ? owned.data() : head; }
    float at(int i, int j) const { return data()[static_cast<long long>(i) * cols + j]; }
};

std::vector<std::string> queryTokens(const AttentionTensor &t)
{
    std::vector<std::string> out;
    for (int i = 0; i < t.queries(); ++i)
        out.push_back(t.queryToken(i));
    return out;
}

std::vector<std::string> keyTokens(const AttentionTensor &t)
{
    std::vector<std::string> out;
    for (int j = 0; j < t.keys(); ++j)
        out.push_back(t.keyToken(j));
    return out;
}

QStringList displayed(const std::vector<std::string> &tokens)
{
    QStringList out;
    for (const std::string &token : tokens)
        out << QString::fromStdString(displayToken(token));
    return out;
}

/// A Q x K matrix, the tensor's \a head or \a computed from it, with its
/// labels, merged into words when asked and the file has tokens to merge.
Matrix prepare(const TensorFigureData &d, const float *head, FloatMatrix computed = {},
               bool isRollout = false)
{
    const AttentionTensor &t = d.tensor;
    const float *source = computed.size() > 0 ? computed.data() : head;
    Matrix m;
    m.visibility = isRollout ? t.visibility().forRollout() : t.visibility();
    m.rows = t.queries();
    m.cols = t.keys();
    const WordGroups rowWords = d.words ? groupWords(queryTokens(t)) : WordGroups{};
    const WordGroups colWords = d.words ? groupWords(keyTokens(t)) : WordGroups{};
    if (rowWords.mergesAny() || colWords.mergesAny()) {
        const Eigen::Map<const FloatMatrix> matrix(source, m.rows, m.cols);
        m.owned = mergeWords(matrix, rowWords, colWords);
        m.rows = int(m.owned.rows());
        m.cols = int(m.owned.cols());
        for (const std::string &word : rowWords.words)
            m.rowLabels << QString::fromStdString(word);
        for (const std::string &word : colWords.words)
            m.colLabels << QString::fromStdString(word);
        m.merged = true;
        m.visibility = m.visibility.forWords();
        return m;
    }
    m.owned = std::move(computed);
    m.head = m.owned.size() > 0 ? nullptr : head;
    m.rowLabels = displayed(queryTokens(t));
    m.colLabels = displayed(keyTokens(t));
    return m;
}

/// A figure that cannot be drawn says why, in its middle.
void message(QPainter &painter, const QRectF &rect, const FigureStyle &style, const QString &text)
{
    FigurePainter base(painter, style);
    base.setUnitFor(rect.width(), rect.height() * 1.4, 900.0);
    painter.setFont(base.font(22));
    painter.setPen(style.foreground());
    painter.drawText(rect.adjusted(base.pt(20), base.pt(20), -base.pt(20), -base.pt(20)),
                     Qt::AlignCenter | Qt::TextWordWrap, text);
}

/// The reason \a d's layer (and head, when \a needsHead) cannot be drawn, or empty.
QString rangeProblem(const TensorFigureData &d, bool needsHead)
{
    const AttentionTensor &t = d.tensor;
    if (t.isEmpty())
        return QStringLiteral("The attention tensor is empty.");
    if (d.layer < 0 || d.layer >= t.layers())
        return QStringLiteral("There is no layer %1: the layers are 0 to %2.")
            .arg(d.layer)
            .arg(t.layers() - 1);
    if (needsHead && (d.head < 0 || d.head >= t.heads()))
        return QStringLiteral("There is no head %1: the heads are 0 to %2.")
            .arg(d.head)
            .arg(t.heads() - 1);
    return {};
}

QString scoreText(const TensorFigureData &d)
{
    const size_t index = static_cast<size_t>(d.layer) * d.tensor.heads() + d.head;
    if (index >= d.scores.size())
        return {};
    const HeadScores &s = d.scores[index];
    QStringList parts;
    for (int k = 0; k < kHeadScoreKindCount; ++k) {
        const auto kind = HeadScoreKind(k);
        const double v = s.value(kind);
        parts << QStringLiteral("%1 %2").arg(QString::fromStdString(headScoreTitle(kind)),
                                             std::isnan(v) ? QStringLiteral("–")
                                                           : QString::number(v, 'f', 3));
    }
    return parts.join(QStringLiteral(" · "));
}

/// A title line, a smaller line under it; returns the rest of \a rect.
QRectF headed(FigurePainter &base, const QRectF &rect, const QString &title,
              const QString &subtitle)
{
    QPainter &p = base.painter();
    const QRectF inner = base.titled(rect);
    const QFont titleFont = base.font(22, true);
    const QFont subtitleFont = base.font(16);
    const double titleHeight = QFontMetricsF(titleFont).height() * 1.3;
    const double subtitleHeight =
        subtitle.isEmpty() ? 0.0 : QFontMetricsF(subtitleFont).height() * 1.3;
    p.setPen(base.style().foreground());
    p.setFont(titleFont);
    p.drawText(QRectF(inner.left(), inner.top(), inner.width(), titleHeight), Qt::AlignCenter,
               title);
    if (!subtitle.isEmpty()) {
        // A long line of scores shrinks to the width rather than clip.
        QFont fitted = subtitleFont;
        const double width = QFontMetricsF(subtitleFont).horizontalAdvance(subtitle);
        if (width > inner.width() * 0.98)
            fitted.setPixelSize(
                std::max(6, int(subtitleFont.pixelSize() * inner.width() * 0.98 / width)));
        p.setFont(fitted);
        p.setPen(base.style().muted());
        p.drawText(QRectF(inner.left(), inner.top() + titleHeight, inner.width(), subtitleHeight),
                   Qt::AlignCenter, subtitle);
    }
    return inner.adjusted(0, titleHeight + subtitleHeight + base.pt(6), 0, 0);
}

/// A matrix as a heatmap (max-downsampled when it has more cells than
/// pixels) over its entropy bars, as the session's figure draws its weights.
void matrixFigure(QPainter &painter, const QRectF &rect, const Matrix &m, const QString &title,
                  const QString &subtitle, const FigureStyle &style)
{
    FigurePainter base(painter, style);
    base.setUnitFor(rect.width(), rect.height() * 1.4, 1000.0);
    base.fixUnit();
    const QRectF inner = headed(
        base, rect.adjusted(base.pt(16), base.pt(12), -base.pt(16), -base.pt(12)), title, subtitle);
    const QRectF top(inner.left(), inner.top(), inner.width(), inner.height() * 0.64);
    const QRectF bottom(inner.left(), top.bottom() + base.pt(10), inner.width(),
                        inner.height() * 0.36 - base.pt(10));

    FigurePainter::MatrixHeatmap spec;
    spec.rows = m.rows;
    spec.cols = m.cols;
    spec.value = [&m](int i, int j) { return m.shown(i, j); };
    spec.rowLabel = [&m](int i) { return m.rowLabels.value(i); };
    spec.colLabel = [&m](int j) { return m.colLabels.value(j); };
    spec.rowTitle = m.merged ? QStringLiteral("query words") : QStringLiteral("queries");
    spec.colTitle = m.merged ? QStringLiteral("key words") : QStringLiteral("keys");
    spec.minNumberSize = 9.0; // a 24-token head's numbers would be specks
    spec.cellImage = [&m, &style](const QSize &pixels) {
        return attentionImage(m.data(), m.cols, QRect(0, 0, m.cols, m.rows), pixels, style.colorMap,
                              0.0, 1.0, m.visibility);
    };
    base.matrixHeatmap(top, spec);

    const std::vector<RowStatistics> rows = matrixRowStatistics(m.data(), m.rows, m.cols);
    FigurePainter::EntropyBars bars;
    bars.rows = m.rows;
    bars.row = [&rows](int i) -> const RowStatistics & { return rows[size_t(i)]; };
    bars.rowLabel = spec.rowLabel;
    base.entropyBars(bottom, bars);
}

QString wordsNote(const Matrix &m, const TensorFigureData &d)
{
    if (m.merged)
        return QStringLiteral(", words merged");
    if (d.words && d.tensor.tokens().empty())
        return QStringLiteral(" (the file has no tokens to merge into words)");
    if (d.words)
        return QStringLiteral(" (no token here is part of a longer word)");
    return {};
}

void paintHead(QPainter &painter, const QRectF &rect, const TensorFigureData &d,
               const FigureStyle &style)
{
    if (const QString problem = rangeProblem(d, true); !problem.isEmpty())
        return message(painter, rect, style, problem);
    const Matrix m = prepare(d, d.tensor.headData(d.layer, d.head));
    matrixFigure(
        painter, rect, m,
        QStringLiteral("layer %1, head %2%3").arg(d.layer).arg(d.head).arg(wordsNote(m, d)),
        scoreText(d), style);
}

void paintAverage(QPainter &painter, const QRectF &rect, const TensorFigureData &d,
                  const FigureStyle &style)
{
    if (const QString problem = rangeProblem(d, false); !problem.isEmpty())
        return message(painter, rect, style, problem);
    const Matrix m = prepare(d, nullptr, layerAverage(d.tensor, d.layer));
    matrixFigure(painter, rect, m,
                 QStringLiteral("layer %1, the mean of its %2 heads%3")
                     .arg(d.layer)
                     .arg(d.tensor.heads())
                     .arg(wordsNote(m, d)),
                 QString(), style);
}

void paintRollout(QPainter &painter, const QRectF &rect, const TensorFigureData &d,
                  const FigureStyle &style)
{
    if (d.tensor.isEmpty())
        return message(painter, rect, style, QStringLiteral("The attention tensor is empty."));
    if (!hasRollout(d.tensor))
        return message(painter, rect, style,
                       QStringLiteral("Attention rollout needs as many queries as keys; this "
                                      "file has %1 queries and %2 keys.")
                           .arg(d.tensor.queries())
                           .arg(d.tensor.keys()));
    if (const std::string why = rolloutRefusal(d.tensor); !why.empty())
        return message(painter, rect, style,
                       QStringLiteral("Not drawn: %1.").arg(QString::fromStdString(why)));
    const Matrix m = prepare(d, nullptr, rollout(d.tensor), true);
    matrixFigure(
        painter, rect, m,
        QStringLiteral("attention rollout over %1%2")
            .arg(QString::fromStdString(countText(d.tensor.layers(), "layer")), wordsNote(m, d)),
        QStringLiteral("R = %1, B_l = 0.5 A_l + 0.5 I, A_l the mean of layer l's heads "
                       "(Abnar and Zuidema 2020)")
            .arg(d.tensor.layers() == 1
                     ? QStringLiteral("B_0")
                     : QStringLiteral("B_%1 ··· B_0").arg(d.tensor.layers() - 1)),
        style);
}

void paintLines(QPainter &painter, const QRectF &rect, const TensorFigureData &d,
                const FigureStyle &style)
{
    if (const QString problem = rangeProblem(d, true); !problem.isEmpty())
        return message(painter, rect, style, problem);
    const Matrix m = prepare(d, d.tensor.headData(d.layer, d.head));
    FigurePainter base(painter, style);
    base.setUnitFor(rect.width(), rect.height() * 1.4, 1000.0);
    const QRectF inner =
        headed(base, rect.adjusted(base.pt(16), base.pt(12), -base.pt(16), -base.pt(12)),
               QStringLiteral("layer %1, head %2%3").arg(d.layer).arg(d.head).arg(wordsNote(m, d)),
               scoreText(d));
    LineDiagram diagram;
    diagram.rows = m.rows;
    diagram.cols = m.cols;
    diagram.value = [&m](int i, int j) { return double(m.at(i, j)); };
    diagram.rowLabel = [&m](int i) { return m.rowLabels.value(i); };
    diagram.colLabel = [&m](int j) { return m.colLabels.value(j); };
    if (m.merged) {
        diagram.rowTitle = QStringLiteral("query words");
        diagram.colTitle = QStringLiteral("key words");
    }
    LinePainter(painter, style).paint(inner, diagram);
}

/// Lays out the grid of heads in \a rect and, with \a draw, draws it, as the
/// Model tab shows it: the heads in its order, each frame coloured by the
/// chosen score, the score under each head, a bar under the heads that
/// share a key/value head, and the legend of both. The rows are packed and
/// the block centred, so no band is left empty between them. Returns the
/// height the figure used from rect's top (tensorFigureDefaultSize).
double layoutGrid(QPainter &painter, const QRectF &rect, const TensorFigureData &d,
                  const FigureStyle &style, bool draw)
{
    const AttentionTensor &t = d.tensor;
    FigurePainter base(painter, style);
    base.setUnitFor(rect.width(), rect.height() * 1.4, 1000.0);
    base.fixUnit();
    const int L = t.layers(), H = t.heads();
    const bool scored = d.scores.size() == static_cast<size_t>(L) * H;
    const QString scoreName = QString::fromStdString(headScoreTitle(d.scoreKind));
    const QRectF inner = headed(
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
    const double headerWidth =
        d.sorted ? 0.0
                 : metrics.horizontalAdvance(QStringLiteral("layer %1").arg(L - 1)) + base.pt(10);
    const double headerHeight = d.sorted ? 0.0 : metrics.height() * 1.4;
    const double legendHeight = scored ? HeadGridStyle::legendHeight(legendFont) + base.pt(8) : 0.0;
    const double cellWidth = (inner.width() - headerWidth) / H;
    const double textHeight = QFontMetricsF(labelFont).height() * 1.15;
    const double frame = std::max(2.0, base.pt(3));
    const double barHeight = grouped ? std::max(3.0, base.pt(5)) : 0.0;
    const double available = inner.height() - headerHeight - legendHeight;
    // The square each head gets: what both the width and the height allow.
    double pad = std::max(1.0, cellWidth * 0.05);
    double side = std::min(cellWidth - 2 * pad - 2 * frame,
                           available / rows - textHeight - barHeight - 2 * pad - 2 * frame);
    side = std::max(2.0, side);
    pad = std::max(1.0, std::min(pad, side * 0.08));
    const double cellHeight = side + 2 * frame + 2 * pad + textHeight + barHeight;
    const double blockWidth = headerWidth + H * (side + 2 * frame + 2 * pad);
    const double blockHeight = headerHeight + rows * cellHeight;
    // The block centred in what it leaves free: the spare room is outside it.
    const double left = inner.left() + std::max(0.0, (inner.width() - blockWidth) / 2);
    const double top = inner.top() + std::max(0.0, (available + headerHeight - blockHeight) / 2);
    const double column = side + 2 * frame + 2 * pad;
    const double used = top + blockHeight + legendHeight - rect.top() + base.pt(12);
    if (!draw)
        return used;

    painter.setPen(style.foreground());
    painter.setFont(headerFont);
    if (!d.sorted) {
        for (int h = 0; h < H; ++h)
            painter.drawText(QRectF(left + headerWidth + h * column, top, column, headerHeight),
                             Qt::AlignCenter, QStringLiteral("head %1").arg(h));
        for (int l = 0; l < L; ++l)
            painter.drawText(QRectF(inner.left(), top + headerHeight + l * cellHeight,
                                    left - inner.left() + headerWidth - base.pt(8),
                                    side + 2 * frame + 2 * pad),
                             Qt::AlignRight | Qt::AlignVCenter, QStringLiteral("layer %1").arg(l));
    }
    const HeadGridStyle::ScoreSpan span =
        scored ? HeadGridStyle::scoreSpan(d.scores, d.scoreKind) : HeadGridStyle::ScoreSpan{};
    for (int p = 0; p < int(order.size()); ++p) {
        const int index = order[size_t(p)];
        const int l = index / H, h = index % H;
        const double x = left + headerWidth + (p % H) * column;
        const double y = top + headerHeight + (p / H) * cellHeight;
        const QRectF thumb(x + pad + frame, y + pad + frame, side, side);
        const double value = scored ? d.scores[size_t(index)].value(d.scoreKind) : std::nan("");
        if (scored)
            painter.fillRect(thumb.adjusted(-frame, -frame, frame, frame),
                             HeadGridStyle::frameColor(span.position(value), dark));
        const QSize pixels = base.devicePixelsOf(thumb);
        QImage image =
            attentionImage(t.headData(l, h), t.keys(), QRect(0, 0, t.keys(), t.queries()), pixels,
                           style.colorMap, 0.0, 1.0, t.visibility());
        // A short head has a pixel a cell: blown up here, cell by cell,
        // since PDF and SVG viewers would smooth it into a blur.
        if (image.width() < pixels.width() || image.height() < pixels.height())
            image = image.scaled(pixels, Qt::IgnoreAspectRatio, Qt::FastTransformation);
        painter.save();
        painter.setRenderHint(QPainter::SmoothPixmapTransform, false);
        painter.drawImage(thumb, image);
        painter.restore();
        QString text = QStringLiteral("%1.%2").arg(l).arg(h);
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

void paintGrid(QPainter &painter, const QRectF &rect, const TensorFigureData &d,
               const FigureStyle &style)
{
    if (d.tensor.isEmpty())
        return message(painter, rect, style, QStringLiteral("The attention tensor is empty."));
    layoutGrid(painter, rect, d, style, true);
}

} // namespace

const QList<TensorFigureView> &tensorFigureViews()
{
    static const QList<TensorFigureView> views{
        {QStringLiteral("grid"),
         QStringLiteral("every head of every layer as a thumbnail, with its mean entropy"),
         QSize(1700, 1800), paintGrid},
        {QStringLiteral("head"),
         QStringLiteral("one head (--layer, --head) large, with its tokens and entropy bars"),
         QSize(1600, 1400), paintHead},
        {QStringLiteral("lines"),
         QStringLiteral("one head (--layer, --head) as lines from each query to each key"),
         QSize(1200, 1400), paintLines},
        {QStringLiteral("average"), QStringLiteral("the mean of the heads of --layer"),
         QSize(1600, 1400), paintAverage},
        {QStringLiteral("rollout"),
         QStringLiteral("attention rollout through every layer (needs as many queries as keys)"),
         QSize(1600, 1400), paintRollout},
    };
    return views;
}

const TensorFigureView *findTensorFigureView(const QString &name)
{
    for (const TensorFigureView &view : tensorFigureViews())
        if (view.name == name)
            return &view;
    return nullptr;
}

QString tensorFigureViewNames()
{
    QStringList names;
    for (const TensorFigureView &view : tensorFigureViews())
        names << view.name;
    return names.join(QStringLiteral(", "));
}

QSize tensorFigureDefaultSize(const TensorFigureView &view, const TensorFigureData &data)
{
    if (view.name != QLatin1String("grid") || data.tensor.isEmpty())
        return view.defaultSize;
    // The grid's width as it was; its height what its rows take at that
    // width (the fonts follow the height too: a few rounds settle it).
    const double width = view.defaultSize.width();
    double height = view.defaultSize.height();
    for (int round = 0; round < 4; ++round) {
        QPicture picture;
        QPainter painter(&picture);
        const double used =
            layoutGrid(painter, QRectF(0, 0, width, height), data, FigureStyle(), false);
        if (std::abs(used - height) < 1.0)
            break;
        height = std::clamp(used, 0.25 * width, 3.0 * width);
    }
    return QSize(int(width), int(std::ceil(height)));
}

ExportFigure tensorExportFigure(const TensorFigureView &view, const TensorFigureData &data)
{
    const AttentionShape shape = data.tensor.shape();
    return ExportFigure{
        view.name,
        QStringLiteral("%1 of a %2 x %3 x %4 x %5 attention tensor")
            .arg(view.description)
            .arg(shape.layers)
            .arg(shape.heads)
            .arg(shape.queries)
            .arg(shape.keys),
        tensorFigureDefaultSize(view, data),
        [&view, &data](QPainter &painter, const QRectF &rect, const FigureStyle &style) {
            view.paint(painter, rect, data, style);
        },
        [shape, &view, &data](const QSize &pixels) {
            // The whole rollout matrix takes L - 1 products: refused past its limit.
            if (view.name == QLatin1String("rollout") && hasRollout(data.tensor))
                if (const std::string why = rolloutRefusal(data.tensor); !why.empty())
                    throw std::invalid_argument(why);
            // Beside its pixels a figure holds a few Q x K float matrices:
            // an average or rollout, its word-merged copy, the rollout's product.
            const double matrices = 3.0 * double(shape.headSize()) * sizeof(float);
            requireMemory(figureExportBytes(matrices, pixels.width(), pixels.height()),
                          QStringLiteral("exporting %1 x %2 pixels of %3 x %4 attention")
                              .arg(pixels.width())
                              .arg(pixels.height())
                              .arg(shape.queries)
                              .arg(shape.keys)
                              .toStdString());
        }};
}

} // namespace AttentionLab
