#pragma once

#include "attentionoptions.h"

#include <QUndoCommand>

namespace AttentionLab {

class AttentionDocument;

/// Changes the scaling, the mask or the temperature. Temperature changes
/// within one slider drag merge into one step.
class ChangeOptionsCommand : public QUndoCommand
{
public:
    ChangeOptionsCommand(AttentionDocument *document, const AttentionOptions &before,
                         const AttentionOptions &after, const QString &description,
                         bool continuing = false);

    void undo() override;
    void redo() override;
    int id() const override;
    bool mergeWith(const QUndoCommand *other) override;

private:
    AttentionDocument *m_document;
    AttentionOptions m_before;
    AttentionOptions m_after;
    bool m_continuing;
    int m_generation;
};

} // namespace AttentionLab
