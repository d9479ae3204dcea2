// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <QMenu>

namespace AttentionLab {

/// File > Open Recent: the last files opened or saved, newest first,
/// remembered across starts, with a way to clear the list.
class RecentFilesMenu : public QMenu
{
    Q_OBJECT

public:
    explicit RecentFilesMenu(QWidget *parent = nullptr);

    /// Puts \a path first in the list.
    void add(const QString &path);

signals:
    void fileChosen(const QString &path);

private:
    void rebuild();
};

} // namespace AttentionLab
