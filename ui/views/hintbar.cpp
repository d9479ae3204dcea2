// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/views/hintbar.h"

#include "ui/settings/preferences.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>

namespace AttentionLab {

HintBar::HintBar(QWidget *parent)
    : QFrame(parent), m_text(new QLabel(this)), m_dismiss(new QPushButton(tr("Got it"), this))
{
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    QPalette p = palette();
    p.setColor(QPalette::Window, QColor(0xff, 0xf4, 0xce));
    p.setColor(QPalette::WindowText, QColor(0x33, 0x2b, 0x00));
    setPalette(p);
    m_text->setText(
        tr("Try it: drag a slider on the left (or a key point in <i>Key geometry</i>) and "
           "watch the weights, the entropy and the output move. Help &gt; Guided Tour "
           "explains every panel."));
    m_text->setWordWrap(true);
    m_dismiss->setAccessibleName(tr("Dismiss the hint"));
    m_dismiss->setToolTip(tr("Hide this hint for good"));
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 4, 8, 4);
    layout->addWidget(m_text, 1);
    layout->addWidget(m_dismiss);
    connect(m_dismiss, &QPushButton::clicked, this, [this] {
        Preferences::hintDismissed.set(true);
        hide();
    });
    hide();
}

void HintBar::showIfNew()
{
    setVisible(!Preferences::hintDismissed);
}

} // namespace AttentionLab
