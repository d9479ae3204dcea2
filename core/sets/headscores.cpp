// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/sets/headscores.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace AttentionLab {

std::string headScoreKey(HeadScoreKind kind)
{
    switch (kind) {
    case HeadScoreKind::Entropy:
        return "entropy_bits";
    case HeadScoreKind::PreviousToken:
        return "previous_token";
    case HeadScoreKind::FirstToken:
        return "first_token";
    case HeadScoreKind::Self:
        return "self";
    case HeadScoreKind::DuplicateToken:
        return "duplicate_token";
    case HeadScoreKind::Induction:
        return "induction";
    case HeadScoreKind::InductionRepeats:
        return "induction_repeats";
    case HeadScoreKind::Monotonicity:
        return "monotonicity";
    case HeadScoreKind::Reach:
        return "reach";
    }
    return {};
}

std::string headScoreTitle(HeadScoreKind kind)
{
    switch (kind) {
    case HeadScoreKind::Entropy:
        return "mean entropy (bits)";
    case HeadScoreKind::PreviousToken:
        return "previous token";
    case HeadScoreKind::FirstToken:
        return "first token (sink)";
    case HeadScoreKind::Self:
        return "self";
    case HeadScoreKind::DuplicateToken:
        return "duplicate token";
    case HeadScoreKind::Induction:
        return "induction";
    case HeadScoreKind::InductionRepeats:
        return "induction over repeats (Olsson)";
    case HeadScoreKind::Monotonicity:
        return "alignment monotonicity";
    case HeadScoreKind::Reach:
        return "reach (tokens)";
    }
    return {};
}

bool needsRepeatedTokens(HeadScoreKind kind)
{
    return kind == HeadScoreKind::DuplicateToken || kind == HeadScoreKind::Induction ||
           kind == HeadScoreKind::InductionRepeats;
}

bool headScoreApplies(HeadScoreKind kind, AttentionKind set)
{
    switch (kind) {
    case HeadScoreKind::Entropy:
        return true;
    case HeadScoreKind::FirstToken:
    case HeadScoreKind::PreviousToken:
    case HeadScoreKind::Self:
    case HeadScoreKind::DuplicateToken:
    case HeadScoreKind::Induction:
    case HeadScoreKind::InductionRepeats:
    case HeadScoreKind::Reach:
        return isSelfAttention(set);
    case HeadScoreKind::Monotonicity:
        return set == AttentionKind::Cross;
    }
    return false;
}

double HeadScores::value(HeadScoreKind kind) const
{
    switch (kind) {
    case HeadScoreKind::Entropy:
        return entropyBits;
    case HeadScoreKind::PreviousToken:
        return previousToken;
    case HeadScoreKind::FirstToken:
        return firstToken;
    case HeadScoreKind::Self:
        return self;
    case HeadScoreKind::DuplicateToken:
        return duplicateToken;
    case HeadScoreKind::Induction:
        return induction;
    case HeadScoreKind::InductionRepeats:
        return inductionRepeats;
    case HeadScoreKind::Monotonicity:
        return monotonicity;
    case HeadScoreKind::Reach:
        return reach;
    }
    return 0.0;
}

double rowEntropyBits(const float *row, int keys)
{
    const Eigen::Map<const Eigen::ArrayXf> a(row, keys);
    // One vectorised pass: a log a with 0 log 0 = 0, since a zero weight is
    // raised to the smallest normal float, whose log is finite.
    const float nats = (a * a.max(std::numeric_limits<float>::min()).log()).sum();
    // A one-hot row sums to +0 nats: its entropy is 0, not -0.
    return nats < 0.0f ? -static_cast<double>(nats) / std::log(2.0) : 0.0;
}

double alignmentMonotonicity(const float *rows, int queries, int keys)
{
    int previous = -1;
    int forward = 0;
    int backward = 0;
    for (int i = 0; i < queries; ++i) {
        const Eigen::Map<const Eigen::ArrayXf> row(rows + static_cast<long long>(i) * keys, keys);
        Eigen::Index best = 0;
        if (keys == 0 || row.maxCoeff(&best) == 0.0f)
            continue; // padding
        if (previous >= 0 && best != previous)
            ++(best > previous ? forward : backward);
        previous = int(best);
    }
    const int moves = forward + backward;
    return moves == 0 ? 0.0 : double(forward - backward) / moves;
}

double meanRowEntropyBits(const float *rows, int queries, int keys)
{
    double total = 0.0;
    int counted = 0;
    for (int i = 0; i < queries; ++i) {
        const float *row = rows + static_cast<long long>(i) * keys;
        const double bits = rowEntropyBits(row, keys);
        if (bits == 0.0 && Eigen::Map<const Eigen::ArrayXf>(row, keys).maxCoeff() == 0.0f)
            continue; // padding: a row that is all zero
        total += bits;
        ++counted;
    }
    return counted == 0 ? 0.0 : total / counted;
}

