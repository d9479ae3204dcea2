// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/document/autosaver.h"

#include "io/sessionreader.h"
#include "io/sessionwriter.h"
#include "ui/document/attentiondocument.h"
#include "ui/settings/preferences.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>

namespace AttentionLab {

namespace {

/// Quiet time after the last edit before the recovery file is written.
constexpr int kDelayMs = 2000;

} // namespace

Autosaver::Autosaver(AttentionDocument *document, QString path, QObject *parent)
    : QObject(parent), m_document(document), m_path(std::move(path))
{
    m_timer.setSingleShot(true);
    m_timer.setInterval(kDelayMs);
    connect(&m_timer, &QTimer::timeout, this, &Autosaver::saveNow);
    connect(document, &AttentionDocument::resultChanged, this, &Autosaver::scheduleSave);
    connect(document, &AttentionDocument::modifiedChanged, this, [this](bool modified) {
        if (!modified)
            discard();
    });
}

QString Autosaver::defaultPath()
{
    const QString folder = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    return QDir(folder).filePath(QStringLiteral("autosave.json"));
}

std::optional<Session> Autosaver::recoverable(QString *source) const
{
    if (!QFileInfo::exists(m_path))
        return std::nullopt;
    SessionReader reader;
    std::optional<Session> session = reader.readFile(m_path);
    if (session && source)
        *source = Preferences::autosaveSource.get();
    return session;
}

void Autosaver::scheduleSave()
{
    if (m_document->isModified())
        m_timer.start();
}

void Autosaver::saveNow()
{
    m_timer.stop();
    if (!m_document->isModified())
        return;
    QDir().mkpath(QFileInfo(m_path).absolutePath());
    SessionWriter writer;
    if (writer.writeFile(m_document->session(), m_path))
        Preferences::autosaveSource.set(m_document->filePath());
}

void Autosaver::discard()
{
    m_timer.stop();
    QFile::remove(m_path);
}

} // namespace AttentionLab
