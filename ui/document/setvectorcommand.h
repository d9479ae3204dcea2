// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/support/types.h"
#include "ui/document/continuouseditcommand.h"
#include "ui/document/vectorkind.h"

namespace AttentionLab {

/// Changes one query, key or value vector. Consecutive changes of the same
/// vector within one continuous edit (a slider drag) merge into one step.
/// The first value edit of a session without values makes V explicit (a
/// copy of K); undoing it makes V follow K again, exactly as before.
class SetVectorCommand : public ContinuousEditCommand
{
public:
    SetVectorCommand(AttentionDocument *document, VectorKind kind, Index row, RowVector before,
                     RowVector after, bool continuing);

    void undo() override;
    void redo() override;
    int id() const override;
    bool mergeWith(const QUndoCommand *other) override;

private:
    VectorKind m_kind;
    Index m_row;
    RowVector m_before;
    RowVector m_after;
    /// V was K (no values of its own) before this command.
    bool m_valuesWereImplicit = false;
};

} // namespace AttentionLab