HeadScores scoreHead(const AttentionTensor &tensor, int layer, int head,
                     const TokenRepeats &repeats)
{
    const float *a = tensor.headData(layer, head);
    const int queries = tensor.queries();
    const int keys = tensor.keys();
    const int offset = tensor.keyOffset();
    auto at = [&](int q, int k) {
        return (k < 0 || k >= keys) ? 0.0
                                    : static_cast<double>(a[static_cast<long long>(q) * keys + k]);
    };

    HeadScores scores;
    scores.entropyBits = meanRowEntropyBits(a, queries, keys);
    scores.monotonicity = alignmentMonotonicity(a, queries, keys);
    double previous = 0.0, first = 0.0, self = 0.0, total = 0.0, duplicate = 0.0, induction = 0.0;
    double repeatedInduction = 0.0;
    int repeatedRows = 0;
    int firstRows = 0;
    double reach = 0.0;
    int reachRows = 0;
    for (int q = 0; q < queries; ++q) {
        // How far the row looks: its weights times each key's distance.
        const float *row = a + static_cast<long long>(q) * keys;
        double rowReach = 0.0, rowSum = 0.0;
        for (int k = 0; k < keys; ++k) {
            rowReach += double(row[k]) * std::abs(double(q + offset - k));
            rowSum += double(row[k]);
        }
        if (rowSum > 0.0) {
            reach += rowReach;
            ++reachRows;
        }
        if (q >= 1)
            previous += at(q, q - 1 + offset);
        if (q + offset >= 1) {
            first += at(q, 0);
            ++firstRows;
        }
        self += at(q, q + offset);
        if (repeats.any()) {
            total += Eigen::Map<const Eigen::ArrayXf>(a + static_cast<long long>(q) * keys, keys)
                         .cast<double>()
                         .sum();
            double row = 0.0;
            for (int k : repeats.duplicateKeys(q)) {
                duplicate += at(q, k);
                row += at(q, k + 1);
            }
            induction += row;
            if (!repeats.duplicateKeys(q).empty()) {
                repeatedInduction += row;
                ++repeatedRows;
            }
        }
    }
    scores.reach = reachRows > 0 ? reach / reachRows : 0.0;
    scores.previousToken = queries > 1 ? previous / (queries - 1) : 0.0;
    scores.firstToken = firstRows > 0 ? first / firstRows : 0.0;
    scores.self = self / queries;
    const double nan = std::numeric_limits<double>::quiet_NaN();
    // Sum of A times the pattern over the sum of A, as TransformerLens' "mul".
    scores.duplicateToken = repeats.any() && total > 0.0 ? duplicate / total : nan;
    scores.induction = repeats.any() && total > 0.0 ? induction / total : nan;
    scores.inductionRepeats = repeatedRows > 0 ? repeatedInduction / repeatedRows : nan;
    return scores;
}

std::vector<HeadScores> scoreHeads(const AttentionTensor &tensor)
{
    const TokenRepeats repeats(tensor);
    std::vector<HeadScores> scores(static_cast<size_t>(tensor.shape().headCount()));
    const long long count = tensor.shape().headCount();
#pragma omp parallel for schedule(dynamic)
    for (long long i = 0; i < count; ++i)
        scores[static_cast<size_t>(i)] = scoreHead(tensor, static_cast<int>(i / tensor.heads()),
                                                   static_cast<int>(i % tensor.heads()), repeats);
    return scores;
}

bool isCausal(const AttentionTensor &tensor)
{
    const int offset = tensor.keyOffset();
    for (int l = 0; l < tensor.layers(); ++l) {
        for (int h = 0; h < tensor.heads(); ++h) {
            const float *a = tensor.headData(l, h);
            for (int i = 0; i < tensor.queries(); ++i) {
                const float *row = a + static_cast<long long>(i) * tensor.keys();
                for (int j = std::max(0, i + offset + 1); j < tensor.keys(); ++j) {
                    if (row[j] != 0.0f)
                        return false;
                }
            }
        }
    }
    return true;
}

double uniformEntropyBits(const AttentionTensor &tensor)
{
    if (tensor.queries() == 0 || tensor.keys() == 0)
        return 0.0;
    if (!isCausal(tensor))
        return std::log2(double(tensor.keys()));
    double sum = 0.0;
    for (int i = 0; i < tensor.queries(); ++i)
        sum += std::log2(double(std::clamp(i + tensor.keyOffset() + 1, 1, tensor.keys())));
    return sum / tensor.queries();
}

} // namespace AttentionLab
