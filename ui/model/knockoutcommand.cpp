// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/model/knockoutcommand.h"

#include "ui/model/modeldocument.h"

#include <QCoreApplication>

#include <algorithm>

namespace AttentionLab {

KnockOutCommand::KnockOutCommand(ModelDocument *document, std::vector<HeadIndex> before,
                                 std::vector<HeadIndex> after, const QString &text)
    : m_document(document), m_before(std::move(before)), m_after(std::move(after))
{
    setText(text);
}

void KnockOutCommand::undo()
{
    m_document->setKnockedOut(m_before);
}

void KnockOutCommand::redo()
{
    m_document->setKnockedOut(m_after);
}

KnockOutCommand *KnockOutCommand::toggle(ModelDocument *document, const HeadIndex &head)
{
    std::vector<HeadIndex> after = document->knockedOut();
    const auto it = std::find(after.begin(), after.end(), head);
    const bool out = it != after.end();
    if (out)
        after.erase(it);
    else
        after.push_back(head);
    // An encoder-decoder's heads say which of its attentions: "cross:1.2".
    const QString name = QString::fromStdString(headName(head, document->sets().size() > 1));
    return new KnockOutCommand(
        document, document->knockedOut(), std::move(after),
        out ? QCoreApplication::translate("KnockOutCommand", "Restore Head %1").arg(name)
            : QCoreApplication::translate("KnockOutCommand", "Knock Out Head %1").arg(name));
}

} // namespace AttentionLab
