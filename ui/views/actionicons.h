// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <QIcon>
#include <QString>

class QAction;
class QAbstractButton;
class QComboBox;
class QObject;

namespace AttentionLab {

/// The program's own icons (resources/icons, compiled in), used where the
/// desktop's icon theme has none: the theme's icon when it has the name,
/// else ours, drawn for the light look or for the dark presentation look.
class ActionIcons
{
public:
    /// QIcon::fromTheme(\a name) with ours as the fallback.
    static QIcon icon(const QString &name);
    /// Our own icon \a name, drawn for the palette in use (null if we have none).
    static QIcon own(const QString &name);
    /// Gives \a action the icon \a name and remembers the name for refresh().
    static void set(QAction *action, const QString &name);
    static void set(QAbstractButton *button, const QString &name);
    /// Our own icon (a combo box's items are not the desktop's actions).
    static void set(QComboBox *combo, int index, const QString &name);
    /// Draws every icon given by set() under \a root again, for the palette
    /// now in use: after the presentation look is switched on or off.
    static void refresh(QObject *root);
    /// Whether the application palette is a dark one (light ink on it).
    static bool darkPalette();
};

} // namespace AttentionLab
