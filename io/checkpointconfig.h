// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/model/modelconfig.h"

#include <QString>

namespace AttentionLab::Checkpoint {

/// The configuration of the checkpoint whose config.json is \a path: its
/// family by model_type, and the settings that family's description names,
/// each checked; throws a ReadError naming the file otherwise.
ModelConfig readConfig(const QString &path);

} // namespace AttentionLab::Checkpoint
