// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "app/effectgridreport.h"

#include "app/commandrequest.h"
#include "app/usageerror.h"
#include "io/inputtextqt.h"
#include "io/jsonstreamwriter.h"

#include <QFileInfo>

#include <cmath>

namespace AttentionLab {

QString effectGridText(const EffectGridData &grid, const std::function<double(int, int)> &cell)
{
    constexpr int kWidth = 10;
    QString text = QStringLiteral("%1").arg(QString(), -8);
    for (int c = 0; c < grid.columns; ++c) {
        const QString label = grid.columnLabels.isEmpty()
                                  ? QStringLiteral("%1 %2").arg(grid.columnTitle).arg(c)
                                  : QStringLiteral("%1 %2").arg(c).arg(grid.columnLabels.value(c));
        text += QStringLiteral(" %1").arg(label.left(kWidth), kWidth);
    }
    text += QLatin1Char('\n');
    for (int r = 0; r < grid.rows; ++r) {
        text += QStringLiteral("%1").arg(QStringLiteral("layer %1").arg(r), -8);
        for (int c = 0; c < grid.columns; ++c) {
            const double v = cell(r, c);
            const QString shown = std::isfinite(v) ? (v >= 0 ? QStringLiteral("+") : QString()) +
                                                         QString::number(v, 'f', 4)
                                                   : QStringLiteral("–");
            text += QStringLiteral(" %1").arg(shown, kWidth);
        }
        text += QLatin1Char('\n');
    }
    return text;
}

void writeEffectGridJson(JsonStreamWriter &out, int rows, int columns,
                         const std::function<double(int, int)> &cell)
{
    out.beginArray();
    for (int r = 0; r < rows; ++r) {
        out.beginArray(JsonStreamWriter::Layout::Line);
        for (int c = 0; c < columns; ++c) {
            const double v = cell(r, c);
            if (std::isfinite(v))
                out.number(v);
            else
                out.null();
        }
        out.endArray();
    }
    out.endArray();
}

void requireFigureOutput(const QString &path)
{
    if (!path.isEmpty() && !FigureExporter::formatFor(path))
        usageError(QStringLiteral("-o %1: unknown format \"%2\": the grid is written as .png, "
                                  ".svg or .pdf")
                       .arg(inputText(path), inputText(QFileInfo(path).suffix())));
}

void exportEffectGrid(const QString &path, const EffectGridData &grid)
{
    FigureExporter exporter;
    if (!exporter.exportFile(path, effectGridExportFigure(grid), FigureStyle(), ExportSize()))
        throw UsageError{exporter.errorString()};
}

} // namespace AttentionLab
