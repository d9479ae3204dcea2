// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/model/interventions.h"

#include <QUndoCommand>

#include <vector>

namespace AttentionLab {

class ModelDocument;

/**
 * Heads knocked out or restored on the Model tab, as one undo step: Knock
 * Out Head 1.2, Restore Head 1.2, Restore Every Head. Each redo() and undo()
 * sets the document's knocked-out heads, and the tab runs the model again
 * without them.
 */
class KnockOutCommand : public QUndoCommand
{
public:
    KnockOutCommand(ModelDocument *document, std::vector<HeadIndex> before,
                    std::vector<HeadIndex> after, const QString &text);

    void undo() override;
    void redo() override;

    /// The command that knocks head \a head (of the attention it names) out
    /// of \a document's pass, or restores it when it is out.
    static KnockOutCommand *toggle(ModelDocument *document, const HeadIndex &head);

private:
    ModelDocument *m_document;
    std::vector<HeadIndex> m_before;
    std::vector<HeadIndex> m_after;
};

} // namespace AttentionLab
