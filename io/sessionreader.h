// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/maths/session.h"

#include <QString>

#include <optional>

class QByteArray;
class QIODevice;

namespace AttentionLab {

/**
 * Reads session files (format "attention-lab/session", version 1) and says in
 * one line what is wrong with a bad one: the file's name, where (line and
 * column for syntax, the member such as keys[2][1] otherwise) and what.
 */
class SessionReader
{
public:
    /// Reads \a path; std::nullopt on failure, with errorString() set.
    std::optional<Session> readFile(const QString &path);
    /// Reads from \a device; \a name is used in messages.
    std::optional<Session> read(QIODevice *device, const QString &name);
    /// Parses \a data; \a name is used in messages.
    std::optional<Session> parse(const QByteArray &data, const QString &name);

    /// "FILE: what is wrong", for the last failed read.
    QString errorString() const { return m_error; }

private:
    std::optional<Session> fail(const QString &name, const QString &message);
    QString m_error;
};

} // namespace AttentionLab
