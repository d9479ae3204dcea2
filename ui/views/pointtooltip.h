// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <QPoint>
#include <QString>

#include <functional>

class QEvent;
class QWidget;

namespace AttentionLab {

/**
 * A view's tooltip for what is under the pointer: when \a event is a
 * tooltip event of \a widget, shows \a textAt(its position), or hides the
 * tooltip where that is empty, and returns true; returns false for any other
 * event (the view passes it on).
 */
bool showPointToolTip(QWidget *widget, QEvent *event,
                      const std::function<QString(const QPoint &)> &textAt);

} // namespace AttentionLab
