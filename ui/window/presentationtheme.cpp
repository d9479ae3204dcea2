// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/window/presentationtheme.h"

#include "ui/window/hallstyle.h"

#include <QApplication>

namespace AttentionLab {

QPalette PresentationTheme::darkPalette()
{
    QPalette dark;
    dark.setColor(QPalette::Window, QColor(0x26, 0x26, 0x26));
    dark.setColor(QPalette::WindowText, QColor(0xee, 0xee, 0xee));
    dark.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x1e));
    dark.setColor(QPalette::AlternateBase, QColor(0x2c, 0x2c, 0x2c));
    dark.setColor(QPalette::Text, QColor(0xee, 0xee, 0xee));
    dark.setColor(QPalette::Button, QColor(0x33, 0x33, 0x33));
    dark.setColor(QPalette::ButtonText, QColor(0xee, 0xee, 0xee));
    dark.setColor(QPalette::Highlight, QColor(0xf9, 0x8e, 0x09));
    dark.setColor(QPalette::HighlightedText, Qt::black);
    dark.setColor(QPalette::ToolTipBase, QColor(0x33, 0x33, 0x33));
    dark.setColor(QPalette::ToolTipText, QColor(0xee, 0xee, 0xee));
    dark.setColor(QPalette::Mid, QColor(0xaa, 0xaa, 0xaa));
    // Links (the alternatives a generation offers) light enough to read on
    // the dark window: about 8:1 against it, where Qt's dark blue is 2:1.
    dark.setColor(QPalette::Link, QColor(0x7c, 0xc4, 0xff));
    dark.setColor(QPalette::LinkVisited, QColor(0xc8, 0xa8, 0xff));
    dark.setColor(QPalette::PlaceholderText, QColor(0xaa, 0xaa, 0xaa));
    dark.setColor(QPalette::Disabled, QPalette::WindowText, QColor(0x80, 0x80, 0x80));
    dark.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0x80, 0x80, 0x80));
    dark.setColor(QPalette::Disabled, QPalette::Text, QColor(0x80, 0x80, 0x80));
    return dark;
}

void PresentationTheme::apply(bool on)
{
    // The look before the first switch is the normal one.
    static const QFont normalFont = QApplication::font();
    static const QPalette normalPalette = QApplication::palette();
    if (on) {
        QFont large = normalFont;
        large.setPointSizeF(normalFont.pointSizeF() * kFontFactor);
        QApplication::setFont(large);
        QApplication::setPalette(darkPalette());
        // The style draws a box's frame darker than the window: on black it
        // vanished ("Words", "Sort by score"). HallStyle frames it lightly.
        if (!qobject_cast<HallStyle *>(QApplication::style()))
            QApplication::setStyle(new HallStyle);
    } else {
        QApplication::setFont(normalFont);
        QApplication::setPalette(normalPalette);
    }
}

} // namespace AttentionLab
