// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <QJsonObject>
#include <QObject>
#include <QString>

#include <functional>

class QLocalServer;
class QLocalSocket;

namespace AttentionLab {

/**
 * The window's ear: a local socket (WindowSocket::path(), the user's alone)
 * on which `attention-lab FILE` and the Python module hand it files instead
 * of starting a second window. Each connection sends one line of JSON and
 * gets one back: {"open": "/absolute/path"} (a regular file or a model
 * folder, else refused in one line), or {"status": true} (what the window
 * shows). Each file is handed on in the order received, after its answer;
 * the window keeps those that must wait their turn
 * (MainWindow::openReceived). A peer of another user is refused.
 */
class WindowServer : public QObject
{
    Q_OBJECT

public:
    /// What the window shows, for a status request: {"file", "tab"}.
    using StatusProvider = std::function<QJsonObject()>;

    WindowServer(StatusProvider status, QObject *parent = nullptr);
    ~WindowServer() override;

    /// Listens on \a socketPath: false, with a reason in \a why, when another
    /// window already does (or the folder cannot be used). A socket left by
    /// a window that is gone is replaced.
    bool listen(const QString &socketPath, QString *why = nullptr);
    bool isListening() const;
    QString socketPath() const { return m_path; }

    /// Why \a path cannot be opened from the socket (not absolute, missing,
    /// neither a regular file nor a folder); empty when it can.
    static QString refusal(const QString &path);

signals:
    /// A file or folder to open, in the order received.
    void openRequested(const QString &path);

private:
    void accept();
    void answer(QLocalSocket *socket);

    StatusProvider m_status;
    QLocalServer *m_server = nullptr;
    QString m_path;
};

} // namespace AttentionLab
