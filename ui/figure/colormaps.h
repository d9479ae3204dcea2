// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <QColor>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace AttentionLab::ColorMaps {

/// The colour maps a user can choose: perceptually uniform by default.
enum class Name
{
    Viridis,      ///< perceptually uniform (the default)
    Cividis,      ///< for colour-vision deficiency
    Greyscale,    ///< for print
    HighContrast, ///< black through red and orange to white, for a projector
    /// Blue through white to red (ColorBrewer's RdBu, reversed): for signed
    /// values centred on zero, such as an experiment's effects. Not one of
    /// the kCount maps a user picks for weights.
    Diverging,
};

/// The maps a user can choose for weights (Diverging is not one).
inline constexpr int kCount = 4;

/// "Viridis", "Cividis (colour-blind safe)", ... in Name order.
QStringList displayNames();
/// "viridis", "cividis", "greyscale", "high-contrast": the command line's names.
QString key(Name name);
std::optional<Name> fromKey(const QString &key);

/// The map's colour stops, evenly spaced from 0 to 1.
QList<QColor> stops(Name name);
/// The colour for \a t in [0, 1] (clamped), interpolated in RGB between stops.
QColor colorAt(Name name, double t);
/// The colour for masked cells, unlike any colour of the maps.
QColor maskedColor();
/// The word "masked" written in a masked cell: a grey that reads on maskedColor().
QColor maskedTextColor();
/// Black or white, whichever reads better on \a background.
QColor textColorOn(const QColor &background);
/// WCAG's contrast ratio of two colours, 1 (the same) to 21 (black on white).
double contrast(const QColor &a, const QColor &b);
/// \a color, moved toward \a ink until it stands \a ratio apart from
/// \a background (or reaches the ink): viridis's yellow on white, a light
/// weight's colour on the hall's black.
QColor withContrast(QColor color, const QColor &background, const QColor &ink, double ratio);

} // namespace AttentionLab::ColorMaps
