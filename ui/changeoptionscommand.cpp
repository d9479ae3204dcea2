#include "changeoptionscommand.h"

#include "attentiondocument.h"

namespace AttentionLab {

ChangeOptionsCommand::ChangeOptionsCommand(AttentionDocument *document,
                                           const AttentionOptions &before,
                                           const AttentionOptions &after,
                                           const QString &description, bool continuing)
    : QUndoCommand(description)
    , m_document(document)
    , m_before(before)
    , m_after(after)
    , m_continuing(continuing)
    , m_generation(document->continuousEditGeneration())
{
}

void ChangeOptionsCommand::undo()
{
    m_document->applyOptions(m_before);
}

void ChangeOptionsCommand::redo()
{
    m_document->applyOptions(m_after);
}

int ChangeOptionsCommand::id() const
{
    return 2;
}

bool ChangeOptionsCommand::mergeWith(const QUndoCommand *other)
{
    const auto *next = static_cast<const ChangeOptionsCommand *>(other);
    if (!m_continuing || !next->m_continuing || next->m_generation != m_generation)
        return false;
    m_after = next->m_after;
    return true;
}

} // namespace AttentionLab
