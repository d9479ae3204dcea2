// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/figure/tensorfigure.h"

#include "core/sets/attentionaggregates.h"
#include "core/sets/matrixrowstatistics.h"
#include "core/support/counttext.h"
#include "core/support/memorybudget.h"
#include "ui/figure/attentionimage.h"
#include "ui/figure/figureheading.h"
#include "ui/figure/figurepainter.h"
#include "ui/figure/heatmapstyle.h"
#include "ui/figure/linepainter.h"
#include "ui/figure/tensorgridfigure.h"
#include "ui/figure/tensormatrix.h"

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
    // A cross-attention's queries are tokens of their own: the detectors that
    // compare a query's position with a key's mean nothing there, and its
    // alignment's monotonicity nothing for a self-attention.
    const bool cross =
        !d.tensor.queryTokens().empty() && d.tensor.queryTokens() != d.tensor.tokens();
    const AttentionKind set = cross ? AttentionKind::Cross : kindOf(d.tensor);
    QStringList parts;
    for (int k = 0; k < kHeadScoreKindCount; ++k) {
        const auto kind = HeadScoreKind(k);
        if (!headScoreApplies(kind, set))
            continue;
        const double v = s.value(kind);
        parts << QStringLiteral("%1 %2").arg(QString::fromStdString(headScoreTitle(kind)),
                                             std::isnan(v) ? QStringLiteral("–")
                                                           : QString::number(v, 'f', 3));
    }
    return parts.join(QStringLiteral(" · "));
}

/// A matrix as a heatmap (max-downsampled when it has more cells than
/// pixels) over its entropy bars, as the session's figure draws its weights.
/// With \a alignment, the source (keys) along the top and the axes named
/// target and source, as Bahdanau et al.'s Figure 3.
QRectF matrixFigure(QPainter &painter, const QRectF &rect, const TensorMatrix &m,
                    const QString &title, const QString &subtitle, const FigureStyle &style,
                    bool alignment = false)
{
    FigurePainter base(painter, style);
    base.setUnitFor(rect.width(), rect.height() * 1.4, 1000.0);
    base.fixUnit();
    const QRectF inner = FigureHeading::headed(
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
    if (m.written)
        spec.rowTitle = QString::fromLatin1(m.merged ? "words written" : "tokens written");
    if (alignment) {
        // Bahdanau et al.'s rows: each the target word its row of weights wrote.
        spec.rowTitle = QString::fromLatin1(m.merged ? "target words" : "target") +
                        QString::fromLatin1(m.written ? " written" : "");
        spec.colTitle = m.merged ? QStringLiteral("source words") : QStringLiteral("source");
        spec.colLabelsOnTop = true;
    }
    spec.minNumberSize = HeatmapStyle::kSmallestHeadNumber; // as on the Model tab
    spec.cellImage = [&m, &style](const QSize &pixels) {
        return attentionImage(m.data(), m.cols, QRect(0, 0, m.cols, m.rows), pixels, style.colorMap,
                              0.0, 1.0, m.visibility);
    };
    const QRectF grid = base.matrixHeatmap(top, spec);

    const std::vector<RowStatistics> rows = matrixRowStatistics(m.data(), m.rows, m.cols);
    FigurePainter::EntropyBars bars;
    bars.rows = m.rows;
    bars.row = [&rows](int i) -> const RowStatistics & { return rows[size_t(i)]; };
    bars.rowLabel = spec.rowLabel;
    base.entropyBars(bottom, bars);
    return grid;
}

QString wordsNote(const TensorMatrix &m, const TensorFigureData &d)
{
    if (m.merged)
        return QStringLiteral(", words merged");
    if (d.words && d.tensor.tokens().empty())
        return QStringLiteral(" (the file has no tokens to merge into words)");
    if (d.words)
        return QStringLiteral(" (no token here is part of a longer word)");
    return {};
}

/// "layer 5, head 1", with the numbers the model gave them, and the words note.
QString headTitle(const TensorMatrix &m, const TensorFigureData &d)
{
    return QStringLiteral("layer %1, head %2%3")
        .arg(d.tensor.layerNumber(d.layer))
        .arg(d.tensor.headNumber(d.head))
        .arg(wordsNote(m, d));
}

void paintHead(QPainter &painter, const QRectF &rect, const TensorFigureData &d,
               const FigureStyle &style)
{
    paintTensorHead(painter, rect, d, style);
}

/// Bahdanau et al.'s Figure 3: one cross-attention head, the target's
/// tokens down the side and the source's across, a cell for each weight.
void paintAlignment(QPainter &painter, const QRectF &rect, const TensorFigureData &d,
                    const FigureStyle &style)
{
    if (const QString problem = rangeProblem(d, true); !problem.isEmpty()) {
        FigureHeading::message(painter, rect, style, problem);
        return;
    }
    const TensorMatrix m = TensorMatrix::prepare(d, d.tensor.headData(d.layer, d.head));
    matrixFigure(painter, rect, m, QStringLiteral("alignment: cross-attention, ") + headTitle(m, d),
                 scoreText(d), style, true);
}

} // namespace

