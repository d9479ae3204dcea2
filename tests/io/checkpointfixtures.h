// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// What the checkpoint tests share: the reference outputs the fixture scripts
// wrote as JSON, their number lists, and the tiny checkpoints, each opened once.

#pragma once

#include "io/modelcheckpoint.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QString>

#include <memory>
#include <vector>

namespace AttentionLab::CheckpointFixtures {

/// The "checkpoints" object of the JSON file at \a path; the test stops when
/// it cannot be read.
QJsonObject referenceCheckpoints(const QString &path);
std::vector<int> ints(const QJsonValue &list);
std::vector<double> doubles(const QJsonValue &list);
/// The checkpoint at \a folder, opened on first use and kept for the test's run.
std::shared_ptr<const ModelCheckpoint> openCheckpoint(const QString &folder);

} // namespace AttentionLab::CheckpointFixtures
