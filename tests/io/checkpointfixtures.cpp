// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "checkpointfixtures.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

#include <map>

namespace AttentionLab::CheckpointFixtures {

QJsonObject referenceCheckpoints(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    return QJsonDocument::fromJson(file.readAll()).object().value(u"checkpoints").toObject();
}

std::vector<int> ints(const QJsonValue &list)
{
    std::vector<int> out;
    for (const QJsonValue &item : list.toArray())
        out.push_back(item.toInt());
    return out;
}

std::vector<double> doubles(const QJsonValue &list)
{
    std::vector<double> out;
    for (const QJsonValue &item : list.toArray())
        out.push_back(item.toDouble());
    return out;
}

std::shared_ptr<const ModelCheckpoint> openCheckpoint(const QString &folder)
{
    static std::map<QString, std::shared_ptr<const ModelCheckpoint>> cache;
    auto &checkpoint = cache[folder];
    if (!checkpoint)
        checkpoint = ModelCheckpoint::open(folder);
    return checkpoint;
}

} // namespace AttentionLab::CheckpointFixtures
