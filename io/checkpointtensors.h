// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/model/modelconfig.h"
#include "core/model/modelweights.h"
#include "io/tensortable.h"

namespace AttentionLab::Checkpoint {

/// Every tensor \a config needs, by the names of its family's description.
ModelTensors readTensors(TensorTable &table, const ModelConfig &config);

} // namespace AttentionLab::Checkpoint
