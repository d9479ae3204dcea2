// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/maths/attentionresult.h"
#include "core/support/types.h"

namespace AttentionLab {

/// The same raw scores through both orders of the causal mask, and through
/// a sliding window.
struct MaskOrders
{
    AttentionResult maskFirst;    ///< Eq. 16.3: mask, then softmax; rows sum to 1
    AttentionResult softmaxFirst; ///< the wrong order: rows lose weight
    /// Causal with a sliding window of `window` keys, masked before the
    /// softmax (Mistral's, Gemma's local layers); empty without a window.
    AttentionResult slidingWindow;
    int window = 0;
};

/**
 * Runs \a scores (m x n raw scores) through the mask before and after the
 * softmax, each logit being score / \a divisor, and, for \a window > 0,
 * through the causal mask with that sliding window. The one definition of
 * the comparison that `--mask`, the mask-order lab and its export show. (Q =
 * S and K = I reproduce the scores exactly; the divisor acts as a
 * temperature.)
 */
MaskOrders compareMaskOrders(const Matrix &scores, double divisor = 1.0, int window = 0);

} // namespace AttentionLab
