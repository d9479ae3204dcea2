// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "ui/views/guidedtour.h"

#include <QMenu>

#include <functional>

class QMenuBar;

namespace AttentionLab {

/**
 * Help: the guided tour, whose pages find the panels they are about through
 * \a findPanel; the keyboard shortcuts of \a menuBar's menus; the first-start
 * hint again (\a showHint); and the program's licence.
 */
class HelpMenu : public QMenu
{
    Q_OBJECT

public:
    HelpMenu(QMenuBar *menuBar, GuidedTour::PanelFinder findPanel, std::function<void()> showHint,
             QWidget *window);
};

} // namespace AttentionLab
