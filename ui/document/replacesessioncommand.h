// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/maths/session.h"

#include <QUndoCommand>

namespace AttentionLab {

class AttentionDocument;

/// Replaces the whole session (a preset), undoably.
class ReplaceSessionCommand : public QUndoCommand
{
public:
    ReplaceSessionCommand(AttentionDocument *document, Session before, Session after,
                          const QString &description);

    void undo() override;
    void redo() override;

private:
    AttentionDocument *m_document;
    Session m_before;
    Session m_after;
};

} // namespace AttentionLab
