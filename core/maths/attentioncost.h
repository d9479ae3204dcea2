// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <cstdint>
#include <vector>

namespace AttentionLab {

/// What one head's attention costs for a sequence of n tokens.
struct AttentionCost
{
    std::int64_t tokens = 0;       ///< n
    std::int64_t keyDim = 0;       ///< d_k
    std::int64_t scoreCells = 0;   ///< n^2
    std::int64_t multiplyAdds = 0; ///< Q K^T and A V: 2 n^2 d_k
    std::int64_t matrixBytes = 0;  ///< one n x n matrix of doubles: 8 n^2
    double relativeTo512 = 0.0;    ///< n^2 / 512^2, as the chapter's table
};

/// The chapter's table of lengths, and what `--cost` and the size lab accept.
struct CostDefaults
{
    static inline const std::vector<std::int64_t> kLengths{128, 512, 2048, 8192, 32768};
    static constexpr std::int64_t kKeyDim = 64;
    static constexpr std::int64_t kMaxLength = 1'000'000'000;
    static constexpr std::int64_t kMaxKeyDim = 1'000'000;
};

/// Throws std::invalid_argument for n or d_k < 1 or counts past 64 bits.
AttentionCost attentionCost(std::int64_t tokens, std::int64_t keyDim);

} // namespace AttentionLab
