// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/document/changeoptionscommand.h"

#include "ui/document/attentiondocument.h"

namespace AttentionLab {

ChangeOptionsCommand::ChangeOptionsCommand(AttentionDocument *document,
                                           const AttentionOptions &before,
                                           const AttentionOptions &after,
                                           const QString &description, bool continuing)
    : ContinuousEditCommand(document, description, continuing), m_before(before), m_after(after)
{
}

void ChangeOptionsCommand::undo()
{
    document()->applyOptions(m_before);
}

void ChangeOptionsCommand::redo()
{
    document()->applyOptions(m_after);
}

int ChangeOptionsCommand::id() const
{
    return ChangeOptionsId;
}

bool ChangeOptionsCommand::mergeWith(const QUndoCommand *other)
{
    const auto *next = static_cast<const ChangeOptionsCommand *>(other);
    if (!sameContinuousEdit(next))
        return false;
    m_after = next->m_after;
    return true;
}

} // namespace AttentionLab
