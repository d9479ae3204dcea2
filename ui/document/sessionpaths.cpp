// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/document/sessionpaths.h"

#include "ui/settings/preferences.h"

#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>

namespace AttentionLab::SessionPaths {

QString folder()
{
    const QString last = Preferences::sessionFolder.get();
    if (!last.isEmpty() && QFileInfo(last).isDir())
        return last;
    return documentsFolder();
}

QString documentsFolder()
{
    const QString documents = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    // A missing folder would leave a dialog in the current one, and a file
    // proposed there could not be written.
    return !documents.isEmpty() && QFileInfo(documents).isDir() ? documents : QDir::homePath();
}

void remember(const QString &path)
{
    if (!path.isEmpty())
        Preferences::sessionFolder.set(QFileInfo(path).absolutePath());
}

QString saveProposal(const QString &filePath, const QString &untitledName)
{
    if (!filePath.isEmpty())
        return filePath;
    const QString name =
        untitledName.isEmpty() ? QStringLiteral("Untitled") : QString(untitledName);
    return QDir(folder()).filePath(name + kSuffix);
}

QString withSuffix(const QString &path)
{
    return path.endsWith(QLatin1StringView(".json"), Qt::CaseInsensitive) ? path : path + kSuffix;
}

} // namespace AttentionLab::SessionPaths
