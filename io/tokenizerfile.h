// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <QByteArray>
#include <QJsonDocument>
#include <QJsonValue>
#include <QString>

#include <optional>

namespace AttentionLab {

/// The bytes of a tokenizer's file (vocab.json, merges.txt, vocab.txt,
/// tokenizer_config.json), at most \a maxBytes. Throws ReadError with one line
/// "PATH: what is wrong" for a missing file, a folder, a FIFO, an unreadable or
/// too large file.
QByteArray readTokenizerFile(const QString &path, qint64 maxBytes);

/// \a bytes, read from \a path, as JSON; ReadError "PATH: is not JSON: what at
/// byte N" otherwise.
QJsonDocument parseTokenizerJson(const QString &path, const QByteArray &bytes);

/// The id \a value gives a token in a JSON object of token to id (vocab.json,
/// tokenizer.json's model.vocab) of \a entries tokens: a whole number from 0
/// to twice the entries and 1024 more, since ids are dense in every real
/// vocabulary and one far beyond would make a table of that size. None otherwise.
std::optional<int> vocabularyId(const QJsonValue &value, qsizetype entries);

/// "PATH: message", the one form of a tokenizer file's refusal.
[[noreturn]] void throwTokenizerFileError(const QString &path, const QString &message);

} // namespace AttentionLab
