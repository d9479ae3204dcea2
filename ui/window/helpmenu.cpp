// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/window/helpmenu.h"

#include "ui/settings/preferences.h"
#include "ui/views/actionicons.h"
#include "ui/views/shortcutsdialog.h"

#include <QApplication>
#include <QMenuBar>
#include <QMessageBox>

namespace AttentionLab {

HelpMenu::HelpMenu(QMenuBar *menuBar, GuidedTour::PanelFinder findPanel,
                   std::function<void()> showHint, QWidget *window)
    : QMenu(tr("&Help"), menuBar)
{
    QAction *tour = addAction(tr("Guided &Tour"), this, [window, findPanel] {
        GuidedTour dialog(findPanel, window);
        dialog.exec();
    });
    ActionIcons::set(tour, QStringLiteral("help-contents"));
    tour->setShortcut(QKeySequence::HelpContents);
    if (tour->shortcut().isEmpty())
        tour->setShortcut(QKeySequence(Qt::Key_F1));
    QAction *shortcuts = addAction(tr("&Keyboard Shortcuts"), this,
                                   [menuBar, window] { ShortcutsDialog(menuBar, window).exec(); });
    ActionIcons::set(shortcuts, QStringLiteral("preferences-desktop-keyboard"));
    shortcuts->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_F1));
    addAction(tr("Show the &Hint Again"), this, [showHint] {
        Preferences::hintDismissed.set(false);
        showHint();
    });
    addSeparator();
    QAction *about = addAction(tr("&About Attention Lab"), this, [window] {
        QMessageBox::about(window, tr("About Attention Lab"),
                           tr("<h3>Attention Lab %1</h3><p>softmax(QKᵀ / √d_k) V, to watch and "
                              "touch: Eq. 16.2 of Chapter 16, <i>Self-Attention and the "
                              "Transformer</i>.</p>"
                              "<p>Copyright © 2026 The Attention Lab authors.</p>"
                              "<p>This program is free software: you can redistribute it and/or "
                              "modify it under the terms of the GNU General Public License as "
                              "published by the Free Software Foundation, either version 3 of the "
                              "License, or (at your option) any later version. It comes with "
                              "ABSOLUTELY NO WARRANTY; see the licence for details: "
                              "<a href=\"https://www.gnu.org/licenses/gpl-3.0.html\">"
                              "GPL-3.0-or-later</a>.</p>"
                              "<p>It links QCustomPlot (GPL-3.0), Qt 6 (LGPL-3.0), Eigen "
                              "(MPL-2.0) and libzip (BSD-3-Clause).</p>")
                               .arg(QApplication::applicationVersion()));
    });
    ActionIcons::set(about, QStringLiteral("help-about"));
    menuBar->addMenu(this);
}

} // namespace AttentionLab
