// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <cstdint>
#include <vector>

namespace AttentionLab {

/**
 * The input of Olsson et al. 2022's induction probe: \a count distinct
 * tokens drawn uniformly from the ids [0, \a vocabulary) other than \a
 * excluded (a model's special tokens), then the same tokens again, 2 x \a
 * count ids in all. The draws come from PCG64(\a seed) (core/support/pcg64.h), one
 * nextDouble() per draw, a drawn id already taken drawn again; the same seed
 * gives the same tokens. On these tokens an induction head's weight sits, in
 * each row of the second copy, on the token that followed the current
 * token's first occurrence: HeadScores::inductionRepeats.
 *
 * Throws std::invalid_argument when fewer than \a count ids are left to draw
 * from or \a count is below 1.
 */
std::vector<int> repeatedRandomTokens(int vocabulary, int count, std::uint64_t seed,
                                      const std::vector<int> &excluded);

} // namespace AttentionLab
