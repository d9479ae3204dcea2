// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/figure/effectgridfigure.h"

#include "ui/figure/figureheading.h"
#include "ui/figure/figurepainter.h"

#include <algorithm>
#include <cmath>

namespace AttentionLab {

double effectScale(const EffectGridData &data)
{
    // Centred on zero: the largest change either way is the scale's end.
    double largest = data.scale;
    if (largest <= 0.0)
        for (double e : data.effects)
            if (std::isfinite(e))
                largest = std::max(largest, std::abs(e));
    return largest > 0.0 ? largest : 1.0;
}

QRectF paintEffectGrid(QPainter &painter, const QRectF &rect, const EffectGridData &data,
                       const FigureStyle &style)
{
    FigureStyle diverging = style;
    diverging.colorMap = ColorMaps::Name::Diverging;
    FigurePainter base(painter, diverging);
    base.setUnitFor(rect.width(), rect.height() * 1.4, 1000.0);
    base.fixUnit();
    const QRectF inner = FigureHeading::headed(
        base, rect.adjusted(base.pt(16), base.pt(12), -base.pt(16), -base.pt(12)), data.title,
        data.subtitle);
    const double largest = effectScale(data);
    FigurePainter::MatrixHeatmap spec;
    spec.rows = data.rows;
    spec.cols = data.columns;
    spec.value = [&data](int i, int j) {
        return data.effects[size_t(i) * size_t(data.columns) + size_t(j)];
    };
    spec.rowLabel = [](int i) { return QString::number(i); };
    spec.colLabel = [&data](int j) {
        return data.columnLabels.isEmpty() ? QString::number(j) : data.columnLabels.value(j);
    };
    spec.lo = -largest;
    spec.hi = largest;
    spec.rowTitle = QStringLiteral("layer");
    spec.colTitle = data.columnTitle;
    spec.scaleTitle = data.scaleTitle;
    return base.matrixHeatmap(inner, spec);
}

ExportFigure effectGridExportFigure(const EffectGridData &data)
{
    const int width = std::clamp(300 + 70 * data.columns, 900, 2400);
    const int height = std::clamp(350 + 70 * data.rows, 700, 2400);
    return ExportFigure{QStringLiteral("effects"),
                        QStringLiteral("%1: a %2 x %3 grid of effects")
                            .arg(data.title)
                            .arg(data.rows)
                            .arg(data.columns),
                        QSize(width, height),
                        [&data](QPainter &painter, const QRectF &rect, const FigureStyle &style) {
                            paintEffectGrid(painter, rect, data, style);
                        }};
}

} // namespace AttentionLab
