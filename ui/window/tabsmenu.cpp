// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/window/tabsmenu.h"

#include <QTabWidget>

namespace AttentionLab {

TabsMenu::TabsMenu(QTabWidget *tabs, QWidget *parent) : QMenu(tr("&Tabs"), parent)
{
    QAction *next = addAction(tr("&Next Tab"), tabs, [tabs] {
        tabs->setCurrentIndex((tabs->currentIndex() + 1) % tabs->count());
    });
    next->setShortcuts(
        {QKeySequence(Qt::CTRL | Qt::Key_PageDown), QKeySequence(Qt::CTRL | Qt::Key_Tab)});
    QAction *previous = addAction(tr("&Previous Tab"), tabs, [tabs] {
        tabs->setCurrentIndex((tabs->currentIndex() + tabs->count() - 1) % tabs->count());
    });
    previous->setShortcuts({QKeySequence(Qt::CTRL | Qt::Key_PageUp),
                            QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Backtab)});
    addSeparator();
    for (int i = 0; i < tabs->count(); ++i) {
        QAction *go = addAction(tabs->tabText(i), tabs, [tabs, i] { tabs->setCurrentIndex(i); });
        go->setShortcut(QKeySequence(Qt::ALT | Qt::Key(Qt::Key_1 + i)));
    }
}

} // namespace AttentionLab
