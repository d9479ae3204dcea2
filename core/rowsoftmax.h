#pragma once

#include "maskmode.h"
#include "rowstatistics.h"
#include "types.h"

namespace AttentionLab {

/**
 * The one softmax kernel every path uses: turns one row of raw scores into one
 * row of weights and its statistics.
 *
 * \a scores and \a weights point at \a keys doubles each and may be the same
 * row (in-place). Only the first \a visible entries of \a scores are read
 * under MaskMode::Causal, all of them under the other modes. Each read score
 * is divided by \a divisor, the row maximum is subtracted before exp() so
 * nothing overflows (scores of 1e150 are fine), and the entropy is obtained
 * from the same pass without a logarithm per cell:
 * H = log Z - sum p_j t_j with t_j = logit_j - max.
 *
 * Scores must not be NaN. A +inf score takes the whole row (shared equally
 * with other +inf scores), the limit of the softmax.
 */
RowStatistics softmaxRow(const double *scores, double *weights, Index keys, Index visible,
                         double divisor, MaskMode mode);

} // namespace AttentionLab
