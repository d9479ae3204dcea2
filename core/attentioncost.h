#pragma once

#include <cstdint>

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

/// Throws std::invalid_argument for n or d_k < 1 or counts past 64 bits.
AttentionCost attentionCost(std::int64_t tokens, std::int64_t keyDim);

} // namespace AttentionLab
