// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "ui/figure/figurestyle.h"
#include "ui/figure/tensorfigure.h"

#include <QRectF>

class QPainter;

namespace AttentionLab {

/// Lays out the grid of heads in \a rect and, with \a draw, draws it, as the
/// Model tab shows it: the heads in its order, each frame coloured by the
/// chosen score, the score under each head, a bar under the heads that
/// share a key/value head, and the legend of both. The rows are packed and
/// the block centred, so no band is left empty between them. Returns the
/// height the figure used from rect's top. Without \a draw it measures, for
/// tensorFigureDefaultSize: the block at rect's top, its tiles no wider than
/// 0.3 of rect.
double layoutTensorGrid(QPainter &painter, const QRectF &rect, const TensorFigureData &d,
                        const FigureStyle &style, bool draw);
/// The "grid" view: every head of every layer as a thumbnail.
void paintTensorGrid(QPainter &painter, const QRectF &rect, const TensorFigureData &d,
                     const FigureStyle &style);

} // namespace AttentionLab
