// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/kernels/attentionoptions.h"
#include "ui/document/continuouseditcommand.h"

namespace AttentionLab {

/// Changes the scaling, the mask or the temperature. Temperature changes
/// within one slider drag merge into one step.
class ChangeOptionsCommand : public ContinuousEditCommand
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
    AttentionOptions m_before;
    AttentionOptions m_after;
};

} // namespace AttentionLab
