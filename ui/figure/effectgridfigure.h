// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "ui/figure/figureexporter.h"
#include "ui/figure/figurestyle.h"

#include <QPainter>
#include <QRectF>
#include <QString>
#include <QStringList>

#include <vector>

namespace AttentionLab {

/**
 * An experiment's grid of effects (core/model/headsweep.h): a row per layer,
 * a column per head or per position, each cell the change of the measure
 * that intervention made, on a diverging scale centred on zero.
 */
struct EffectGridData
{
    QString title;            ///< "heads ablated one at a time: loss:26-50"
    QString subtitle;         ///< the model, the baseline
    QString columnTitle;      ///< "head" or "position"
    QString scaleTitle;       ///< "change of loss"
    QStringList columnLabels; ///< the positions' tokens, or empty for 0, 1, ...
    int rows = 0;
    int columns = 0;
    std::vector<double> effects; ///< rows x columns, row-major; NaN: not measured
    /// The colour scale's end on either side of zero; 0: the largest change shown.
    double scale = 0.0;
};

/// The colour scale's end either side of zero: \a data's scale, or the
/// largest change it shows (1 when it shows none).
double effectScale(const EffectGridData &data);

/// Paints \a data into \a rect with \a style's fonts and theme (its colour
/// map set aside for the diverging one); returns the rectangle the cells fill.
QRectF paintEffectGrid(QPainter &painter, const QRectF &rect, const EffectGridData &data,
                       const FigureStyle &style);

/// The grid as something the exporter writes (PNG, SVG or PDF); refers to \a data.
ExportFigure effectGridExportFigure(const EffectGridData &data);

} // namespace AttentionLab
