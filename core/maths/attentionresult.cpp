// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/maths/attentionresult.h"

#include <cmath>
#include <limits>

namespace AttentionLab {

double AttentionResult::logit(Index row, Index col) const
{
    if (isMaskedBeforeSoftmax(row, col))
        return -std::numeric_limits<double>::infinity();
    if (options.softCap > 0.0) {
        const double temperature = options.temperature;
        const double scaled = scores(row, col) / (divisor / temperature);
        return softCapped(scaled, options.softCap) / temperature;
    }
    return scores(row, col) / divisor;
}

double AttentionResult::meanEntropyBits() const
{
    double sum = 0.0;
    int count = 0;
    for (const RowStatistics &row : rows) {
        if (!row.empty()) {
            sum += row.entropyBits;
            ++count;
        }
    }
    return count ? sum / count : 0.0;
}

} // namespace AttentionLab