QRectF paintTensorHead(QPainter &painter, const QRectF &rect, const TensorFigureData &d,
                       const FigureStyle &style)
{
    if (const QString problem = rangeProblem(d, true); !problem.isEmpty()) {
        FigureHeading::message(painter, rect, style, problem);
        return {};
    }
    const TensorMatrix m = TensorMatrix::prepare(d, d.tensor.headData(d.layer, d.head));
    return matrixFigure(painter, rect, m, headTitle(m, d), scoreText(d), style);
}

namespace {

void paintAverage(QPainter &painter, const QRectF &rect, const TensorFigureData &d,
                  const FigureStyle &style)
{
    if (const QString problem = rangeProblem(d, false); !problem.isEmpty())
        return FigureHeading::message(painter, rect, style, problem);
    const TensorMatrix m = TensorMatrix::prepare(d, nullptr, layerAverage(d.tensor, d.layer));
    matrixFigure(painter, rect, m,
                 QStringLiteral("layer %1, the mean of its %2 heads%3")
                     .arg(d.tensor.layerNumber(d.layer))
                     .arg(d.tensor.heads())
                     .arg(wordsNote(m, d)),
                 QString(), style);
}

void paintRollout(QPainter &painter, const QRectF &rect, const TensorFigureData &d,
                  const FigureStyle &style)
{
    if (d.tensor.isEmpty())
        return FigureHeading::message(painter, rect, style,
                                      QStringLiteral("The attention tensor is empty."));
    if (!hasRollout(d.tensor))
        return FigureHeading::message(
            painter, rect, style,
            QStringLiteral("Attention rollout needs as many queries as keys; this "
                           "file has %1 queries and %2 keys.")
                .arg(d.tensor.queries())
                .arg(d.tensor.keys()));
    if (const std::string why = rolloutRefusal(d.tensor); !why.empty())
        return FigureHeading::message(
            painter, rect, style,
            QStringLiteral("Not drawn: %1.").arg(QString::fromStdString(why)));
    const TensorMatrix m = TensorMatrix::prepare(d, nullptr, rollout(d.tensor), true);
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
        return FigureHeading::message(painter, rect, style, problem);
    const TensorMatrix m = TensorMatrix::prepare(d, d.tensor.headData(d.layer, d.head));
    FigurePainter base(painter, style);
    base.setUnitFor(rect.width(), rect.height() * 1.4, 1000.0);
    const QRectF inner = FigureHeading::headed(
        base, rect.adjusted(base.pt(16), base.pt(12), -base.pt(16), -base.pt(12)), headTitle(m, d),
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

} // namespace

const QList<TensorFigureView> &tensorFigureViews()
{
    static const QList<TensorFigureView> views{
        {QStringLiteral("grid"),
         QStringLiteral("every head of every layer as a thumbnail, with its mean entropy"),
         QSize(1700, 1800), paintTensorGrid},
        {QStringLiteral("head"),
         QStringLiteral("one head (--layer, --head) large, with its tokens and entropy bars"),
         QSize(1600, 1400), paintHead, true},
        {QStringLiteral("lines"),
         QStringLiteral("one head (--layer, --head) as lines from each query to each key"),
         QSize(1200, 1400), paintLines, true},
        {QStringLiteral("average"), QStringLiteral("the mean of the heads of --layer"),
         QSize(1600, 1400), paintAverage},
        {QStringLiteral("rollout"),
         QStringLiteral("attention rollout through every layer (needs as many queries as keys)"),
         QSize(1600, 1400), paintRollout, false, false, true},
        {QStringLiteral("alignment"),
         QStringLiteral("a cross-attention head (--layer, --head) as Bahdanau et al.'s alignment: "
                        "target tokens down, source tokens across"),
         QSize(1600, 1400), paintAlignment, true, true, false, true},
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
    // The grid's width as it was; its height what its rows take when the
    // tiles are as wide as that width lets them be (measured on a page too
    // tall to hold them back), at most twice the width: past it, the tiles
    // shrink to fit. (Settling on the default height instead shrank twelve
    // layers of two heads to tiles of ten pixels.) The fonts follow the
    // height too: one more measure at the height chosen settles them.
    const double width = view.defaultSize.width();
    const double tallest = 2.0 * width;
    const auto measure = [&](double height) {
        QPicture picture;
        QPainter painter(&picture);
        return layoutTensorGrid(painter, QRectF(0, 0, width, height), data, FigureStyle(), false);
    };
    double height = std::clamp(measure(100.0 * width), 0.25 * width, tallest);
    if (height < tallest)
        height = std::clamp(measure(height), 0.25 * width, tallest);
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
            if (view.needsSquareSelfAttention && hasRollout(data.tensor))
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
