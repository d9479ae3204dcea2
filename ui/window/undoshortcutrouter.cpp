// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/window/undoshortcutrouter.h"

#include <QAbstractItemView>
#include <QAbstractSpinBox>
#include <QApplication>
#include <QKeyEvent>
#include <QLineEdit>
#include <QPointer>

namespace AttentionLab {

namespace {

/// The line edit that types for \a widget: itself, or a spin box's own.
QLineEdit *typingEdit(QObject *widget)
{
    if (auto *edit = qobject_cast<QLineEdit *>(widget))
        return edit;
    if (auto *spin = qobject_cast<QAbstractSpinBox *>(widget))
        return spin->findChild<QLineEdit *>(QString(), Qt::FindDirectChildrenOnly);
    return nullptr;
}

bool isCellEditor(const QWidget *widget)
{
    for (const QWidget *w = widget->parentWidget(); w; w = w->parentWidget())
        if (qobject_cast<const QAbstractItemView *>(w))
            return true;
    return false;
}

} // namespace

UndoShortcutRouter::UndoShortcutRouter(QWidget *window) : QObject(window), m_window(window)
{
    qApp->installEventFilter(this);
}

bool UndoShortcutRouter::isMidEdit(const QWidget *widget)
{
    QLineEdit *edit = typingEdit(const_cast<QWidget *>(widget));
    if (!edit)
        return true; // not ours to judge: the control keeps its keys
    if (edit->isReadOnly())
        return false;
    if (isCellEditor(edit))
        return true;
    // Typed and not committed: the line edit's own undo is what is meant.
    return edit->isModified();
}

bool UndoShortcutRouter::eventFilter(QObject *watched, QEvent *event)
{
    if (!watched->isWidgetType())
        return QObject::eventFilter(watched, event);
    auto *widget = static_cast<QWidget *>(watched);
    switch (event->type()) {
    case QEvent::ShortcutOverride: {
        auto *key = static_cast<QKeyEvent *>(event);
        const bool undoKeys = key->matches(QKeySequence::Undo) || key->matches(QKeySequence::Redo);
        if (undoKeys && typingEdit(widget) && widget->window() == m_window && !isMidEdit(widget)) {
            // Not taken here: the window's shortcut fires.
            event->ignore();
            return true;
        }
        break;
    }
    case QEvent::KeyPress: {
        // Enter commits what was typed; the edit is no longer in the middle.
        const int k = static_cast<QKeyEvent *>(event)->key();
        if (k != Qt::Key_Return && k != Qt::Key_Enter)
            break;
        [[fallthrough]];
    }
    case QEvent::FocusOut:
        if (QLineEdit *edit = typingEdit(widget); edit && !isCellEditor(edit)) {
            // After the control has read it (editingFinished looks at the flag).
            QMetaObject::invokeMethod(
                edit,
                [edit = QPointer<QLineEdit>(edit)] {
                    if (edit)
                        edit->setModified(false);
                },
                Qt::QueuedConnection);
        }
        break;
    default:
        break;
    }
    return QObject::eventFilter(watched, event);
}

} // namespace AttentionLab
