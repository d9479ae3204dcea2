// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <QByteArray>
#include <QString>

namespace AttentionLab {

/// The bytes of a tokenizer's file (vocab.json, merges.txt, vocab.txt,
/// tokenizer_config.json), at most \a maxBytes. Throws ReadError with one line
/// "PATH: what is wrong" for a missing file, a folder, a FIFO, an unreadable or
/// too large file.
QByteArray readTokenizerFile(const QString &path, qint64 maxBytes);

/// "PATH: message", the one form of a tokenizer file's refusal.
[[noreturn]] void throwTokenizerFileError(const QString &path, const QString &message);

} // namespace AttentionLab
