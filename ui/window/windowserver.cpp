// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/window/windowserver.h"

#include "io/windowsocket.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QLocalServer>
#include <QLocalSocket>
#include <QTimer>

#include <sys/socket.h>
#include <unistd.h>

namespace AttentionLab {

namespace {

/// Longest request line: a path and a little JSON.
constexpr qsizetype kMaxRequest = 64 * 1024;

/// True when the peer on \a socket runs as this user.
bool sameUser(const QLocalSocket *socket)
{
    ucred peer{};
    socklen_t length = sizeof peer;
    if (::getsockopt(int(socket->socketDescriptor()), SOL_SOCKET, SO_PEERCRED, &peer, &length) != 0)
        return false;
    return peer.uid == ::getuid();
}

void reply(QLocalSocket *socket, const QJsonObject &answer)
{
    QByteArray line = QJsonDocument(answer).toJson(QJsonDocument::Compact);
    line.append('\n');
    socket->write(line);
    socket->flush();
    socket->disconnectFromServer();
}

QJsonObject refused(const QString &why)
{
    return {{QStringLiteral("ok"), false}, {QStringLiteral("error"), why}};
}

} // namespace

WindowServer::WindowServer(StatusProvider status, QObject *parent)
    : QObject(parent), m_status(std::move(status))
{
}

WindowServer::~WindowServer() = default;

bool WindowServer::listen(const QString &socketPath, QString *why)
{
    const auto fail = [why](const QString &reason) {
        if (why)
            *why = reason;
        return false;
    };
    if (const QString problem = WindowSocket::ownershipProblem(socketPath); !problem.isEmpty())
        return fail(problem);
    if (!QDir().mkpath(QFileInfo(socketPath).absolutePath()))
        return fail(QStringLiteral("cannot make the folder of %1").arg(socketPath));
    // A window that listens answers a status request; a socket nobody
    // answers on was left by a window that is gone, and is replaced. (Asked
    // first: Qt binds a socket with access options aside and renames it over
    // the path, which would take the socket from a live window.)
    const WindowSocket::Reply alive =
        WindowSocket::request(socketPath, {{QStringLiteral("status"), true}}, 2000);
    if (alive.reached)
        return fail(QStringLiteral("another window listens on %1").arg(socketPath));
    QLocalServer::removeServer(socketPath);
    auto *server = new QLocalServer(this);
    // The socket file user-only, as its folder is.
    server->setSocketOptions(QLocalServer::UserAccessOption);
    if (!server->listen(socketPath)) {
        const QString error = server->errorString();
        delete server;
        return fail(error);
    }
    m_server = server;
    m_path = socketPath;
    connect(m_server, &QLocalServer::newConnection, this, &WindowServer::accept);
    return true;
}

bool WindowServer::isListening() const
{
    return m_server && m_server->isListening();
}

QString WindowServer::refusal(const QString &path)
{
    if (path.isEmpty())
        return QStringLiteral("give the path of a file or a model folder to open");
    const QFileInfo info(path);
    if (!info.isAbsolute())
        return QStringLiteral("%1 is not an absolute path").arg(path);
    if (!info.exists())
        return QStringLiteral("%1 does not exist").arg(path);
    if (!info.isFile() && !info.isDir())
        return QStringLiteral("%1 is neither a regular file nor a folder").arg(path);
    return {};
}

void WindowServer::accept()
{
    while (QLocalSocket *socket = m_server->nextPendingConnection()) {
        connect(socket, &QLocalSocket::disconnected, socket, &QObject::deleteLater);
        if (!sameUser(socket)) {
            reply(socket, refused(QStringLiteral("the window takes files from its own user only")));
            continue;
        }
        connect(socket, &QLocalSocket::readyRead, this, [this, socket] { answer(socket); });
        // A peer that never finishes its line is dropped.
        QTimer::singleShot(5000, socket, [socket] { socket->abort(); });
        if (socket->canReadLine())
            answer(socket);
    }
}

void WindowServer::answer(QLocalSocket *socket)
{
    if (!socket->canReadLine()) {
        if (socket->bytesAvailable() > kMaxRequest)
            reply(socket, refused(QStringLiteral("the request is too long")));
        return;
    }
    const QByteArray line = socket->readLine(kMaxRequest).trimmed();
    disconnect(socket, &QLocalSocket::readyRead, this, nullptr);
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(line, &error);
    if (!document.isObject()) {
        reply(socket,
              refused(
                  QStringLiteral("the request is not a JSON object: %1").arg(error.errorString())));
        return;
    }
    const QJsonObject request = document.object();
    if (request.value(QStringLiteral("status")).toBool()) {
        QJsonObject status = m_status ? m_status() : QJsonObject();
        status.insert(QStringLiteral("ok"), true);
        status.insert(QStringLiteral("pid"), QCoreApplication::applicationPid());
        reply(socket, status);
        return;
    }
    const QJsonValue open = request.value(QStringLiteral("open"));
    if (!open.isString()) {
        reply(socket, refused(QStringLiteral("the request asks for nothing this window does: "
                                             "{\"open\": \"/path\"} or {\"status\": true}")));
        return;
    }
    const QString path = open.toString();
    if (const QString why = refusal(path); !why.isEmpty()) {
        reply(socket, refused(why));
        return;
    }
    const QString clean = QDir::cleanPath(path);
    reply(socket, {{QStringLiteral("ok"), true}, {QStringLiteral("opened"), clean}});
    // After this event, in the order received: the answer is on its way
    // before the file opens. The window keeps the ones that must wait.
    QTimer::singleShot(0, this, [this, clean] { emit openRequested(clean); });
}

} // namespace AttentionLab
