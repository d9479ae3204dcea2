// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/kernels/maskmode.h"
#include "core/support/types.h"

#include <cmath>

namespace AttentionLab {

/// \a score soft-capped at \a cap, cap tanh(score / cap) (Gemma 2's scores and
/// logits): the one formula of the cap, for the lab, the model's pass and its logits.
template <typename T> T softCapped(T score, T cap)
{
    return cap * std::tanh(score / cap);
}

/// How scores become weights: logits = scores / (sqrt(d_k) when scaled) / temperature;
/// with a soft cap c, the scaled score s becomes c tanh(s / c) first (Gemma 2's).
struct AttentionOptions
{
    bool scale = true;
    MaskMode mask = MaskMode::None;
    /// Softmax temperature tau > 0; 1 is Eq. 16.2 itself.
    double temperature = 1.0;
    /// With a causal mask, a sliding window: each query sees at most this
    /// many keys, itself included (Mistral's and Gemma's local layers); 0: all
    /// the keys up to it.
    int window = 0;
    /// > 0: the scaled scores are soft-capped, c tanh(s / c), before the mask.
    double softCap = 0.0;

    /// The number every raw score is divided by for key width \a keyDim.
    double divisor(Index keyDim) const
    {
        const double root = scale ? std::sqrt(static_cast<double>(keyDim)) : 1.0;
        return temperature == 1.0 ? root : root * temperature;
    }

    /// The first key query \a row (of \a queries over \a keys) sees: past
    /// the sliding window's start, or 0.
    Index firstVisibleKey(Index row, Index queries, Index keys) const
    {
        if (!isCausal(mask) || window <= 0)
            return 0;
        const Index last = row + (keys - queries);
        return last + 1 > window ? last + 1 - window : 0;
    }

    bool operator==(const AttentionOptions &) const = default;
};

/// Number of keys query row \a row (of \a queries) may see among \a keys:
/// key j is visible when j <= row + (keys - queries), so with fewer queries
/// than keys the queries line up with the last keys. Clamped to [0, keys].
constexpr Index visibleKeyCount(MaskMode mode, Index row, Index queries, Index keys)
{
    if (!isCausal(mode))
        return keys;
    const Index last = row + (keys - queries);
    if (last < 0)
        return 0;
    return last + 1 < keys ? last + 1 : keys;
}

} // namespace AttentionLab
