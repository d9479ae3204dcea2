// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/kernels/attentionoptions.h"
#include "core/kernels/maskmode.h"
#include "core/kernels/rowstatistics.h"
#include "core/support/types.h"

namespace AttentionLab {

/**
 * The one softmax kernel every path uses: turns one row of raw scores into one
 * row of weights and its statistics.
 *
 * \a scores and \a weights point at \a keys doubles each and may be the same
 * row (in-place). Only the first \a visible entries of \a scores are read
 * under MaskMode::Causal, all of them under the other modes. The row maximum
 * is subtracted and the difference divided by \a divisor, t_j = (s_j - max) /
 * divisor <= 0, so nothing overflows: scores of 1e150 are fine, and any finite
 * divisor > 0, however small (5e-324), gives the limit of the softmax, all the
 * weight on the largest score, shared equally by ties. The entropy is obtained
 * from the same pass without a logarithm per cell: H = log Z - sum p_j t_j, and
 * never exceeds log2(visible) when the weights sum to one.
 *
 * Scores must not be NaN. A +inf score takes the whole row (shared equally
 * with other +inf scores), the limit of the softmax.
 */
RowStatistics softmaxRow(const double *scores, double *weights, Index keys, Index visible,
                         double divisor, MaskMode mode);

/**
 * Row \a row (of \a queries) of Eq. 16.2 as \a options say, over \a keys raw
 * scores of key width \a keyDim: the mask's visible keys, the sliding
 * window's first one, the soft cap (c tanh(s / c) of each scaled score s) and
 * the divisor. What every path of the lab calls; the kernel does the softmax.
 */
RowStatistics softmaxRow(const double *scores, double *weights, Index row, Index queries,
                         Index keys, Index keyDim, const AttentionOptions &options);

} // namespace AttentionLab
