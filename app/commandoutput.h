// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QString>

namespace AttentionLab {

class JsonStreamWriter;

/**
 * What a command prints on standard output, and the one check that it was
 * written: each function flushes the stream and throws UsageError ("cannot
 * write the output: No space left on device") when a write failed, so that a
 * full disk is exit status 2 for every command.
 */
namespace CommandOutput {

/// \a text on stdout, as UTF-8.
void write(const QString &text);
/// \a bytes on stdout as they are (a generated text may stop inside a
/// character, which the next piece completes).
void writeBytes(const QByteArray &bytes);
/// \a object on stdout, as indented JSON.
void writeJson(const QJsonObject &object);
/// Ends a JSON report streamed to stdout.
void finishJson(JsonStreamWriter &out);
/// "attention-lab: MESSAGE" on stderr (nothing more can be done if it fails).
void writeError(const QString &message);

} // namespace CommandOutput

} // namespace AttentionLab
