#include "rowsoftmax.h"

#include <cmath>
#include <limits>
#include <numbers>

namespace AttentionLab {

namespace {

using ArrayMap = Eigen::Map<Eigen::ArrayXd>;
using ConstArrayMap = Eigen::Map<const Eigen::ArrayXd>;

/// Short stack buffer for one chunk of exponentials: the chunk stays in L1
/// while both sums are taken from it.
constexpr Index kChunk = 256;
using ChunkArray = Eigen::Array<double, Eigen::Dynamic, 1, Eigen::ColMajor, kChunk, 1>;

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
        const ChunkArray e = t.exp();
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

RowStatistics softmaxRow(const double *scores, double *weights, Index keys, Index visible,
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
    if (divisor == 1.0)
        head = ConstArrayMap(scores, span);
    else
        head = ConstArrayMap(scores, span) / divisor;

    const double max = head.maxCoeff();
    if (std::isinf(max)) {
        // +inf: the limit of the softmax shares the row among the +inf logits.
        // -inf everywhere: every key is equally (im)possible.
        if (max > 0)
            head = (head == max).cast<double>();
        else
            head.setOnes();
        head /= head.sum();
        for (Index j = 0; j < visible; ++j)
            if (head[j] > 0.0)
                stats.entropyBits -= head[j] * std::log2(head[j]);
    } else {
        // Subtract the maximum so exp() never overflows; a -inf logit is
        // clamped to the lowest double so that 0 * t stays 0, not NaN.
        head = (head - max).max(std::numeric_limits<double>::lowest());
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

    if (span < keys || mode == MaskMode::CausalAfterSoftmax)
        w.tail(keys - visible).setZero();

    auto shownWeights = w.head(visible);
    stats.sum = shownWeights.sum();
    stats.argmax = firstIndexOf(weights, visible, shownWeights.maxCoeff());
    return stats;
}

} // namespace AttentionLab
