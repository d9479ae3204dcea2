// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/views/hintbar.h"

#include "ui/settings/preferences.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>

namespace AttentionLab {

namespace {

QString hintText()
{
    return HintBar::tr("Try it: drag a slider on the left (or a key point in <i>Key geometry</i>) "
                       "and watch the weights, the entropy and the output move. File &gt; Open "
                       "Built-in Model shows a trained GPT-2's heads on the Model tab. Help &gt; "
                       "Guided Tour explains every panel.");
}

} // namespace

HintBar::HintBar(QWidget *parent)
    : QFrame(parent), m_text(new QLabel(this)), m_dismiss(new QPushButton(tr("Got it"), this))
{
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    QPalette p = palette();
    p.setColor(QPalette::Window, QColor(0xff, 0xf4, 0xce));
    p.setColor(QPalette::WindowText, QColor(0x33, 0x2b, 0x00));
    setPalette(p);
    m_text->setText(hintText());
    m_text->setWordWrap(true);
    m_dismiss->setAccessibleName(tr("Dismiss the hint"));
    m_dismiss->setToolTip(tr("Hide this hint for good"));
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 4, 8, 4);
    layout->addWidget(m_text, 1);
    layout->addWidget(m_dismiss);
    connect(m_dismiss, &QPushButton::clicked, this, [this] {
        if (m_note) {
            clearNote();
            return;
        }
        Preferences::hintDismissed.set(true);
        hide();
    });
    hide();
}

void HintBar::showIfNew()
{
    if (!m_note)
        setVisible(!Preferences::hintDismissed);
}

void HintBar::showNote(const QString &text)
{
    m_note = true;
    m_text->setTextFormat(Qt::PlainText);
    m_text->setText(text);
    m_dismiss->setText(tr("Close"));
    m_dismiss->setToolTip(tr("Hide this note"));
    show();
}

void HintBar::clearNote()
{
    if (!m_note)
        return;
    m_note = false;
    m_text->setTextFormat(Qt::AutoText);
    m_text->setText(hintText());
    m_dismiss->setText(tr("Got it"));
    m_dismiss->setToolTip(tr("Hide this hint for good"));
    hide();
}

QString HintBar::text() const
{
    return m_text->text();
}

} // namespace AttentionLab
