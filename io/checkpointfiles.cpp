// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "io/checkpointfiles.h"

#include "io/fileaccess.h"
#include "io/inputtextqt.h"
#include "io/readerror.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonValue>

namespace AttentionLab::Checkpoint {

void fail(const QString &path, const QString &message)
{
    throwReadError(inputText(QDir::toNativeSeparators(path)) + QStringLiteral(": ") + message);
}

QString key(const std::string &name)
{
    return QString::fromStdString(name);
}

/// The JSON object of the small file \a path (config.json, the shards' index).
QJsonObject readJsonObject(const QString &path, const QString &what, const QString &file)
{
    if (!QFileInfo(path).exists())
        fail(path, QStringLiteral("no such file"));
    if (const QString kind = nonRegularFileKind(path); !kind.isEmpty())
        fail(path, QStringLiteral("is %1, not %2").arg(kind, what));
    constexpr qint64 kMaxConfigBytes = 16 * 1024 * 1024;
    if (const qint64 size = QFileInfo(path).size(); size > kMaxConfigBytes)
        fail(path, QStringLiteral("is %1 bytes; %2 is a few kB").arg(size).arg(file));
    QByteArray bytes;
    QString why;
    if (!readWithoutBlocking(path, kMaxConfigBytes, &bytes, &why))
        fail(path, why);
    if (bytes.size() > kMaxConfigBytes)
        fail(path,
             QStringLiteral("is over %1 bytes; %2 is a few kB").arg(kMaxConfigBytes).arg(file));
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(bytes, &error);
    if (!document.isObject())
        fail(path, error.error != QJsonParseError::NoError
                       ? QStringLiteral("is not valid JSON at byte %1: %2")
                             .arg(error.offset)
                             .arg(error.errorString())
                       : QStringLiteral("is not a JSON object"));
    return document.object();
}

/// The shard files model.safetensors.index.json's weight_map names, each once, in order.
QStringList shardFiles(const QString &indexPath)
{
    const QJsonObject index = readJsonObject(indexPath, QStringLiteral("a shards' index"),
                                             QStringLiteral("a shards' index"));
    const QJsonValue map = index.value(QLatin1String("weight_map"));
    if (!map.isObject() || map.toObject().isEmpty())
        fail(indexPath, QStringLiteral("has no \"weight_map\" naming the shards"));
    QStringList files;
    const QJsonObject names = map.toObject();
    for (auto it = names.begin(); it != names.end(); ++it) {
        const QString file = it.value().toString();
        // A NUL is refused here, before Qt's file functions print a warning
        // of their own about it (issue 36, item 16).
        if (file.isEmpty() || file.contains(QLatin1Char('/')) || file.contains(QLatin1Char('\\')) ||
            file.contains(QChar(u'\0')) || file.startsWith(QLatin1Char('.')))
            fail(indexPath, QStringLiteral("names \"%1\" as the shard of %2; a shard is a file "
                                           "of the model's folder")
                                .arg(inputText(file), inputText(it.key())));
        if (!files.contains(file))
            files.append(file);
    }
    files.sort();
    return files;
}

/// config.json's rotary settings: theta, the rotated share, rope_scaling

} // namespace AttentionLab::Checkpoint
