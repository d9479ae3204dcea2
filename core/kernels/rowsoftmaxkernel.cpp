// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/kernels/kernelvariant.h"

#include <cmath>
#include <limits>
#include <numbers>

namespace AttentionLab::ATTENTIONLAB_KERNEL_NAMESPACE {

namespace {

using ArrayMap = Eigen::Map<Eigen::ArrayXd>;
using ConstArrayMap = Eigen::Map<const Eigen::ArrayXd>;

/// Short stack buffer for one chunk of exponentials: the chunk stays in L1
/// while both sums are taken from it.
constexpr Index kChunk = 256;
using ChunkArray = Eigen::Array<double, Eigen::Dynamic, 1, Eigen::ColMajor, kChunk, 1>;

/// Below this shifted logit exp() is subnormal or zero: log(DBL_MIN) = -708.4.
constexpr double kSubnormalExp = -708.0;

struct ExpSums
{
    double sumExp = 0.0;        // sum of e_j
    double sumExpShifted = 0.0; // sum of e_j * t_j, t_j = logit_j - max <= 0
};

/// Replaces shifted logits t_j (<= 0) by e_j = exp(t_j) over [begin, end) and
/// returns the two sums the entropy needs.
ExpSums exponentiate(double *row, Index begin, Index end)
{
    ExpSums sums;
    for (Index start = begin; start < end; start += kChunk) {
        const Index len = std::min(kChunk, end - start);
        ArrayMap t(row + start, len);
        ChunkArray e = t.exp();
        // Eigen's SSE2 exp (the baseline x86-64 set) clamps its argument near
        // -709.8 and returns 5.6e-309 below it, not a subnormal or 0: a
        // logit of -1e308 would then add 5.6e-309 * -1e308 to the entropy.
        // std::exp is exact where exp(t) is below DBL_MIN (t < -708.4).
        if (t.minCoeff() < kSubnormalExp) {
            for (Index j = 0; j < len; ++j)
                if (t[j] < kSubnormalExp)
                    e[j] = std::exp(t[j]);
        }
        sums.sumExpShifted += (e * t).sum();
        sums.sumExp += e.sum();
        t = e;
    }
    return sums;
}

Index firstIndexOf(const double *row, Index count, double value)
{
    for (Index j = 0; j < count; ++j) {
        if (row[j] == value)
            return j;
    }
    return 0;
}

} // namespace

RowStatistics softmaxRowKernel(const double *scores, double *weights, Index keys, Index visible,
                               double divisor, MaskMode mode)
{
    RowStatistics stats;
    stats.visible = visible;
    ArrayMap w(weights, keys);
    if (visible <= 0) {
        w.setZero();
        stats.visible = 0;
        return stats;
    }
    stats.maxEntropyBits = std::log2(static_cast<double>(visible));

    // Causal needs only its visible prefix; the wrong order softmaxes all keys.
    const Index span = mode == MaskMode::CausalAfterSoftmax ? keys : visible;
    auto head = w.head(span);
    const ConstArrayMap raw(scores, span);
    const double maxScore = raw.maxCoeff();
    if (std::isinf(maxScore)) {
        // +inf: the limit of the softmax shares the row among the +inf scores.
        // -inf everywhere: every key is equally (im)possible.
        if (maxScore > 0)
            head = (raw == maxScore).cast<double>();
        else
            head.setOnes();
        head /= head.sum();
        for (Index j = 0; j < visible; ++j)
            if (head[j] > 0.0)
                stats.entropyBits -= head[j] * std::log2(head[j]);
    } else {
        // Shifted logits t_j = (s_j - max) / divisor <= 0, so exp() never
        // overflows. A divisor below one (a small temperature) could overflow
        // s_j / divisor itself to +-inf, so the maximum is subtracted first
        // and only the differences grow: the largest score keeps t = 0 and
        // the limit tau -> 0 puts all the weight on it (shared by ties). A
        // divisor of one or more cannot overflow the quotients; dividing
        // first there keeps the logits bit for bit those the result reports.
        if (divisor == 1.0)
            head = raw - maxScore;
        else if (divisor > 1.0)
            head = raw / divisor - maxScore / divisor;
        else
            head = (raw - maxScore) / divisor;
        // A -inf logit is clamped to the lowest double so that 0 * t stays 0,
        // not NaN.
        head = head.max(std::numeric_limits<double>::lowest());
        const ExpSums shown = exponentiate(weights, 0, visible);
        const ExpSums hidden = exponentiate(weights, visible, span);
        const double z = shown.sumExp + hidden.sumExp;
        head /= z;
        // The maximum contributes exp(0) = 1, so z >= 1 and log1p keeps the
        // precision of nearly one-hot rows.
        const double logZ = std::log1p(z - 1.0);
        // H = -sum p_j log p_j with log p_j = t_j - log z, over the shown keys.
        const double shownMass = shown.sumExp / z;
        const double nats = shownMass * logZ - shown.sumExpShifted / z;
        stats.entropyBits = std::max(0.0, nats / std::numbers::ln2);
    }
    // Weights that sum to one over `visible` keys have at most log2(visible)
    // bits; rounding must not push a uniform row past its own maximum. (The
    // wrong order's rows sum to less than one and are left as they are.)
    if (mode != MaskMode::CausalAfterSoftmax)
        stats.entropyBits = std::min(stats.entropyBits, stats.maxEntropyBits);

    if (span < keys || mode == MaskMode::CausalAfterSoftmax)
        w.tail(keys - visible).setZero();

    auto shownWeights = w.head(visible);
    stats.sum = shownWeights.sum();
    stats.argmax = firstIndexOf(weights, visible, shownWeights.maxCoeff());
    return stats;
}

} // namespace AttentionLab::ATTENTIONLAB_KERNEL_NAMESPACE
