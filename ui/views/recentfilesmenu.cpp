// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/views/recentfilesmenu.h"

#include "ui/settings/preferences.h"

#include <QFileInfo>

namespace AttentionLab {

RecentFilesMenu::RecentFilesMenu(QWidget *parent) : QMenu(tr("Open &Recent"), parent)
{
    rebuild();
}

void RecentFilesMenu::add(const QString &path)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    QStringList files = Preferences::recentFiles;
    files.removeAll(absolute);
    files.prepend(absolute);
    while (files.size() > Preferences::kMaxRecentFiles)
        files.removeLast();
    Preferences::recentFiles.set(files);
    rebuild();
}

void RecentFilesMenu::rebuild()
{
    clear();
    const QStringList files = Preferences::recentFiles;
    for (int i = 0; i < files.size(); ++i) {
        const QString path = files[i];
        QAction *a = addAction(QStringLiteral("&%1 %2").arg(i + 1).arg(QFileInfo(path).fileName()),
                               this, [this, path] { emit fileChosen(path); });
        a->setToolTip(path);
        a->setStatusTip(path);
    }
    setEnabled(!files.isEmpty());
    setToolTipsVisible(true);
    if (!files.isEmpty()) {
        addSeparator();
        addAction(tr("&Clear list"), this, [this] {
            Preferences::recentFiles.set({});
            rebuild();
        });
    }
}

} // namespace AttentionLab
