// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/views/equationbanner.h"

#include <QRegularExpression>

namespace AttentionLab {

EquationBanner::EquationBanner(QWidget *parent) : QLabel(parent)
{
    setTextFormat(Qt::RichText);
    setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::LinksAccessibleByMouse |
                            Qt::LinksAccessibleByKeyboard);
    setWordWrap(true);
    setContentsMargins(8, 4, 8, 4);
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    setAccessibleName(tr("Equation"));
}

void EquationBanner::setEquation(const QString &equation, const QString &note,
                                 const QString &linkText, const QString &linkTarget)
{
    QString html =
        QStringLiteral("<span style=\"font-size:140%; font-family:serif\">%1</span>").arg(equation);
    if (!note.isEmpty())
        html += QStringLiteral("&nbsp;&nbsp;&nbsp;<span>%1</span>").arg(note.toHtmlEscaped());
    if (!linkText.isEmpty())
        html += QStringLiteral(" <a href=\"%1\">%2</a>")
                    .arg(linkTarget.toHtmlEscaped(), linkText.toHtmlEscaped());
    setText(html);
    setAccessibleDescription(QLabel::text().remove(QRegularExpression(QStringLiteral("<[^>]*>"))));
}

} // namespace AttentionLab
