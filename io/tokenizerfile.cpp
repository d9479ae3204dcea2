// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "io/tokenizerfile.h"

#include "io/fileaccess.h"
#include "io/inputtextqt.h"
#include "io/readerror.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonParseError>

namespace AttentionLab {

void throwTokenizerFileError(const QString &path, const QString &message)
{
    throwReadError(inputText(path) + QStringLiteral(": ") + message);
}

QByteArray readTokenizerFile(const QString &path, qint64 maxBytes)
{
    const QFileInfo info(path);
    if (!info.exists())
        throwTokenizerFileError(path, QStringLiteral("no such file"));
    if (const QString kind = nonRegularFileKind(path); !kind.isEmpty())
        throwTokenizerFileError(path, QStringLiteral("is %1, not a tokenizer file").arg(kind));
    if (info.size() > maxBytes)
        throwTokenizerFileError(path, QStringLiteral("is %1 bytes; a tokenizer file is at most %2")
                                          .arg(info.size())
                                          .arg(maxBytes));
    QByteArray bytes;
    QString why;
    if (!readWithoutBlocking(path, maxBytes, &bytes, &why))
        throwTokenizerFileError(path, why);
    if (bytes.size() > maxBytes)
        throwTokenizerFileError(path, QStringLiteral("is larger than a tokenizer file may be"));
    return bytes;
}

QJsonDocument parseTokenizerJson(const QString &path, const QByteArray &bytes)
{
    QJsonParseError parseError;
    QJsonDocument document = QJsonDocument::fromJson(bytes, &parseError);
    if (parseError.error != QJsonParseError::NoError)
        throwTokenizerFileError(path, QStringLiteral("is not JSON: %1 at byte %2")
                                          .arg(parseError.errorString())
                                          .arg(parseError.offset));
    return document;
}

std::optional<int> vocabularyId(const QJsonValue &value, qsizetype entries)
{
    const qint64 maxId = qint64(entries) * 2 + 1024;
    const double id = value.toDouble(-1.0);
    if (!value.isDouble() || id < 0 || id > double(maxId) || id != double(qint64(id)))
        return std::nullopt;
    return int(id);
}

} // namespace AttentionLab
