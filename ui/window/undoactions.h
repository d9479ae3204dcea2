// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <QObject>

#include <vector>

class QAction;
class QMenu;
class QUndoGroup;
class QUndoStack;

namespace AttentionLab {

class TabEditor;

/**
 * One Undo and Redo for the window, acting on the current tab's stack (the
 * session's, or on the Model tab what the model wrote): Edit's entries,
 * which name the step, and the toolbar's, which keep a fixed text so that
 * the toolbar never re-lays itself out (and moves the τ slider under the
 * pointer) when the next step changes; the step is in their tooltips.
 */
class UndoActions : public QObject
{
    Q_OBJECT

public:
    UndoActions(const std::vector<TabEditor *> &editors, QObject *parent);

    void addToMenu(QMenu *edit);
    QAction *toolBarUndo() const { return m_undo; }
    QAction *toolBarRedo() const { return m_redo; }
    /// The stack Undo and Redo act on now.
    void setActiveStack(QUndoStack *stack);

private:
    QUndoGroup *m_group;
    QAction *m_undo;
    QAction *m_redo;
};

} // namespace AttentionLab
