// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/sets/matrixrowstatistics.h"

#include "core/sets/attentionvalidation.h"
#include "core/sets/headscores.h"

#include <cmath>

namespace AttentionLab {

std::vector<RowStatistics> matrixRowStatistics(const float *data, int rows, int cols)
{
    std::vector<RowStatistics> out(static_cast<size_t>(rows));
    for (int i = 0; i < rows; ++i) {
        const float *row = data + static_cast<long long>(i) * cols;
        RowStatistics &stats = out[static_cast<size_t>(i)];
        float best = -1.0f;
        for (int j = 0; j < cols; ++j) {
            const float w = row[j];
            stats.sum += w;
            if (w != 0.0f)
                stats.visible = j + 1;
            if (w > best) {
                best = w;
                stats.argmax = j;
            }
        }
        if (stats.visible == 0) {
            stats.argmax = -1;
            continue;
        }
        // The readers accept a row as a distribution when it sums to one
        // within float rounding (2e-2 for 16-bit data): such a row lost no
        // weight, whatever its last digits say.
        if (std::abs(stats.sum - 1.0) <= rowSumTolerance(16))
            stats.sum = 1.0;
        stats.entropyBits = rowEntropyBits(row, cols);
        stats.maxEntropyBits = std::log2(static_cast<double>(stats.visible));
    }
    return out;
}

} // namespace AttentionLab
