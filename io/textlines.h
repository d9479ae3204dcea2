// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <QByteArray>
#include <QList>

namespace AttentionLab {

/**
 * The lines of a text file as every reader of one takes them (merges.txt,
 * vocab.txt, a --tokens list): without a leading UTF-8 byte order mark, split
 * at LF, CRLF or a lone CR (a file may mix them), each without its line end.
 * The line end that closes the file makes no empty line after it; an empty
 * file has no lines.
 */
QList<QByteArray> textLines(const QByteArray &bytes);

} // namespace AttentionLab
