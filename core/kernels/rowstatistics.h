// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/support/types.h"

#include <cmath>

namespace AttentionLab {

/// What one query row of the weights tells a reader, computed while the row
/// is in cache.
struct RowStatistics
{
    /// Sum of the weights as shown: 1 under None and Causal, less than one when
    /// the mask is applied after the softmax, 0 for an empty row.
    double sum = 0.0;
    /// Shannon entropy in bits of the weights as shown (0 log 0 = 0).
    double entropyBits = 0.0;
    /// log2 of the number of visible keys: the entropy of a uniform row.
    double maxEntropyBits = 0.0;
    /// Column of the largest visible weight (first on ties), -1 when empty.
    Index argmax = -1;
    /// Number of keys this row may see.
    Index visible = 0;
    /// True when the mask leaves this row no key at all: its weights are all
    /// zero (never NaN) and its output row is zero.
    bool empty() const { return visible == 0; }
    /// True when the row shows less than all its weight (the mask applied
    /// after the softmax): the weights no longer form a distribution.
    bool losesWeight() const { return !empty() && sum < 1.0 - 1e-9; }
    /// The weight the row lost: 1 - sum for a row that loses weight, else 0.
    double lostWeight() const { return losesWeight() ? 1.0 - sum : 0.0; }
    /// The entropy of the row's visible weights renormalised to sum to one,
    /// H(p / s) = H(p) / s + log2 s: at most maxEntropyBits, unlike the entropy
    /// of a row that lost weight. Equal to entropyBits when nothing was lost.
    double visibleEntropyBits() const
    {
        if (!losesWeight())
            return entropyBits;
        if (!(sum > 0.0))
            return 0.0;
        const double h = entropyBits / sum + std::log2(sum);
        return h < 0.0 ? 0.0 : (h > maxEntropyBits ? maxEntropyBits : h);
    }
};

} // namespace AttentionLab
