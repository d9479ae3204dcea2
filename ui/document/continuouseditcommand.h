// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <QUndoCommand>

namespace AttentionLab {

class AttentionDocument;

/**
 * An undo command that a drag may merge: commands pushed with \a continuing
 * during one continuous edit (between two AttentionDocument::
 * endContinuousEdit() calls) become one undo step, as Qt's undo framework
 * example merges repeated edits with id() and mergeWith().
 */
class ContinuousEditCommand : public QUndoCommand
{
public:
    /// The ids QUndoStack compares before it asks a command to merge.
    enum Id
    {
        SetVectorId = 1,
        ChangeOptionsId,
    };

    ContinuousEditCommand(AttentionDocument *document, const QString &text, bool continuing);

protected:
    /// True when \a next belongs to the same drag as this command.
    bool sameContinuousEdit(const ContinuousEditCommand *next) const;

    AttentionDocument *document() const { return m_document; }

private:
    AttentionDocument *m_document;
    bool m_continuing;
    int m_generation;
};

} // namespace AttentionLab
