// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/kernels/rowstatistics.h"
#include "core/support/types.h"

#include <vector>

namespace AttentionLab {

/// Below this many multiply-adds an attention pass is not worth waking a
/// second thread.
inline constexpr double kParallelAttentionWork = 1 << 18;

/// The fused pass the bench times: weights computed in place of the scores,
/// causal rows touch only their visible columns, and no score matrix is kept.
struct FusedPassResult
{
    Matrix weights;
    Matrix output;
    std::vector<RowStatistics> rows;
};

} // namespace AttentionLab
