// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <QObject>

class QLineEdit;
class QWidget;

namespace AttentionLab {

/**
 * Undo and Redo reach the document from every control of a window. A line
 * edit, and the one inside each spin box, takes Ctrl+Z for its own typing
 * even when it has nothing of its own to undo: Edit offered "Undo Change d_k
 * to 5" while the d_k box had the focus, and Ctrl+Z did nothing. Here a
 * control keeps the keys only while it is mid-edit (text typed and not yet
 * committed by Enter or by leaving it); otherwise they go to the window's
 * Edit > Undo and Redo. An item view's cell editor is always mid-edit.
 */
class UndoShortcutRouter : public QObject
{
    Q_OBJECT

public:
    /// Routes the keys of the widgets in \a window.
    explicit UndoShortcutRouter(QWidget *window);

    /// Whether \a widget (the focus widget) is in the middle of an edit of its own.
    static bool isMidEdit(const QWidget *widget);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QWidget *m_window;
};

} // namespace AttentionLab
