// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/views/elidinglabel.h"

#include <QEvent>
#include <QFontMetrics>

#include <algorithm>

namespace AttentionLab {

ElidingLabel::ElidingLabel(const QString &text, QWidget *parent) : QLabel(parent), m_fullText(text)
{
    setTextFormat(Qt::PlainText);
    setWordWrap(false);
    setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    elide();
}

void ElidingLabel::setFullText(const QString &text)
{
    m_fullText = text;
    elide();
}

void ElidingLabel::setExplanation(const QString &text)
{
    m_explanation = text;
    elide();
}

QSize ElidingLabel::minimumSizeHint() const
{
    // As narrow as "…", so that a layout can give it any width.
    const QFontMetrics metrics(font());
    return {metrics.horizontalAdvance(QStringLiteral("…")), metrics.height()};
}

void ElidingLabel::resizeEvent(QResizeEvent *event)
{
    QLabel::resizeEvent(event);
    elide();
}

void ElidingLabel::changeEvent(QEvent *event)
{
    QLabel::changeEvent(event);
    if (event->type() == QEvent::FontChange)
        elide();
}

void ElidingLabel::elide()
{
    const QFontMetrics metrics(font());
    const QString shown =
        metrics.elidedText(m_fullText, Qt::ElideRight, std::max(0, contentsRect().width()));
    if (shown != text())
        setText(shown);
    if (!m_explanation.isEmpty())
        setToolTip(m_explanation);
    else
        setToolTip(shown == m_fullText ? QString() : m_fullText);
}

} // namespace AttentionLab
