// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/model/generationcommand.h"

#include "io/generation.h"

namespace AttentionLab {

GenerationCommand::GenerationCommand(const QString &text, std::shared_ptr<const Generation> before,
                                     int beforeStep, std::shared_ptr<const Generation> after,
                                     int afterStep, Show show)
    : QUndoCommand(text), m_before(std::move(before)), m_beforeStep(beforeStep),
      m_after(std::move(after)), m_afterStep(afterStep), m_show(std::move(show))
{
}

void GenerationCommand::undo()
{
    m_show(m_before, m_beforeStep);
}

void GenerationCommand::redo()
{
    // QUndoStack::push() calls redo(): the generation is on screen already.
    if (!m_pushed) {
        m_pushed = true;
        return;
    }
    m_show(m_after, m_afterStep);
}

} // namespace AttentionLab
