// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/sets/headscores.h"

#include <QColor>
#include <QFont>
#include <QRectF>
#include <QString>

#include <vector>

class QPainter;

namespace AttentionLab {

/**
 * How the grid of heads says what it says, written once for the Model tab's
 * grid (HeadGridView) and its export (tensorfigure's "grid"): the order of
 * the heads, the frame's colour for the chosen score, the shade of each
 * key/value group's bar, the score under each head, and the legend that
 * reads the frames.
 */
namespace HeadGridStyle {

/// The lowest and highest score of one kind over the heads (NaN skipped).
struct ScoreSpan
{
    double lo = 0.0;
    double hi = 0.0;
    bool any = false; ///< some head has a score of this kind
    /// Where \a value sits between lo and hi, 0 to 1; 0 for NaN or when all are equal.
    double position(double value) const;
};
ScoreSpan scoreSpan(const std::vector<HeadScores> &scores, HeadScoreKind kind);

/// The heads in display order, as layer * H + head: layer by layer, or,
/// \a sorted with scores at hand, highest \a kind first and NaN last.
std::vector<int> displayOrder(const std::vector<HeadScores> &scores, int count, HeadScoreKind kind,
                              bool sorted);

/// A thumbnail's height over its width: 1, or a cross-attention's (\a cross)
/// target length over its source length (Bahdanau's alignment), within a
/// quarter and twice.
double thumbnailAspect(int queries, int keys, bool cross);
/// A frame's colour for a score at \a t (0 to 1) of the way from the lowest to the highest.
QColor frameColor(double t, bool dark);
/// The bar under the heads that share key/value head \a group.
QColor groupColor(int group);
/// The cross over a knocked-out head's thumbnail: red, on any colour map.
QColor knockedOutColor();
/// A head's score as the grid writes it: two decimals, or "—" for NaN.
QString scoreText(double value);
/// The score's name in a legend: "first token (sink)" ...
QString scoreTitle(HeadScoreKind kind);

/// The legend of the frames: "frame: KIND", a bar from the lowest score's
/// colour to the highest's, and the two numbers at its ends; with \a groups
/// (a grouped-query model), the two shades of the key/value bars after it.
/// Drawn in one line in \a rect with \a font; returns the width it took.
double paintLegend(QPainter &painter, const QRectF &rect, const QFont &font, HeadScoreKind kind,
                   const ScoreSpan &span, bool dark, bool groups, const QColor &text);
/// The height paintLegend needs with \a font.
double legendHeight(const QFont &font);
/// The width paintLegend takes with these.
double legendWidth(const QFont &font, HeadScoreKind kind, const ScoreSpan &span, bool groups);

} // namespace HeadGridStyle

} // namespace AttentionLab
