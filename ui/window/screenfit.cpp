// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/window/screenfit.h"

#include <QGuiApplication>
#include <QScreen>
#include <QWidget>

#include <algorithm>

namespace AttentionLab {

void fitWindowToScreen(QWidget *window)
{
    const QScreen *screen = window->screen() ? window->screen() : QGuiApplication::primaryScreen();
    if (!screen || window->isFullScreen() || window->isMaximized())
        return;
    const QRect available = screen->availableGeometry();
    QSize frameExtra = window->frameGeometry().size() - window->geometry().size();
    // Before the window manager has said how large its frame is, a title
    // bar's height is kept free on a desktop: a 1280 x 720 window put its
    // status bar under the screen's edge.
    const QString platform = QGuiApplication::platformName();
    if (frameExtra.isNull() &&
        (platform == QLatin1String("xcb") || platform.startsWith(QLatin1String("wayland"))))
        frameExtra = QSize(0, 32);
    const QSize room = available.size() - frameExtra;
    const QSize fitted =
        window->size().boundedTo(room).expandedTo(window->minimumSizeHint().boundedTo(room));
    if (fitted != window->size())
        window->resize(fitted);
    QRect frame = window->frameGeometry();
    frame.moveLeft(std::clamp(frame.left(), available.left(),
                              std::max(available.left(), available.right() - frame.width() + 1)));
    frame.moveTop(std::clamp(frame.top(), available.top(),
                             std::max(available.top(), available.bottom() - frame.height() + 1)));
    if (frame.topLeft() != window->frameGeometry().topLeft())
        window->move(frame.topLeft());
}

} // namespace AttentionLab
