// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "io/outputfile.h"

#include "io/fileaccess.h"
#include "io/inputtextqt.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace AttentionLab {

namespace {

/// Links followed, as the kernel does, before giving up.
constexpr int kLinkLevels = 40;

QString systemError(int error)
{
    return QString::fromLocal8Bit(std::strerror(error));
}

/// \a path with its symbolic links followed (a dangling link gives the path
/// it points to, where the file will be made); empty with \a why on a loop.
QString followLinks(const QString &path, QString *why)
{
    QFileInfo info(path);
    for (int level = 0; info.isSymLink(); ++level) {
        if (level == kLinkLevels) {
            *why = systemError(ELOOP);
            return {};
        }
        info = QFileInfo(info.symLinkTarget());
    }
    return info.absoluteFilePath();
}

/// What is wrong with writing \a target, or empty; \a mode receives the
/// permissions the new file gets.
QString targetProblem(const QString &target, unsigned *mode)
{
    if (const QString kind = nonRegularFileKind(target); !kind.isEmpty())
        return QStringLiteral("it is %1, not a file").arg(kind);
    const QByteArray name = QFile::encodeName(target);
    struct stat info;
    if (::stat(name.constData(), &info) == 0) {
        if (::access(name.constData(), W_OK) != 0 || (info.st_mode & 0222) == 0)
            return QStringLiteral("it is read-only");
        *mode = info.st_mode & 07777;
    } else {
        const mode_t mask = ::umask(0);
        ::umask(mask);
        *mode = 0666 & ~mask;
    }
    return {};
}

} // namespace

OutputFile::OutputFile(const QString &path) : m_path(path)
{
    m_temporary.setAutoRemove(true);
}

QString OutputFile::problem(const QString &path)
{
    QString why;
    const QString target = followLinks(path, &why);
    unsigned mode = 0;
    if (!target.isEmpty())
        why = targetProblem(target, &mode);
    return why.isEmpty() ? QString()
                         : QStringLiteral("%1: cannot be written: %2").arg(inputText(path), why);
}

bool OutputFile::fail(const QString &why)
{
    m_error = QStringLiteral("%1: cannot be written: %2").arg(inputText(m_path), why);
    return false;
}

bool OutputFile::open()
{
    m_error.clear();
    QString why;
    m_target = followLinks(m_path, &why);
    if (m_target.isEmpty())
        return fail(why);
    if (why = targetProblem(m_target, &m_mode); !why.isEmpty())
        return fail(why);
    // Beside the target, so that the rename stays on one file system.
    const QFileInfo target(m_target);
    m_temporary.setFileTemplate(target.absolutePath() + QStringLiteral("/.") + target.fileName() +
                                QStringLiteral(".XXXXXX.part"));
    if (!m_temporary.open())
        return fail(m_temporary.errorString());
    return true;
}

bool OutputFile::write(const QByteArray &bytes)
{
    // The system's reason, read before Qt's own calls can change it: a
    // buffered write that failed as its buffer went out said "Unknown
    // error" of a full disk (issue 36, item 14: a GIF on a full disk).
    errno = 0;
    if (!writeAll(m_temporary, bytes)) {
        const int error = errno;
        return fail(error != 0 ? systemError(error) : m_temporary.errorString());
    }
    return true;
}

bool OutputFile::commit()
{
    if (m_temporary.isOpen()) {
        if (!m_temporary.flush())
            return fail(m_temporary.errorString());
        m_temporary.close();
    }
    const QByteArray temporary = QFile::encodeName(m_temporary.fileName());
    // On disk before it replaces the old file: a crash then leaves one or the other.
    const int fd = ::open(temporary.constData(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return fail(systemError(errno));
    const bool synced = ::fsync(fd) == 0;
    const int syncError = errno;
    ::close(fd);
    if (!synced)
        return fail(systemError(syncError));
    if (::chmod(temporary.constData(), mode_t(m_mode)) != 0)
        return fail(systemError(errno));
    // rename() replaces the target in one step: never a moment without a file.
    if (std::rename(temporary.constData(), QFile::encodeName(m_target).constData()) != 0)
        return fail(systemError(errno));
    m_temporary.setAutoRemove(false);
    return true;
}

} // namespace AttentionLab
