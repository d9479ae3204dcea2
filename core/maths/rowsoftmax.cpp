// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/maths/rowsoftmax.h"

#include "core/kernels/kernelset.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace AttentionLab {

RowStatistics softmaxRow(const double *scores, double *weights, Index keys, Index visible,
                         double divisor, MaskMode mode)
{
    return activeKernels().softmaxRow(scores, weights, keys, visible, divisor, mode);
}

RowStatistics softmaxRow(const double *scores, double *weights, Index row, Index queries,
                         Index keys, Index keyDim, const AttentionOptions &options)
{
    const double divisor = options.divisor(keyDim);
    const Index visible = visibleKeyCount(options.mask, row, queries, keys);
    const Index first = std::min(options.firstVisibleKey(row, queries, keys), visible);
    const bool after = options.mask == MaskMode::CausalAfterSoftmax;
    // The wrong order softmaxes every key, then masks; the right one only
    // the window's keys.
    const Index begin = after ? 0 : first;
    const Index span = after ? keys : visible;
    const double *source = scores;
    std::vector<double> capped;
    if (options.softCap > 0.0) {
        // c tanh(s / (root c)) times root: divided by the divisor, c tanh(s' / c) / tau
        // with s' = s / root the scaled score.
        const double root = options.scale ? std::sqrt(double(keyDim)) : 1.0;
        const double c = options.softCap * root;
        capped.assign(scores, scores + keys);
        for (Index j = begin; j < span; ++j)
            capped[size_t(j)] = softCapped(scores[j], c);
        source = capped.data();
    }
    RowStatistics stats = activeKernels().softmaxRow(source + begin, weights + begin, keys - begin,
                                                     visible - begin, divisor, options.mask);
    std::fill(weights, weights + begin, 0.0);
    if (stats.argmax >= 0)
        stats.argmax += begin;
    if (after && first > 0) {
        stats.visible = visible - first;
        stats.maxEntropyBits = stats.visible > 0 ? std::log2(double(stats.visible)) : 0.0;
        // The window's earlier keys are masked after the softmax too: their weight is lost.
        std::fill(weights, weights + first, 0.0);
        stats.sum = 0.0;
        stats.entropyBits = 0.0;
        stats.argmax = first;
        for (Index j = first; j < visible; ++j) {
            stats.sum += weights[j];
            if (weights[j] > 0.0)
                stats.entropyBits -= weights[j] * std::log2(weights[j]);
            if (weights[j] > weights[stats.argmax])
                stats.argmax = j;
        }
    }
    return stats;
}

} // namespace AttentionLab
