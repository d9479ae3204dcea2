// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/maths/attentionresult.h"
#include "core/support/types.h"

namespace AttentionLab {

/// The same raw scores through both orders of the causal mask.
struct MaskOrders
{
    AttentionResult maskFirst;    ///< Eq. 16.3: mask, then softmax; rows sum to 1
    AttentionResult softmaxFirst; ///< the wrong order: rows lose weight
};

/**
 * Runs \a scores (m x n raw scores) through the mask before and after the
 * softmax, each logit being score / \a divisor. The one definition of the
 * comparison that `--mask`, the mask-order lab and its export show. (Q = S
 * and K = I reproduce the scores exactly; the divisor acts as a temperature.)
 */
MaskOrders compareMaskOrders(const Matrix &scores, double divisor = 1.0);

} // namespace AttentionLab
