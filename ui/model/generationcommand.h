// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <QUndoCommand>

#include <functional>
#include <memory>

namespace AttentionLab {

struct Generation;

/**
 * One generation put in place of another on the Model tab, as one undo
 * step: Generate (the one before it, or none, comes back on undo) and an
 * alternative taken at a step ("what if it had written *dog*?"). Pushed when
 * the new generation has arrived and is shown, so its first redo() does
 * nothing; after that undo() and redo() show the one or the other through
 * \a show, with the timeline at the step each stood at.
 */
class GenerationCommand : public QUndoCommand
{
public:
    using Show = std::function<void(const std::shared_ptr<const Generation> &, int step)>;

    GenerationCommand(const QString &text, std::shared_ptr<const Generation> before, int beforeStep,
                      std::shared_ptr<const Generation> after, int afterStep, Show show);

    void undo() override;
    void redo() override;

private:
    std::shared_ptr<const Generation> m_before;
    int m_beforeStep;
    std::shared_ptr<const Generation> m_after;
    int m_afterStep;
    Show m_show;
    bool m_pushed = false;
};

} // namespace AttentionLab
