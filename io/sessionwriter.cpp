// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "io/sessionwriter.h"

#include "io/jsonvalues.h"
#include "io/outputfile.h"
#include "io/sessionformat.h"

#include <QJsonDocument>
#include <QJsonObject>

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
    // Written only when used, so that older readers' files stay as they were.
    if (s.options.window > 0)
        root.insert(QStringLiteral("window"), s.options.window);
    if (s.options.softCap > 0.0)
        root.insert(QStringLiteral("soft_cap"), s.options.softCap);
    if (s.hasBias())
        root.insert(QStringLiteral("bias"), Json::matrix(s.bias));
    if (s.positions)
        root.insert(QStringLiteral("positions"),
                    QString::fromStdString(headPositionsName(*s.positions)));
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
    OutputFile file(path);
    if (!file.open() || !file.write(toJson(session)) || !file.commit()) {
        m_error = file.errorString();
        return false;
    }
    return true;
}

} // namespace AttentionLab
