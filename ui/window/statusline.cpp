// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/window/statusline.h"

#include "ui/views/elidinglabel.h"

#include <QStatusBar>

#include <algorithm>

namespace AttentionLab {

StatusLine::StatusLine(QStatusBar *bar, QWidget *badge)
    : QObject(bar), m_bar(bar), m_badge(badge), m_line(new ElidingLabel(QString(), bar))
{
    m_line->setObjectName(QStringLiteral("StatusLine"));
    m_line->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_line->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    if (badge)
        bar->addPermanentWidget(badge);
    bar->addPermanentWidget(m_line, 1);
    connect(bar, &QStatusBar::messageChanged, this, [this](const QString &text) {
        if (text.isEmpty())
            m_bar->setToolTip(QString());
        m_line->setVisible(text.isEmpty());
    });
}

void StatusLine::setText(const QString &text)
{
    m_line->setFullText(text);
}

void StatusLine::showMessage(const QString &message, int timeout)
{
    const int badge = m_badge && m_badge->isVisible() ? m_badge->width() : 0;
    const int room = m_bar->width() - badge - m_bar->fontMetrics().averageCharWidth() * 4;
    const QString shown =
        m_bar->fontMetrics().elidedText(message, Qt::ElideRight, std::max(40, room));
    m_bar->setToolTip(shown == message ? QString() : message);
    m_bar->showMessage(shown, timeout);
}

} // namespace AttentionLab
