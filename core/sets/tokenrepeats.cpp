// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/sets/tokenrepeats.h"

#include <algorithm>
#include <string_view>
#include <unordered_map>

namespace AttentionLab {

TokenRepeats::TokenRepeats(const AttentionTensor &tensor)
    : m_start(static_cast<size_t>(tensor.queries()), 0),
      m_count(static_cast<size_t>(tensor.queries()), 0)
{
    const int keys = tensor.keys();
    const std::vector<std::string> &tokens = tensor.tokens();
    if (static_cast<int>(tokens.size()) != keys)
        return;
    // Each distinct token gets a group; the groups' positions are laid end
    // to end in m_positions, in the order of their first appearance.
    std::unordered_map<std::string_view, int> groupOf;
    std::vector<int> group(static_cast<size_t>(keys));
    std::vector<size_t> groupSize;
    for (int k = 0; k < keys; ++k) {
        const auto [it, added] =
            groupOf.try_emplace(tokens[static_cast<size_t>(k)], static_cast<int>(groupSize.size()));
        if (added)
            groupSize.push_back(0);
        group[static_cast<size_t>(k)] = it->second;
        ++groupSize[static_cast<size_t>(it->second)];
    }
    std::vector<size_t> groupStart(groupSize.size() + 1, 0);
    for (size_t g = 0; g < groupSize.size(); ++g)
        groupStart[g + 1] = groupStart[g] + groupSize[g];
    m_positions.resize(static_cast<size_t>(keys));
    // Before each key: how many of its token came earlier.
    std::vector<size_t> earlier(static_cast<size_t>(keys));
    std::vector<size_t> filled(groupSize.size(), 0);
    for (int k = 0; k < keys; ++k) {
        const size_t g = static_cast<size_t>(group[static_cast<size_t>(k)]);
        earlier[static_cast<size_t>(k)] = filled[g];
        m_positions[groupStart[g] + filled[g]++] = k;
    }

    const bool ownQueryTokens = !tensor.queryTokens().empty();
    for (int q = 0; q < tensor.queries(); ++q) {
        const int p = q + tensor.keyOffset();
        if (p < 0 || p >= keys)
            continue;
        const size_t i = static_cast<size_t>(q);
        if (ownQueryTokens) {
            // The query's own token, looked for among the keys before p.
            const auto it = groupOf.find(tensor.queryTokens()[i]);
            if (it == groupOf.end())
                continue;
            const size_t g = static_cast<size_t>(it->second);
            const auto begin = m_positions.begin() + static_cast<long>(groupStart[g]);
            const auto end = m_positions.begin() + static_cast<long>(groupStart[g + 1]);
            m_start[i] = groupStart[g];
            m_count[i] = static_cast<size_t>(std::lower_bound(begin, end, p) - begin);
        } else {
            m_start[i] = groupStart[static_cast<size_t>(group[static_cast<size_t>(p)])];
            m_count[i] = earlier[static_cast<size_t>(p)];
        }
        m_any = m_any || m_count[i] > 0;
    }
}

} // namespace AttentionLab
