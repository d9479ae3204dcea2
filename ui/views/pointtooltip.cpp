// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/views/pointtooltip.h"

#include <QHelpEvent>
#include <QToolTip>
#include <QWidget>

namespace AttentionLab {

bool showPointToolTip(QWidget *widget, QEvent *event,
                      const std::function<QString(const QPoint &)> &textAt)
{
    if (event->type() != QEvent::ToolTip)
        return false;
    auto *help = static_cast<QHelpEvent *>(event);
    const QString text = textAt(help->pos());
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(help->globalPos(), text, widget);
    return true;
}

} // namespace AttentionLab
