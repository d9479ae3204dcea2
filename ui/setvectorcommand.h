#pragma once

#include "types.h"
#include "vectorkind.h"

#include <QUndoCommand>

namespace AttentionLab {

class AttentionDocument;

/// Changes one query, key or value vector. Consecutive changes of the same
/// vector within one continuous edit (a slider drag) merge into one step.
class SetVectorCommand : public QUndoCommand
{
public:
    SetVectorCommand(AttentionDocument *document, VectorKind kind, Index row, RowVector before,
                     RowVector after, bool continuing);

    void undo() override;
    void redo() override;
    int id() const override;
    bool mergeWith(const QUndoCommand *other) override;

private:
    AttentionDocument *m_document;
    VectorKind m_kind;
    Index m_row;
    RowVector m_before;
    RowVector m_after;
    bool m_continuing;
    int m_generation;
};

} // namespace AttentionLab
