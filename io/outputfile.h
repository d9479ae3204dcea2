// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <QString>
#include <QTemporaryFile>

class QByteArray;
class QFileDevice;

namespace AttentionLab {

/**
 * The one way every writer puts a file at a path: sessions (and the
 * autosave), figures, .npz and .safetensors. The bytes go to a temporary
 * file beside the target, which is renamed over it only once complete, so a
 * failed write leaves the old file as it was and never a half-written one.
 * Alike for every writer, as QSaveFile does:
 *
 * - a symbolic link is written through: its target is replaced, the link stays;
 * - a folder, FIFO, device or socket is refused before anything is opened;
 * - a read-only file is refused and left as it is (for root too, which could
 *   write it: a file with no write permission at all is read-only by intent);
 * - an existing file keeps its permissions; a new one gets 0666 less the umask.
 */
class OutputFile
{
public:
    explicit OutputFile(const QString &path);
    OutputFile(const OutputFile &) = delete;
    OutputFile &operator=(const OutputFile &) = delete;

    /// Why \a path cannot be written, as open() would say it ("OUT: cannot
    /// be written: it is read-only"), or empty: for refusing before long work.
    static QString problem(const QString &path);

    /// Checks the path and creates the temporary file; false with errorString().
    bool open();
    /// Appends \a bytes (retrying short writes); false with errorString().
    bool write(const QByteArray &bytes);
    /// The temporary file's path, for a library that writes the file itself
    /// (libzip): after open(), before commit().
    QString temporaryPath() const { return m_temporary.fileName(); }
    /// Flushes and syncs the file, gives it its permissions and renames it
    /// over the target; false with errorString(). Without commit() the
    /// temporary file is removed and the target stays as it was.
    bool commit();

    /// "OUT: cannot be written: No space left on device".
    QString errorString() const { return m_error; }
    /// Records that the output failed, \a why (a library's own reason), as
    /// errorString() says it; returns false.
    bool fail(const QString &why);

private:
    QString m_path;
    QString m_target; ///< m_path with its symbolic links followed
    unsigned m_mode = 0;
    QTemporaryFile m_temporary;
    QString m_error;
};

} // namespace AttentionLab
