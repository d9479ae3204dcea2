// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "io/sessionwriter.h"

#include "io/fileaccess.h"
#include "io/inputtextqt.h"
#include "io/jsonvalues.h"
#include "io/sessionformat.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

namespace AttentionLab {

QByteArray SessionWriter::toJson(const Session &s)
{
    QJsonObject root;
    root.insert(QStringLiteral("format"), QString(SessionFormat::kFormatName));
    root.insert(QStringLiteral("version"), SessionFormat::kVersion);
    if (!s.tokens.empty())
        root.insert(QStringLiteral("tokens"), Json::labels(s.tokens));
    if (!s.queryTokens.empty())
        root.insert(QStringLiteral("query_tokens"), Json::labels(s.queryTokens));
    root.insert(QStringLiteral("queries"), Json::matrix(s.queries));
    root.insert(QStringLiteral("keys"), Json::matrix(s.keys));
    if (s.hasValues())
        root.insert(QStringLiteral("values"), Json::matrix(s.values));
    root.insert(QStringLiteral("scale"), s.options.scale);
    root.insert(QStringLiteral("mask"), QString::fromUtf8(maskModeName(s.options.mask)));
    root.insert(QStringLiteral("temperature"), s.options.temperature);
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

bool SessionWriter::write(const Session &session, QIODevice *device)
{
    const QByteArray data = toJson(session);
    if (device->write(data) != data.size()) {
        m_error = device->errorString();
        return false;
    }
    return true;
}

bool SessionWriter::writeFile(const Session &session, const QString &path)
{
    // Before opening: a FIFO or a device would block or be replaced.
    if (const QString kind = nonRegularFileKind(path); !kind.isEmpty()) {
        m_error =
            inputText(path) + QStringLiteral(": cannot be written: it is %1, not a file").arg(kind);
        return false;
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        m_error = inputText(path) + QStringLiteral(": cannot be written: ") + file.errorString();
        return false;
    }
    if (!writeAll(file, toJson(session)) || !file.commit()) {
        m_error = inputText(path) + QStringLiteral(": cannot be written: ") + file.errorString();
        file.cancelWriting();
        return false;
    }
    return true;
}

} // namespace AttentionLab
