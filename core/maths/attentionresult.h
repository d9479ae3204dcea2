// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/kernels/attentionoptions.h"
#include "core/kernels/rowstatistics.h"
#include "core/support/types.h"

#include <vector>

namespace AttentionLab {

/// Everything Eq. 16.2 produces for one set of queries, keys and values.
struct AttentionResult
{
    AttentionOptions options;
    /// Q K^T (+ B), every cell, masked or not (m x n).
    Matrix scores;
    /// B, the additive bias the scores carry (T5's relative position bias,
    /// m x n); empty: none.
    Matrix bias;
    /// The softmax rows as shown: masked cells are exactly 0 (m x n).
    Matrix weights;
    /// Z = A V (m x dv).
    Matrix output;
    /// One entry per query row.
    std::vector<RowStatistics> rows;
    /// The divisor that turned scores into logits: sqrt(d_k) * tau.
    double divisor = 1.0;
    /// The keys' width d_k.
    Index keyDim = 1;

    Index queryCount() const { return weights.rows(); }
    Index keyCount() const { return weights.cols(); }

    /// True when the mask blocks key \a col for query \a row: after it, or
    /// before a sliding window's first key.
    bool isMasked(Index row, Index col) const
    {
        return col >= visibleKeyCount(options.mask, row, queryCount(), keyCount()) ||
               col < options.firstVisibleKey(row, queryCount(), keyCount());
    }

    /// True when the mask blocks the cell before the softmax (Eq. 16.3): its
    /// logit was -inf. The wrong order masks after, and this is false.
    bool isMaskedBeforeSoftmax(Index row, Index col) const
    {
        return options.mask == MaskMode::Causal && isMasked(row, col);
    }

    /// The logit fed to the softmax: score / divisor (soft-capped first, with
    /// a cap), or -inf when masked before the softmax. (The wrong order feeds
    /// the unmasked logit.) A tiny temperature can make an unmasked logit
    /// +-inf too: it overflows double precision, although the softmax itself
    /// stays exact (see softmaxRow).
    double logit(Index row, Index col) const;

    /// Mean entropy in bits over the rows that see at least one key.
    double meanEntropyBits() const;
};

} // namespace AttentionLab
