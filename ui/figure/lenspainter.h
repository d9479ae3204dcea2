// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/model/logitlens.h"
#include "ui/figure/figurestyle.h"

#include <QFont>
#include <QRectF>
#include <QStringList>

#include <functional>

class QPainter;

namespace AttentionLab {

/// What a logit-lens picture shows: the lens, the input tokens, and how a
/// token id is written.
struct LensFigure
{
    const LogitLens *lens = nullptr;
    QStringList inputs;                ///< one label per position
    std::function<QString(int)> token; ///< a token id as shown (" cat")
    QString title;
};

/// Where the cells of a lens picture lie: for the window's hover.
struct LensLayout
{
    QRectF grid;
    double cellWidth = 0.0;
    double cellHeight = 0.0;
    int layers = 0;
    int positions = 0;
    /// The layer and position under \a point, or {-1, -1}; layer 0 is the
    /// bottom row, as in nostalgebraist's pictures (the output on top).
    std::pair<int, int> cellAt(const QPointF &point) const;
};

/**
 * The logit lens as nostalgebraist drew it: a row per layer (the first at
 * the bottom), a column per input position, each cell the most likely next
 * token read from the residual stream after that layer, coloured by its
 * probability on the style's colour map (0 to 1). The window and the
 * exported figures both draw it with this one function.
 */
/// The lens's legend in one line at the right of \a rect: its colour map
/// from probability 0 to 1.
void paintLensLegend(QPainter &painter, const QRectF &rect, const QFont &font,
                     const FigureStyle &style);

LensLayout paintLogitLens(QPainter &painter, const QRectF &rect, const LensFigure &figure,
                          const FigureStyle &style);

} // namespace AttentionLab
