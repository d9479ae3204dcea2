// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/maths/session.h"
#include "core/support/types.h"

#include <cstdint>

namespace AttentionLab {

/// Which matrices randomSession() draws; keys are always drawn.
enum class RandomValues
{
    FollowKeys, ///< V = K: no values drawn
    Drawn,      ///< V drawn after Q and K
};

/**
 * Seeded standard-normal inputs, as numpy's default_rng(seed).standard_normal
 * would draw them: the queries (\a queries x \a dim) first, then the keys
 * (\a keys x \a dim), then, when asked, the values (\a keys x \a dim). The one
 * place that makes random Q, K and V: the random-keys presets, the heads lab,
 * and both benchmarks call it, so the same seed means the same numbers
 * everywhere.
 */
Session randomSession(std::uint64_t seed, Index queries, Index keys, Index dim,
                      RandomValues values = RandomValues::FollowKeys);

} // namespace AttentionLab
