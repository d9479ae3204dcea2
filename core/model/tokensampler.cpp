// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/model/tokensampler.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace AttentionLab {

TokenSampler::TokenSampler(const SamplingOptions &options)
    : m_options(options), m_random(options.seed)
{
}

std::vector<TokenProbability> TokenSampler::kept(const std::vector<float> &logits,
                                                 const SamplingOptions &options)
{
    const int vocabulary = int(logits.size());
    if (vocabulary == 0)
        return {};
    std::vector<int> order(size_t(vocabulary), 0);
    std::iota(order.begin(), order.end(), 0);
    auto before = [&](int a, int b) {
        return logits[size_t(a)] > logits[size_t(b)] ||
               (logits[size_t(a)] == logits[size_t(b)] && a < b);
    };
    if (options.greedy) {
        const int best = *std::min_element(order.begin(), order.end(), before);
        return {{best, 1.0}};
    }
    const size_t topK =
        options.topK > 0 ? std::min<size_t>(size_t(options.topK), order.size()) : order.size();
    std::partial_sort(order.begin(), order.begin() + std::ptrdiff_t(topK), order.end(), before);
    order.resize(topK);
    // Softmax of the kept logits over the temperature, in double. The largest
    // logit is subtracted before the division: a logit over a tiny T
    // overflows to an infinity (and inf - inf is NaN), while a difference
    // over T goes to -inf, so any T > 0 near 0 keeps the arg-max, as its limit.
    const double largest = double(logits[size_t(order.front())]);
    std::vector<TokenProbability> kept;
    kept.reserve(order.size());
    double sum = 0.0;
    for (int id : order) {
        const double p = std::exp((double(logits[size_t(id)]) - largest) / options.temperature);
        kept.push_back({id, p});
        sum += p;
    }
    double preceding = 0.0;
    size_t count = 0;
    for (TokenProbability &token : kept) {
        token.p /= sum;
        if (count > 0 && preceding >= options.topP)
            break;
        preceding += token.p;
        ++count;
    }
    kept.resize(count);
    double keptSum = 0.0;
    for (const TokenProbability &token : kept)
        keptSum += token.p;
    for (TokenProbability &token : kept)
        token.p /= keptSum;
    return kept;
}

int TokenSampler::choose(const std::vector<float> &logits)
{
    const std::vector<TokenProbability> candidates = kept(logits, m_options);
    if (m_options.greedy)
        return candidates.front().id;
    const double u = m_random.nextDouble();
    double cumulative = 0.0;
    for (const TokenProbability &token : candidates) {
        cumulative += token.p;
        if (u < cumulative)
            return token.id;
    }
    return candidates.back().id;
}

} // namespace AttentionLab
