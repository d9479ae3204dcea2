// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/kernels/rowstatistics.h"

#include <vector>

namespace AttentionLab {

/**
 * The statistics of each row of a \a rows x \a cols row-major attention
 * matrix read from a model (a head, a layer average, a rollout), as the
 * entropy bars show them. A file carries no mask: a row's visible keys are
 * those up to its last non-zero weight, since a causal model's future keys
 * and padding are zeros. A sum within the readers' tolerance for 16-bit
 * data (rowSumTolerance) counts as one. Entropy as rowEntropyBits (headscores.h).
 */
std::vector<RowStatistics> matrixRowStatistics(const float *data, int rows, int cols);

} // namespace AttentionLab
