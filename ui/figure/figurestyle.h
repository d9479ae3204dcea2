// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "ui/figure/colormaps.h"

#include <QColor>
#include <QString>

namespace AttentionLab {

/// How a figure looks: shared by the window's exports, the clipboard and
/// `attention-lab export`.
struct FigureStyle
{
    enum class Theme
    {
        Light,
        Dark,
    };

    Theme theme = Theme::Light;
    ColorMaps::Name colorMap = ColorMaps::Name::Viridis;
    bool numbers = true;      ///< the value in each heatmap cell
    bool transparent = false; ///< no background fill
    QString title;            ///< drawn above the figure when not empty
    double fontScale = 1.0;   ///< presentation mode enlarges text and lines
    bool tables = true;       ///< labs draw their tables (off where a widget shows them)

    QColor background() const
    {
        return theme == Theme::Dark ? QColor(0x1e, 0x1e, 0x1e) : Qt::white;
    }
    QColor foreground() const
    {
        return theme == Theme::Dark ? QColor(0xee, 0xee, 0xee) : QColor(0x20, 0x20, 0x20);
    }
    QColor muted() const
    {
        return theme == Theme::Dark ? QColor(0x90, 0x90, 0x90) : QColor(0x70, 0x70, 0x70);
    }
    QColor accent() const { return QColor(0xd9, 0x3f, 0x3f); }
    /// The lines of a line diagram, drawn as opaque as their weight: dark
    /// enough on white, light enough on the presentation theme's black.
    QColor line() const
    {
        return theme == Theme::Dark ? QColor(0x8e, 0xc9, 0xff) : QColor(0x1f, 0x4e, 0x79);
    }
    QColor bar() const
    {
        return theme == Theme::Dark ? QColor(0x4f, 0x9b, 0xd4) : QColor(0x31, 0x68, 0x8e);
    }
};

} // namespace AttentionLab
