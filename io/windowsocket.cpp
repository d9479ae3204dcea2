// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "io/windowsocket.h"

#include <QByteArray>
#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QStandardPaths>

#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

namespace AttentionLab::WindowSocket {

namespace {

/// A file descriptor closed when it goes.
class Descriptor
{
public:
    explicit Descriptor(int fd) : m_fd(fd) {}
    ~Descriptor()
    {
        if (m_fd >= 0)
            ::close(m_fd);
    }
    Descriptor(const Descriptor &) = delete;
    Descriptor &operator=(const Descriptor &) = delete;
    int get() const { return m_fd; }

private:
    int m_fd;
};

/// Waits for \a events on \a fd until \a deadline (ms left); false on timeout.
bool waitFor(int fd, short events, int milliseconds)
{
    pollfd p{fd, events, 0};
    for (;;) {
        const int ready = ::poll(&p, 1, milliseconds);
        if (ready > 0)
            return true;
        if (ready == 0 || errno != EINTR)
            return false;
    }
}

} // namespace

QString path()
{
    const QByteArray given = qgetenv("ATTENTION_LAB_SOCKET");
    if (!given.isEmpty())
        return QString::fromLocal8Bit(given);
    // Qt makes the runtime folder the user's alone (0700) when it makes it.
    const QString runtime = QStandardPaths::writableLocation(QStandardPaths::RuntimeLocation);
    return QDir(runtime).filePath(QStringLiteral("attention-lab.socket"));
}

QString ownershipProblem(const QString &socketPath)
{
    const QByteArray local = QFile::encodeName(socketPath);
    struct stat socketStat;
    if (::lstat(local.constData(), &socketStat) != 0)
        return {};
    if (!S_ISSOCK(socketStat.st_mode))
        return QStringLiteral("%1 is not a socket").arg(socketPath);
    if (socketStat.st_uid != ::getuid())
        return QStringLiteral("%1 belongs to another user").arg(socketPath);
    if (socketStat.st_mode & (S_IRWXG | S_IRWXO))
        return QStringLiteral("%1 is open to other users (mode %2)")
            .arg(socketPath)
            .arg(socketStat.st_mode & 0777, 3, 8, QLatin1Char('0'));
    const QByteArray folder = QFile::encodeName(QFileInfo(socketPath).absolutePath());
    struct stat folderStat;
    if (::stat(folder.constData(), &folderStat) != 0)
        return {};
    if (folderStat.st_uid != ::getuid())
        return QStringLiteral("%1's folder belongs to another user").arg(socketPath);
    if (folderStat.st_mode & (S_IWGRP | S_IWOTH))
        return QStringLiteral("%1's folder is writable by other users").arg(socketPath);
    return {};
}

Reply request(const QString &socketPath, const QJsonObject &message, int timeoutMs)
{
    Reply reply;
    const QByteArray local = QFile::encodeName(socketPath);
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    if (local.isEmpty() || size_t(local.size()) >= sizeof address.sun_path) {
        reply.error = QStringLiteral("the socket path %1 is too long").arg(socketPath);
        return reply;
    }
    struct stat socketStat;
    if (::lstat(local.constData(), &socketStat) != 0)
        return reply; // no window
    if (const QString problem = ownershipProblem(socketPath); !problem.isEmpty()) {
        reply.error = problem;
        return reply;
    }
    std::memcpy(address.sun_path, local.constData(), size_t(local.size()));
    const Descriptor fd(::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0));
    if (fd.get() < 0) {
        reply.error = QString::fromLocal8Bit(std::strerror(errno));
        return reply;
    }
    if (::connect(fd.get(), reinterpret_cast<const sockaddr *>(&address), sizeof address) != 0)
        return reply; // a socket left by a window that is gone: nobody listens
    QByteArray line = QJsonDocument(message).toJson(QJsonDocument::Compact);
    line.append('\n');
    for (qsizetype sent = 0; sent < line.size();) {
        if (!waitFor(fd.get(), POLLOUT, timeoutMs)) {
            reply.error = QStringLiteral("the window did not take the request");
            return reply;
        }
        const ssize_t n =
            ::send(fd.get(), line.constData() + sent, size_t(line.size() - sent), MSG_NOSIGNAL);
        if (n < 0 && errno != EINTR) {
            reply.error = QString::fromLocal8Bit(std::strerror(errno));
            return reply;
        }
        sent += n > 0 ? n : 0;
    }
    reply.reached = true;
    QByteArray answer;
    char buffer[4096];
    while (!answer.contains('\n')) {
        if (!waitFor(fd.get(), POLLIN, timeoutMs)) {
            reply.error =
                QStringLiteral("the window did not answer within %1 s").arg(timeoutMs / 1000);
            return reply;
        }
        const ssize_t n = ::recv(fd.get(), buffer, sizeof buffer, 0);
        if (n == 0)
            break;
        if (n < 0) {
            if (errno == EINTR)
                continue;
            reply.error = QString::fromLocal8Bit(std::strerror(errno));
            return reply;
        }
        answer.append(buffer, n);
        if (answer.size() > (1 << 20))
            break;
    }
    const QJsonDocument document = QJsonDocument::fromJson(answer.left(answer.indexOf('\n')));
    if (!document.isObject()) {
        reply.error = QStringLiteral("the window answered something else than JSON");
        return reply;
    }
    reply.answer = document.object();
    return reply;
}

} // namespace AttentionLab::WindowSocket
