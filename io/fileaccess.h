// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <QString>

class QByteArray;
class QFileDevice;

namespace AttentionLab {

/**
 * What \a path is when it exists but is not a regular file (a symbolic link
 * counts as what it points to): "a folder", "a FIFO (named pipe)", "a
 * character device", "a block device", "a socket" or "not a regular file";
 * empty for a regular file or a path that does not exist. Readers and writers
 * ask this before opening, since opening a FIFO or a device can block forever.
 */
QString nonRegularFileKind(const QString &path);

/**
 * Writes all of \a bytes to \a file, retrying short writes, so that a full
 * disk ends in a failed write whose errorString() names the cause ("No space
 * left on device") rather than a short count with "Unknown error".
 */
bool writeAll(QFileDevice &file, const QByteArray &bytes);

} // namespace AttentionLab
