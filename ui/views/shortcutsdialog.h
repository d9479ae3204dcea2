// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <QDialog>

class QMenuBar;
class QTreeWidget;

namespace AttentionLab {

/// Help > Keyboard Shortcuts: every menu command that has a shortcut, read
/// from the menus themselves so that the list is never out of date.
class ShortcutsDialog : public QDialog
{
    Q_OBJECT

public:
    explicit ShortcutsDialog(const QMenuBar *menuBar, QWidget *parent = nullptr);

    /// "Menu: command" and its shortcut, for each command in \a menuBar.
    static QList<QPair<QString, QString>> shortcuts(const QMenuBar *menuBar);
};

} // namespace AttentionLab
