// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

// What reading a checkpoint's folder shares (io/modelcheckpoint.cpp and the
// files beside it): the error that names a file, the family description's
// names as Qt text, and the small JSON files (config.json, the shards' index).

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <string>

namespace AttentionLab::Checkpoint {

/// Throws a ReadError "PATH: message", the path as the system spells it.
[[noreturn]] void fail(const QString &path, const QString &message);

/// A name of the family's description (a config key, a tensor name) as Qt text.
QString key(const std::string &name);

/// The JSON object of the small file \a path (config.json, the shards' index).
QJsonObject readJsonObject(const QString &path, const QString &what, const QString &file);

/// The shard files model.safetensors.index.json's weight_map names, each once, in order.
QStringList shardFiles(const QString &indexPath);

} // namespace AttentionLab::Checkpoint
