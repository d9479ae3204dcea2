// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/sets/attentiontensor.h"

#include <optional>
#include <string>

namespace AttentionLab {

/// How far a row's sum may stray from 1 for data stored with \a sourceBits
/// bits per value: 2e-2 for 16-bit data (float16, bfloat16), whose rounding
/// alone moves a sum of a thousand weights that far, and 1e-3 otherwise.
double rowSumTolerance(int sourceBits);

/// A row of an attention tensor that is not a distribution.
struct AttentionRowProblem
{
    int layer = 0;
    int head = 0;
    int row = 0;
    std::string what; ///< "sums to 0.8123, not 1", "holds NaN at key 4", ...

    /// "layer 3, head 7, row 12 sums to 0.8123, not 1" (all 0-based).
    std::string message() const;
};

/**
 * The first row, in (layer, head, row) order, that is not a distribution: every
 * weight finite and non-negative, and the row summing to 1 within \a tolerance,
 * or all zeros (padding). std::nullopt when every row is one. Runs over the
 * heads in parallel; the answer does not depend on the number of threads.
 */
std::optional<AttentionRowProblem> firstInvalidRow(const AttentionTensor &tensor, double tolerance);

} // namespace AttentionLab
