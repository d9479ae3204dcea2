// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <QJsonObject>
#include <QString>

namespace AttentionLab::WindowSocket {

/**
 * The one window of a user receives files on a local socket: this path,
 * $ATTENTION_LAB_SOCKET where set, else attention-lab.socket in the user's
 * runtime folder ($XDG_RUNTIME_DIR, or Qt's /tmp/runtime-USER), a folder of
 * the user's alone. The protocol, the same for `attention-lab FILE` and the
 * Python module: one line of JSON each way, {"open": "/absolute/path"} or
 * {"status": true} in, {"ok": true, ...} or {"ok": false, "error": "..."}
 * out.
 */
QString path();

/// Why the socket at \a socketPath may not be trusted with a file: not a
/// socket, another user's, or open to others (its mode, or its folder's);
/// empty when it is this user's alone. A missing socket is no problem.
QString ownershipProblem(const QString &socketPath);

/// What a request met.
struct Reply
{
    bool reached = false; ///< a window answered (false: none listens there)
    QJsonObject answer;   ///< its one line of JSON
    QString error;        ///< why it could not be asked (a refusal, a timeout)
};

/// Sends \a message to the window listening on \a socketPath and waits for
/// its answer, at most \a timeoutMs. No window (no socket, or one left by a
/// window that is gone) is `reached == false` with no error.
Reply request(const QString &socketPath, const QJsonObject &message, int timeoutMs = 5000);

} // namespace AttentionLab::WindowSocket
