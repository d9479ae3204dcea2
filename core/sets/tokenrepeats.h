// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/sets/attentiontensor.h"

#include <span>
#include <vector>

namespace AttentionLab {

/**
 * Where the tokens repeat, as TransformerLens' head detector
 * (head_detector.py) builds its patterns, in key positions: for each query
 * the earlier keys holding the same token (duplicate token), and the keys
 * right after such an earlier copy (induction: each duplicate key + 1, which
 * is never past the query's own position). Queries are aligned with key
 * i + K - Q.
 *
 * Kept in O(n): the key positions of each token once, in ascending order,
 * and for each query where its earlier copies start in that list and how
 * many there are. A query's duplicates are a prefix of its token's
 * positions, so 30,000 copies of one token hold 30,000 positions, not the
 * 450 million pairs a list per query would.
 */
class TokenRepeats
{
public:
    explicit TokenRepeats(const AttentionTensor &tensor);

    /// True when some query has an earlier copy of its token.
    bool any() const { return m_any; }
    /// The earlier keys holding \a query's token, ascending.
    std::span<const int> duplicateKeys(int query) const
    {
        const size_t q = static_cast<size_t>(query);
        return std::span<const int>(m_positions).subspan(m_start[q], m_count[q]);
    }

private:
    std::vector<int> m_positions; ///< key positions grouped by token, ascending in each group
    std::vector<size_t> m_start;  ///< per query: where its token's positions start
    std::vector<size_t> m_count;  ///< per query: how many of them are earlier than it
    bool m_any = false;
};

} // namespace AttentionLab
