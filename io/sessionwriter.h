// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/maths/session.h"

#include <QByteArray>
#include <QString>

class QIODevice;

namespace AttentionLab {

/// Writes sessions in the format SessionReader reads, numbers in their
/// shortest exact form so that a save and an open round-trip bit for bit.
class SessionWriter
{
public:
    static QByteArray toJson(const Session &session);

    /// Writes to an open \a device; false with errorString() on failure.
    bool write(const Session &session, QIODevice *device);
    /// Writes \a path atomically (OutputFile): on failure the old file stays.
    bool writeFile(const Session &session, const QString &path);

    QString errorString() const { return m_error; }

private:
    QString m_error;
};

} // namespace AttentionLab
