// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/maths/session.h"

#include <QObject>
#include <QString>
#include <QTimer>

#include <optional>

namespace AttentionLab {

class AttentionDocument;

/**
 * Crash-safe autosave: a couple of seconds after an unsaved edit, the session
 * is written (atomically) to a recovery file; saving or discarding the work
 * removes it. A recovery file found at start-up means the program did not
 * close cleanly, and its work can be offered back.
 */
class Autosaver : public QObject
{
    Q_OBJECT

public:
    Autosaver(AttentionDocument *document, QString path, QObject *parent = nullptr);

    /// The recovery file under the user's application data folder.
    static QString defaultPath();

    QString path() const { return m_path; }
    /// The session waiting in the recovery file, if any, and the file it
    /// belonged to (empty for an untitled one).
    std::optional<Session> recoverable(QString *source = nullptr) const;
    /// Writes the recovery file now, when there is unsaved work.
    void saveNow();
    /// Removes the recovery file.
    void discard();

private:
    void scheduleSave();

    AttentionDocument *m_document;
    QString m_path;
    QTimer m_timer;
};

} // namespace AttentionLab
