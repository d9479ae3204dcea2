// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <QList>
#include <QRectF>
#include <QSize>
#include <QString>

#include <functional>

class QPainter;

namespace AttentionLab {

struct AttentionResult;
struct FigureStyle;
struct LabSettings;
struct Session;

/// What a figure is drawn from: the session, its computed attention and the
/// labs' settings (defaults when none are given).
struct FigureData
{
    const Session &session;
    const AttentionResult &result;
    const LabSettings *labs = nullptr;
};

/**
 * One thing that can be exported: a name for `--view NAME`, a default pixel
 * size, and a function that paints it into a rectangle with a QPainter (the
 * same code for PNG, SVG, PDF and the clipboard). Views register in
 * figureViews(); later labs add theirs there.
 */
struct FigureView
{
    QString name;
    QString description;
    QSize defaultSize;
    std::function<void(QPainter &, const QRectF &, const FigureData &, const FigureStyle &)> paint;
    /// For a view whose drawing computes more than its pixels (a lab on the
    /// session): throws std::invalid_argument with the memory guard's message
    /// when that would exceed the limit. Empty for the others.
    std::function<void(const FigureData &)> requireMemory = {};
    /// The view a sweep of d_k draws (the scale lab's experiment at each d_k).
    bool drawsKeyDimSweep = false;
};

/// Every view `export --view` accepts, in the order help lists them.
const QList<FigureView> &figureViews();
/// The view called \a name, or nullptr.
const FigureView *findFigureView(const QString &name);
/// The view that draws a sweep of d_k (drawsKeyDimSweep).
const FigureView &keyDimSweepView();
/// "weights, scores, entropy, figure"
QString figureViewNames();

} // namespace AttentionLab
