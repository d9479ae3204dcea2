// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <QMenu>

class QTabWidget;

namespace AttentionLab {

/// View > Tabs: the tabs from the keyboard, Ctrl+PgUp/PgDown (and Ctrl+Tab)
/// for the previous and next, Alt+digit for each; never Alt+letter, which
/// belongs to the menus.
class TabsMenu : public QMenu
{
    Q_OBJECT

public:
    TabsMenu(QTabWidget *tabs, QWidget *parent);
};

} // namespace AttentionLab
