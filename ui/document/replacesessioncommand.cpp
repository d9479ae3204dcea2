// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/document/replacesessioncommand.h"

#include "ui/document/attentiondocument.h"

namespace AttentionLab {

ReplaceSessionCommand::ReplaceSessionCommand(AttentionDocument *document, Session before,
                                             Session after, const QString &description)
    : QUndoCommand(description), m_document(document), m_before(std::move(before)),
      m_after(std::move(after))
{
}

void ReplaceSessionCommand::undo()
{
    m_document->applySession(m_before);
}

void ReplaceSessionCommand::redo()
{
    m_document->applySession(m_after);
}

} // namespace AttentionLab
