// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/maths/scaleexperiment.h"

#include "core/kernels/attentionoptions.h"
#include "core/maths/labmemory.h"
#include "core/maths/rowsoftmax.h"
#include "core/support/memorybudget.h"
#include "core/support/normalgenerator.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace AttentionLab {

namespace {

constexpr int kMaxDraws = ScaleExperimentLimits::kMaxDraws;
constexpr int kMaxKeys = ScaleExperimentLimits::kMaxKeys;
constexpr int kMaxKeyDim = ScaleExperimentLimits::kMaxKeyDim;
/// Normals drawn in one run: 2e9 takes about half a minute.
constexpr double kMaxNormals = 2e9;

/// Mean of the per-trial values, summed in trial order.
double mean(const std::vector<double> &values)
{
    double sum = 0.0;
    for (double v : values)
        sum += v;
    return sum / static_cast<double>(values.size());
}

} // namespace

void validateScaleExperiment(const ScaleExperimentSettings &s)
{
    if (s.draws < ScaleExperimentLimits::kMinDraws || s.draws > kMaxDraws)
        throw std::invalid_argument("draws must be between 1 and " + std::to_string(kMaxDraws) +
                                    ", not " + std::to_string(s.draws));
    if (s.keys < ScaleExperimentLimits::kMinKeys || s.keys > kMaxKeys)
        throw std::invalid_argument("keys must be between 2 and " + std::to_string(kMaxKeys) +
                                    ", not " + std::to_string(s.keys));
    if (s.keyDims.empty())
        throw std::invalid_argument("the list of d_k values is empty");
    if (!(s.softCap >= 0.0) || !std::isfinite(s.softCap))
        throw std::invalid_argument("the soft cap must be a number above 0 (or 0 for none)");
    double normals = 0.0;
    int largestKeyDim = 0;
    for (int d : s.keyDims) {
        if (d < ScaleExperimentLimits::kMinKeyDim || d > kMaxKeyDim)
            throw std::invalid_argument("every d_k must be between 1 and " +
                                        std::to_string(kMaxKeyDim) + ", not " + std::to_string(d));
        normals += double(s.draws) * double(s.keys + 1) * double(d);
        largestKeyDim = std::max(largestKeyDim, d);
    }
    if (normals > kMaxNormals)
        throw std::invalid_argument(
            "that experiment would draw " + std::to_string(static_cast<long long>(normals)) +
            " random numbers; the limit is 2,000,000,000 (lower --draws, --keys or --dk)");
    requireMemory(scaleExperimentBytes(s.draws, s.keys, largestKeyDim),
                  "the scale experiment with " + std::to_string(s.draws) + " draws of " +
                      std::to_string(s.keys) + " keys");
}

ScaleExperimentResult runScaleExperiment(const ScaleExperimentSettings &settings,
                                         const std::function<bool(long long, long long)> &progress)
{
    validateScaleExperiment(settings);
    ScaleExperimentResult result;
    result.settings = settings;
    result.maxEntropyBits = std::log2(static_cast<double>(settings.keys));

    NormalGenerator normal(settings.seed);
    const long long total =
        static_cast<long long>(settings.draws) * static_cast<long long>(settings.keyDims.size());
    long long done = 0;
    const auto n = static_cast<size_t>(settings.draws);
    std::vector<double> spread(n), rawTop(n), rawEntropy(n), scaledTop(n), scaledEntropy(n);
    std::vector<double> cappedTop(n), cappedEntropy(n);
    Vector weights(settings.keys), capped(settings.keys);

    for (int d : settings.keyDims) {
        std::vector<double> pooled;
        pooled.reserve(n * static_cast<size_t>(settings.keys));
        for (size_t t = 0; t < n; ++t) {
            const Vector q = normal.vector(d);
            const Matrix k = normal.matrix(settings.keys, d);
            const Vector s = k * q;
            const double mu = s.mean();
            spread[t] = std::sqrt((s.array() - mu).square().mean());
            pooled.insert(pooled.end(), s.data(), s.data() + s.size());

            RowStatistics raw =
                softmaxRow(s.data(), weights.data(), s.size(), s.size(), 1.0, MaskMode::None);
            rawTop[t] = weights[raw.argmax];
            rawEntropy[t] = raw.entropyBits;
            RowStatistics scaled = softmaxRow(s.data(), weights.data(), s.size(), s.size(),
                                              std::sqrt(static_cast<double>(d)), MaskMode::None);
            scaledTop[t] = weights[scaled.argmax];
            scaledEntropy[t] = scaled.entropyBits;
            if (settings.softCap > 0.0) {
                const double root = std::sqrt(static_cast<double>(d));
                for (Index j = 0; j < s.size(); ++j)
                    capped[j] = softCapped(s[j] / root, settings.softCap);
                const RowStatistics row = softmaxRow(capped.data(), weights.data(), s.size(),
                                                     s.size(), 1.0, MaskMode::None);
                cappedTop[t] = weights[row.argmax];
                cappedEntropy[t] = row.entropyBits;
            }

            ++done;
            if (progress && !progress(done, total)) {
                result.rows.clear();
                return result;
            }
        }
        const Eigen::Map<const Eigen::ArrayXd> all(pooled.data(), Index(pooled.size()));
        const double pooledMean = all.mean();
        ScaleExperimentRow row;
        row.keyDim = d;
        row.spread = mean(spread);
        row.pooledSpread =
            std::sqrt((all - pooledMean).square().sum() / static_cast<double>(all.size() - 1));
        row.rawMaxWeight = mean(rawTop);
        row.rawEntropyBits = mean(rawEntropy);
        row.scaledMaxWeight = mean(scaledTop);
        row.scaledEntropyBits = mean(scaledEntropy);
        if (settings.softCap > 0.0) {
            row.cappedMaxWeight = mean(cappedTop);
            row.cappedEntropyBits = mean(cappedEntropy);
        }
        result.rows.push_back(row);
    }
    return result;
}

} // namespace AttentionLab
