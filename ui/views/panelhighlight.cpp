// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/views/panelhighlight.h"

#include <QEvent>
#include <QPainter>

namespace AttentionLab {

PanelHighlight::PanelHighlight(QWidget *window) : QWidget(window)
{
    setAttribute(Qt::WA_TransparentForMouseEvents);
    setAttribute(Qt::WA_NoSystemBackground);
    setFocusPolicy(Qt::NoFocus);
    window->installEventFilter(this);
    hide();
}

void PanelHighlight::setPanel(QWidget *panel)
{
    if (m_panel)
        m_panel->removeEventFilter(this);
    m_panel = panel;
    if (m_panel)
        m_panel->installEventFilter(this);
    follow();
}

bool PanelHighlight::eventFilter(QObject *watched, QEvent *event)
{
    Q_UNUSED(watched);
    switch (event->type()) {
    case QEvent::Resize:
    case QEvent::Move:
    case QEvent::Show:
    case QEvent::Hide:
        follow();
        break;
    default:
        break;
    }
    return false;
}

void PanelHighlight::follow()
{
    if (!m_panel || !m_panel->isVisible()) {
        hide();
        return;
    }
    const QPoint topLeft = m_panel->mapTo(parentWidget(), QPoint(0, 0));
    setGeometry(QRect(topLeft, m_panel->size()));
    show();
    raise();
    update();
}

void PanelHighlight::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const int width = 4;
    QPen pen(palette().color(QPalette::Highlight), width);
    painter.setPen(pen);
    painter.setBrush(Qt::NoBrush);
    painter.drawRoundedRect(
        QRectF(rect()).adjusted(width / 2.0, width / 2.0, -width / 2.0, -width / 2.0), 6, 6);
}

} // namespace AttentionLab
