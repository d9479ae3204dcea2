// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/maths/attentioncost.h"

#include <stdexcept>
#include <string>

namespace AttentionLab {

AttentionCost attentionCost(std::int64_t n, std::int64_t d)
{
    if (n < 1)
        throw std::invalid_argument("the sequence length n must be at least 1, not " +
                                    std::to_string(n));
    if (d < 1)
        throw std::invalid_argument("d_k must be at least 1, not " + std::to_string(d));
    AttentionCost c;
    c.tokens = n;
    c.keyDim = d;
    if (__builtin_mul_overflow(n, n, &c.scoreCells) ||
        __builtin_mul_overflow(c.scoreCells, 2 * d, &c.multiplyAdds) ||
        __builtin_mul_overflow(c.scoreCells, std::int64_t(8), &c.matrixBytes))
        throw std::invalid_argument("n = " + std::to_string(n) +
                                    " is too long to count in 64 bits");
    c.relativeTo512 = static_cast<double>(c.scoreCells) / (512.0 * 512.0);
    return c;
}

} // namespace AttentionLab
