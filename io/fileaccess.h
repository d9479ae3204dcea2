// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <QString>

struct stat;

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
 * Opens \a path for reading without blocking (O_NONBLOCK) and checks, on the
 * open descriptor, that it is a regular file, so a link swapped for a FIFO
 * after a check by name is refused too. Returns the descriptor, which the
 * caller closes, with its status in \a info; or -1 with the reason in
 * \a error: "cannot be read: Permission denied", "is a FIFO (named pipe),
 * not a regular file".
 */
int openRegularFile(const QString &path, struct stat *info, QString *error);

/**
 * Reads the regular file \a path, at most \a maxBytes + 1 bytes of it (so a
 * caller can tell a file over its limit), and never waits: the file is
 * opened with O_NONBLOCK, must be a regular file once open (a link swapped
 * for a FIFO after a check by name is refused too), and a read that would
 * block ends the read. Such files exist: /proc/kmsg stats as an empty
 * regular file and blocks until the kernel logs something. Returns false
 * with the reason in \a error: "cannot be read: Permission denied", "is a
 * FIFO (named pipe), not a regular file", or "cannot be read without
 * waiting: it is a special file, not an ordinary one".
 */
bool readWithoutBlocking(const QString &path, qint64 maxBytes, QByteArray *bytes, QString *error);

/**
 * Writes all of \a bytes to \a file, retrying short writes, so that a full
 * disk ends in a failed write whose errorString() names the cause ("No space
 * left on device") rather than a short count with "Unknown error".
 */
bool writeAll(QFileDevice &file, const QByteArray &bytes);

} // namespace AttentionLab
