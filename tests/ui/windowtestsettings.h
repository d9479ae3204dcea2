// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

// What every test of the real window does first and last: settings and the
// recovery file of this test process alone, so that two runs at once (a
// developer's and CI's) cannot touch each other's, and nothing left behind.

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSettings>
#include <QStandardPaths>

namespace WindowTestSettings {

inline void isolate()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("AttentionLabTests"));
    QCoreApplication::setApplicationName(
        QStringLiteral("%1-%2")
            .arg(QFileInfo(QCoreApplication::applicationFilePath()).fileName())
            .arg(QCoreApplication::applicationPid()));
}

inline void removeAll()
{
    QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).removeRecursively();
    QFile::remove(QSettings().fileName());
}

} // namespace WindowTestSettings
