// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "ui/figure/effectgridfigure.h"

#include <QString>

#include <functional>

namespace AttentionLab {

class JsonStreamWriter;

/// `sweep` and `patch`: a grid as a table, a row per layer ("layer 0"),
/// each cell \a cell(row, column) with its sign, NaN as "–".
QString effectGridText(const EffectGridData &grid, const std::function<double(int, int)> &cell);

/// The same grid as JSON, [rows][columns], NaN as null.
void writeEffectGridJson(JsonStreamWriter &out, int rows, int columns,
                         const std::function<double(int, int)> &cell);

/// -o GRID.png|svg|pdf: refuses another extension before any work (UsageError).
void requireFigureOutput(const QString &path);
/// Writes \a grid's figure to \a path; UsageError when it cannot.
void exportEffectGrid(const QString &path, const EffectGridData &grid);

} // namespace AttentionLab
