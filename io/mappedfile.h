// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <QString>

#include <memory>

namespace AttentionLab {

/**
 * A file mapped into memory read-only, for the weights of a model and the
 * attention files, whose values are used where they lie.
 *
 * A mapping is only as good as the file under it: when another program
 * truncates the file (a second download over it, an editor, a full disk),
 * reading a page past the new end raises SIGBUS, and the process dies with
 * whatever the user had not saved. So every mapping is registered with a
 * SIGBUS handler: a fault inside it replaces the whole mapping with zero
 * pages, marks it damaged and lets the read go on, and requireUnchanged()
 * then refuses what was computed from it. A fault anywhere else is passed to
 * the handler that was there before (by default, the process still dies).
 *
 * requireUnchanged() also compares the file with what was opened: its
 * inode, size and modification time, and whether the path still names it,
 * so a file replaced or rewritten between two passes is noticed before the
 * next pass reads it.
 */
class MappedFile
{
public:
    /// Opens and maps \a path without blocking (O_NONBLOCK; it must be a
    /// regular, non-empty file). Throws ReadError with the reason, without
    /// the path: "is empty", "cannot be read: Permission denied".
    static std::shared_ptr<const MappedFile> open(const QString &path);

    ~MappedFile();
    MappedFile(const MappedFile &) = delete;
    MappedFile &operator=(const MappedFile &) = delete;

    const char *data() const { return m_data; }
    long long size() const { return m_size; }
    const QString &path() const { return m_path; }

    /// Why what is mapped may no longer be the file that was opened: empty
    /// when it is, else "changed on disk while it was open" with what changed.
    QString change() const;
    /// Throws ReadError "PATH changed on disk while it was open (...): reopen
    /// it" (\a reopen names what to reopen) when change() is not empty.
    void requireUnchanged(const QString &reopen) const;

private:
    MappedFile() = default;

    QString m_path;
    char *m_data = nullptr;
    long long m_size = 0;
    int m_fd = -1;
    int m_slot = -1;
    unsigned long long m_device = 0;
    unsigned long long m_inode = 0;
    long long m_modifiedSeconds = 0;
    long long m_modifiedNanoseconds = 0;
};

} // namespace AttentionLab
