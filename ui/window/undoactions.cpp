// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/window/undoactions.h"

#include "ui/views/actionicons.h"
#include "ui/window/tabeditor.h"

#include <QAction>
#include <QMenu>
#include <QUndoGroup>
#include <QUndoStack>

namespace AttentionLab {

UndoActions::UndoActions(const std::vector<TabEditor *> &editors, QObject *parent)
    : QObject(parent), m_group(new QUndoGroup(this)), m_undo(new QAction(tr("Undo"), this)),
      m_redo(new QAction(tr("Redo"), this))
{
    for (const TabEditor *editor : editors)
        if (!m_group->stacks().contains(editor->undoStack()))
            m_group->addStack(editor->undoStack());
    if (!editors.empty())
        m_group->setActiveStack(editors.front()->undoStack());
    ActionIcons::set(m_undo, QStringLiteral("edit-undo"));
    ActionIcons::set(m_redo, QStringLiteral("edit-redo"));
    connect(m_undo, &QAction::triggered, m_group, &QUndoGroup::undo);
    connect(m_redo, &QAction::triggered, m_group, &QUndoGroup::redo);
    // The stack clears itself, and signals, while the window's children are
    // destroyed: the lambda holds the actions, never the window, and lives
    // only as long as the undo action.
    auto sync = [undo = m_undo, redo = m_redo, group = m_group] {
        undo->setEnabled(group->canUndo());
        redo->setEnabled(group->canRedo());
        undo->setToolTip(group->canUndo() ? tr("Undo: %1 (Ctrl+Z)").arg(group->undoText())
                                          : tr("Nothing to undo"));
        redo->setToolTip(group->canRedo() ? tr("Redo: %1 (Ctrl+Shift+Z)").arg(group->redoText())
                                          : tr("Nothing to redo"));
    };
    connect(m_group, &QUndoGroup::indexChanged, m_undo, sync);
    connect(m_group, &QUndoGroup::cleanChanged, m_undo, sync);
    connect(m_group, &QUndoGroup::activeStackChanged, m_undo, sync);
    sync();
}

void UndoActions::addToMenu(QMenu *edit)
{
    QAction *undo = m_group->createUndoAction(edit, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction *redo = m_group->createRedoAction(edit, tr("&Redo"));
    redo->setShortcut(QKeySequence::Redo);
    ActionIcons::set(undo, QStringLiteral("edit-undo"));
    ActionIcons::set(redo, QStringLiteral("edit-redo"));
    edit->addActions({undo, redo});
}

void UndoActions::setActiveStack(QUndoStack *stack)
{
    m_group->setActiveStack(stack);
}

} // namespace AttentionLab
