// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/document/setvectorcommand.h"

#include "ui/document/attentiondocument.h"

#include <QCoreApplication>

namespace AttentionLab {

namespace {

QString describe(VectorKind kind, Index row)
{
    switch (kind) {
    case VectorKind::Query:
        return QCoreApplication::translate("SetVectorCommand", "Change query %1").arg(row + 1);
    case VectorKind::Key:
        return QCoreApplication::translate("SetVectorCommand", "Change key %1").arg(row + 1);
    case VectorKind::Value:
        return QCoreApplication::translate("SetVectorCommand", "Change value %1").arg(row + 1);
    }
    return {};
}

} // namespace

SetVectorCommand::SetVectorCommand(AttentionDocument *document, VectorKind kind, Index row,
                                   RowVector before, RowVector after, bool continuing)
    : ContinuousEditCommand(document, describe(kind, row), continuing), m_kind(kind), m_row(row),
      m_before(std::move(before)), m_after(std::move(after)),
      m_valuesWereImplicit(kind == VectorKind::Value && !document->session().hasValues())
{
}

void SetVectorCommand::undo()
{
    if (m_valuesWereImplicit)
        document()->applyImplicitValues();
    else
        document()->applyVector(m_kind, m_row, m_before);
}

void SetVectorCommand::redo()
{
    document()->applyVector(m_kind, m_row, m_after);
}

int SetVectorCommand::id() const
{
    return SetVectorId;
}

bool SetVectorCommand::mergeWith(const QUndoCommand *other)
{
    const auto *next = static_cast<const SetVectorCommand *>(other);
    if (!sameContinuousEdit(next) || next->m_kind != m_kind || next->m_row != m_row)
        return false;
    m_after = next->m_after;
    return true;
}

} // namespace AttentionLab
