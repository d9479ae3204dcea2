// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/document/continuouseditcommand.h"

#include "ui/document/attentiondocument.h"

namespace AttentionLab {

ContinuousEditCommand::ContinuousEditCommand(AttentionDocument *document, const QString &text,
                                             bool continuing)
    : QUndoCommand(text), m_document(document), m_continuing(continuing),
      m_generation(document->continuousEditGeneration())
{
}

bool ContinuousEditCommand::sameContinuousEdit(const ContinuousEditCommand *next) const
{
    return m_continuing && next->m_continuing && next->m_generation == m_generation;
}

} // namespace AttentionLab
