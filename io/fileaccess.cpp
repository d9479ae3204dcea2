// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "io/fileaccess.h"

#include <QByteArray>
#include <QFile>
#include <QFileDevice>

#include <algorithm>

#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace AttentionLab {

namespace {

QString kindOf(const struct stat &info)
{
    if (S_ISREG(info.st_mode))
        return {};
    if (S_ISDIR(info.st_mode))
        return QStringLiteral("a folder");
    if (S_ISFIFO(info.st_mode))
        return QStringLiteral("a FIFO (named pipe)");
    if (S_ISCHR(info.st_mode))
        return QStringLiteral("a character device");
    if (S_ISBLK(info.st_mode))
        return QStringLiteral("a block device");
    if (S_ISSOCK(info.st_mode))
        return QStringLiteral("a socket");
    return QStringLiteral("not a regular file");
}

/// Closes a descriptor when it goes.
struct Descriptor
{
    int fd = -1;
    ~Descriptor()
    {
        if (fd >= 0)
            ::close(fd);
    }
};

} // namespace

QString nonRegularFileKind(const QString &path)
{
    struct stat info;
    if (::stat(QFile::encodeName(path).constData(), &info) != 0)
        return {};
    return kindOf(info);
}

int openRegularFile(const QString &path, struct stat *info, QString *error)
{
    int fd = -1;
    do
        fd = ::open(QFile::encodeName(path).constData(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    while (fd < 0 && errno == EINTR);
    if (fd < 0 || ::fstat(fd, info) != 0) {
        *error = QStringLiteral("cannot be read: %1").arg(QString::fromLocal8Bit(strerror(errno)));
        if (fd >= 0)
            ::close(fd);
        return -1;
    }
    if (const QString kind = kindOf(*info); !kind.isEmpty()) {
        *error = QStringLiteral("is %1, not a regular file").arg(kind);
        ::close(fd);
        return -1;
    }
    return fd;
}

bool readWithoutBlocking(const QString &path, qint64 maxBytes, QByteArray *bytes, QString *error)
{
    bytes->clear();
    struct stat info;
    Descriptor file;
    file.fd = openRegularFile(path, &info, error);
    if (file.fd < 0)
        return false;
    const qint64 wanted = maxBytes + 1;
    // The size is a hint only (files in /proc say 0): read until the end.
    bytes->reserve(int(std::min<qint64>(std::max<qint64>(info.st_size, 0), wanted)));
    char buffer[65536];
    while (bytes->size() < wanted) {
        const size_t chunk =
            size_t(std::min<qint64>(qint64(sizeof buffer), wanted - bytes->size()));
        const ssize_t got = ::read(file.fd, buffer, chunk);
        if (got == 0)
            return true;
        if (got > 0) {
            bytes->append(buffer, qsizetype(got));
            continue;
        }
        if (errno == EINTR)
            continue;
        *error =
            errno == EAGAIN || errno == EWOULDBLOCK
                ? QStringLiteral("cannot be read without waiting: it is a special file that "
                                 "only looks like an ordinary one")
                : QStringLiteral("cannot be read: %1").arg(QString::fromLocal8Bit(strerror(errno)));
        bytes->clear();
        return false;
    }
    return true;
}

bool writeAll(QFileDevice &file, const QByteArray &bytes)
{
    const char *data = bytes.constData();
    qint64 left = bytes.size();
    while (left > 0) {
        // Qt returns a short count without an error when the disk fills in
        // the middle of a large write; the next write then fails with errno.
        const qint64 written = file.write(data, left);
        if (written <= 0)
            return false;
        data += written;
        left -= written;
    }
    return true;
}

} // namespace AttentionLab
