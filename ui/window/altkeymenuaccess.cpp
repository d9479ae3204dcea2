// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/window/altkeymenuaccess.h"

#include <QAction>
#include <QApplication>
#include <QKeyEvent>
#include <QMenuBar>

namespace AttentionLab {

AltKeyMenuAccess::AltKeyMenuAccess(QMenuBar *menuBar) : QObject(menuBar), m_menuBar(menuBar)
{
    qApp->installEventFilter(this);
    auto *menuKey = new QAction(tr("Open the Menu Bar"), menuBar->window());
    menuKey->setShortcut(QKeySequence(Qt::Key_F10));
    connect(menuKey, &QAction::triggered, this, [this] {
        if (const QList<QAction *> menus = m_menuBar->actions(); !menus.isEmpty())
            m_menuBar->setActiveAction(menus.first());
    });
    menuBar->window()->addAction(menuKey);
}

bool AltKeyMenuAccess::eventFilter(QObject *watched, QEvent *event)
{
    // Each key event passes here once for the QWindow and once per widget it
    // propagates through: only the widgets' passes count.
    if (!watched->isWidgetType())
        return QObject::eventFilter(watched, event);
    switch (event->type()) {
    case QEvent::ShortcutOverride:
        // Alt+digit or Alt+letter may be taken by a shortcut before any
        // KeyPress is sent: its override still passes here.
        if (static_cast<QKeyEvent *>(event)->key() != Qt::Key_Alt)
            m_altAlone = false;
        break;
    case QEvent::KeyPress: {
        const auto *key = static_cast<QKeyEvent *>(event);
        // Platforms differ on whether the press of Alt carries the Alt modifier.
        m_altAlone = key->key() == Qt::Key_Alt && (key->modifiers() & ~Qt::AltModifier) == 0 &&
                     !key->isAutoRepeat();
        break;
    }
    case QEvent::KeyRelease: {
        const auto *key = static_cast<QKeyEvent *>(event);
        const bool open = m_altAlone && key->key() == Qt::Key_Alt &&
                          !QApplication::activePopupWidget() &&
                          static_cast<QWidget *>(watched)->window() == m_menuBar->window();
        m_altAlone = false;
        if (open && !m_menuBar->actions().isEmpty() && m_menuBar->isVisible()) {
            m_menuBar->setActiveAction(m_menuBar->actions().first());
            return true;
        }
        break;
    }
    case QEvent::MouseButtonPress:
        // (Not on a focus change: the menu bar itself takes the focus on Alt.)
        m_altAlone = false;
        break;
    default:
        break;
    }
    return QObject::eventFilter(watched, event);
}

} // namespace AttentionLab
