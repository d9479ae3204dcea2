// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/sets/repeatprobe.h"

#include "core/support/pcg64.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace AttentionLab {

std::vector<int> repeatedRandomTokens(int vocabulary, int count, std::uint64_t seed,
                                      const std::vector<int> &excluded)
{
    std::vector<bool> taken(static_cast<size_t>(std::max(vocabulary, 0)), false);
    int available = vocabulary;
    for (int id : excluded) {
        if (id >= 0 && id < vocabulary && !taken[static_cast<size_t>(id)]) {
            taken[static_cast<size_t>(id)] = true;
            --available;
        }
    }
    if (count < 1 || count > available)
        throw std::invalid_argument("cannot draw " + std::to_string(count) +
                                    " distinct tokens from " + std::to_string(available));
    Pcg64 random(seed);
    std::vector<int> tokens;
    tokens.reserve(static_cast<size_t>(count) * 2);
    while (static_cast<int>(tokens.size()) < count) {
        const int id = std::min(vocabulary - 1, static_cast<int>(random.nextDouble() * vocabulary));
        if (taken[static_cast<size_t>(id)])
            continue;
        taken[static_cast<size_t>(id)] = true;
        tokens.push_back(id);
    }
    const std::vector<int> first = tokens;
    tokens.insert(tokens.end(), first.begin(), first.end());
    return tokens;
}

} // namespace AttentionLab
