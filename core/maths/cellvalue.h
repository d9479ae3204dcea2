// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/maths/attentionresult.h"
#include "core/support/types.h"

namespace AttentionLab {

/// What a cell of an attention heatmap shows.
enum class CellQuantity
{
    Weights, ///< the softmax weight
    Scores,  ///< the raw score q·k
    Logits,  ///< the score divided by sqrt(d_k) and tau: what the softmax is fed
};

/**
 * The one definition of a heatmap cell's value, used by the window, the
 * exported figures and the labs: NaN marks a cell drawn as masked. A masked
 * weight is NaN in either mask order (the wrong order zeroes it after the
 * softmax, and it is still not a weight the query gave); a logit is NaN only
 * when the mask came before the softmax (-inf is what the softmax saw); a raw
 * score is always shown.
 */
double cellValue(const AttentionResult &result, CellQuantity quantity, Index row, Index col);

} // namespace AttentionLab
