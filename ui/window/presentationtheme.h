// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <QFont>
#include <QPalette>

namespace AttentionLab {

/// The look of presentation mode for the whole application: large text and
/// a dark, high-contrast palette for the back of a hall. Remembers the
/// normal look so that leaving the mode restores it exactly.
class PresentationTheme
{
public:
    /// How much larger than normal the text and the lines are.
    static constexpr double kFontFactor = 1.6;
    static constexpr double kPlotScale = 2.0;
    static constexpr double kFigureFontScale = 1.5;

    /// Applies the presentation look (\a on) or the normal one.
    static void apply(bool on);
    static QPalette darkPalette();
};

} // namespace AttentionLab
