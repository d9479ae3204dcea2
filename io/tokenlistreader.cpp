// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "io/tokenlistreader.h"

#include "io/fileaccess.h"
#include "io/inputtextqt.h"
#include "io/textlines.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QStringDecoder>

namespace AttentionLab {

std::optional<std::vector<std::string>> TokenListReader::fail(const QString &name,
                                                              const QString &message)
{
    m_error = inputText(name) + QStringLiteral(": ") + message;
    return std::nullopt;
}

std::optional<std::vector<std::string>> TokenListReader::readFile(const QString &path)
{
    const QFileInfo info(path);
    if (!info.exists())
        return fail(path, QStringLiteral("no such file"));
    if (const QString kind = nonRegularFileKind(path); !kind.isEmpty())
        return fail(path, QStringLiteral("is %1, not a token list").arg(kind));
    if (info.size() > kMaxFileBytes)
        return fail(path, QStringLiteral("is %1 bytes; a token list is at most %2")
                              .arg(info.size())
                              .arg(kMaxFileBytes));
    QByteArray data;
    QString why;
    if (!readWithoutBlocking(path, kMaxFileBytes, &data, &why))
        return fail(path, why);
    return parse(data, path);
}

std::optional<std::vector<std::string>> TokenListReader::parse(const QByteArray &data,
                                                               const QString &name)
{
    m_error.clear();
    if (data.size() > kMaxFileBytes)
        return fail(name, QStringLiteral("is larger than a token list may be"));
    auto decoder = QStringDecoder(QStringDecoder::Utf8);
    const QString text = decoder(data);
    if (decoder.hasError())
        return fail(name, QStringLiteral("is not UTF-8 text"));
    if (text.trimmed().isEmpty())
        return fail(name, QStringLiteral("holds no tokens"));

    std::vector<std::string> tokens;
    // A JSON list when it parses as one; "[CLS]" on the first line of a
    // token-a-line file does not.
    QJsonParseError parseError;
    const QJsonDocument json = QJsonDocument::fromJson(data, &parseError);
    // '[' then a quote is a JSON list, however broken; "[CLS]" is a token.
    static const QRegularExpression jsonStart(QStringLiteral("^\\s*\\[\\s*(\"|\\])"));
    if (!json.isArray() && jsonStart.match(text).hasMatch())
        return fail(name, QStringLiteral("is not a valid JSON list of strings: %1 at byte %2")
                              .arg(parseError.error != QJsonParseError::NoError
                                       ? parseError.errorString()
                                       : QStringLiteral("not a list"))
                              .arg(parseError.offset));
    if (json.isArray()) {
        const QJsonArray list = json.array();
        for (qsizetype i = 0; i < list.size(); ++i) {
            if (!list[i].isString())
                return fail(name,
                            QStringLiteral("is a JSON list whose item %1 is not a string").arg(i));
            tokens.push_back(list[i].toString().toStdString());
        }
        return tokens;
    }
    QByteArrayList lines = textLines(data);
    // Blank lines at the end are the file's ending, not empty tokens.
    while (lines.size() > 1 && lines.back().isEmpty())
        lines.removeLast();
    for (const QByteArray &line : lines)
        tokens.push_back(line.toStdString());
    return tokens;
}

} // namespace AttentionLab
