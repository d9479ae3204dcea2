// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/sets/attentiontensor.h"
#include "core/sets/headscores.h"
#include "ui/figure/figureexporter.h"
#include "ui/figure/figurestyle.h"

#include <QList>
#include <QRectF>
#include <QSize>
#include <QString>

#include <functional>
#include <vector>

class QPainter;

namespace AttentionLab {

/// What a model's figure is drawn from: its attention tensor, the scores of
/// its heads, the head or layer chosen (0-based) and word-level merging.
struct TensorFigureData
{
    const AttentionTensor &tensor;
    const std::vector<HeadScores> &scores; ///< scoreHeads(tensor), index l * H + h
    int layer = 0;
    int head = 0;
    bool words =
        false; ///< word-level merging (groupWords, mergeWords) for head, average, rollout, lines
    /// The grid: the score under each head and in its frame's colour, as the Model tab shows it.
    HeadScoreKind scoreKind = HeadScoreKind::Entropy;
    /// The grid: highest score first instead of layer by layer.
    bool sorted = false;
};

/**
 * One figure of a model's attention: a name for `export --view NAME`, a
 * default pixel size and a function that paints it with a QPainter (PNG,
 * SVG, PDF alike). A layer or head out of range, or rollout of a tensor with
 * Q != K, paints a message rather than failing.
 */
struct TensorFigureView
{
    QString name;
    QString description;
    QSize defaultSize;
    std::function<void(QPainter &, const QRectF &, const TensorFigureData &, const FigureStyle &)>
        paint;
    /// What the view can show, which the window and the commands ask
    /// instead of naming views: one head (a head sweep goes through the
    /// heads), a generation's steps, and whether it follows a text through
    /// its own layers (rollout: a square self-attention only).
    bool oneHead = false;
    bool overSteps = true;
    bool needsSquareSelfAttention = false;
    /// Shows a cross-attention (Bahdanau's alignment): the one the file or
    /// the run holds unless another set is named, and refused without one.
    bool showsCrossAttention = false;
};

/// The "head" view of \a data in \a rect, as `export --view head` paints it;
/// returns the rectangle its heatmap's cells fill (empty for a message).
QRectF paintTensorHead(QPainter &painter, const QRectF &rect, const TensorFigureData &data,
                       const FigureStyle &style);

/// grid, head, lines, average, rollout, alignment, in the order help lists them.
const QList<TensorFigureView> &tensorFigureViews();
/// The view called \a name, or nullptr.
const TensorFigureView *findTensorFigureView(const QString &name);
/// "grid, head, lines, average, rollout"
QString tensorFigureViewNames();

/// The default pixel size of \a view for \a data: the grid's height follows
/// its rows, so that a page holds the heads with no band left empty.
QSize tensorFigureDefaultSize(const TensorFigureView &view, const TensorFigureData &data);

/// \a view of \a data for FigureExporter (refers to both), with a memory
/// guard for the matrices the drawing computes beside its pixels.
ExportFigure tensorExportFigure(const TensorFigureView &view, const TensorFigureData &data);

} // namespace AttentionLab
