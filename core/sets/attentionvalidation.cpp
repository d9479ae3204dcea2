// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/sets/attentionvalidation.h"

#include <cmath>
#include <cstdio>
#include <vector>

namespace AttentionLab {

namespace {

std::string formatWeight(double value)
{
    char text[64];
    std::snprintf(text, sizeof text, "%.6g", value);
    return text;
}

/// What is wrong with row \a row of a Q x K head, or empty when it is a
/// distribution. The fast path is one pass that sums in double and keeps the
/// minimum; only a bad row is read again to say where.
std::string rowProblem(const float *row, int keys, double tolerance)
{
    // Four partial sums, so that the additions need not wait on each other.
    double partial[4] = {0.0, 0.0, 0.0, 0.0};
    float least = 0.0f;
    int k = 0;
    for (; k + 4 <= keys; k += 4) {
        for (int j = 0; j < 4; ++j) {
            partial[j] += row[k + j];
            least = row[k + j] < least ? row[k + j] : least;
        }
    }
    for (; k < keys; ++k) {
        partial[0] += row[k];
        least = row[k] < least ? row[k] : least;
    }
    const double sum = (partial[0] + partial[1]) + (partial[2] + partial[3]);
    // NaN and infinity make the sum NaN or infinite; a negative weight is
    // below the minimum's start of zero.
    if (std::isfinite(sum) && least >= 0.0f && (sum == 0.0 || std::abs(sum - 1.0) <= tolerance))
        return {};
    for (k = 0; k < keys; ++k) {
        const float w = row[k];
        if (std::isnan(w))
            return "holds NaN at key " + std::to_string(k);
        if (std::isinf(w))
            return std::string(w > 0 ? "holds infinity" : "holds -infinity") + " at key " +
                   std::to_string(k);
        if (w < 0.0f)
            return "holds the negative weight " + formatWeight(w) + " at key " + std::to_string(k);
    }
    if (!std::isfinite(sum))
        return "sums to infinity, not 1";
    char text[96];
    std::snprintf(text, sizeof text, "sums to %.4f, not 1", sum);
    return text;
}

} // namespace

double rowSumTolerance(int sourceBits)
{
    return sourceBits <= 16 ? 2e-2 : 1e-3;
}

std::string AttentionRowProblem::message() const
{
    return "layer " + std::to_string(layer) + ", head " + std::to_string(head) + ", row " +
           std::to_string(row) + " " + what;
}

std::optional<AttentionRowProblem> firstInvalidRow(const AttentionTensor &tensor, double tolerance)
{
    const long long heads = tensor.shape().headCount();
    const int queries = tensor.queries();
    const int keys = tensor.keys();
    // Each head finds its own first bad row; the first head with one wins,
    // so the answer is the same whatever the threads did.
    std::vector<int> badRow(static_cast<size_t>(heads), -1);
#pragma omp parallel for schedule(dynamic, 1)
    for (long long i = 0; i < heads; ++i) {
        const float *data = tensor.headData(int(i / tensor.heads()), int(i % tensor.heads()));
        for (int q = 0; q < queries; ++q) {
            if (!rowProblem(data + static_cast<long long>(q) * keys, keys, tolerance).empty()) {
                badRow[static_cast<size_t>(i)] = q;
                break;
            }
        }
    }
    for (long long i = 0; i < heads; ++i) {
        const int q = badRow[static_cast<size_t>(i)];
        if (q < 0)
            continue;
        const int layer = int(i / tensor.heads()), head = int(i % tensor.heads());
        const float *row = tensor.headData(layer, head) + static_cast<long long>(q) * keys;
        return AttentionRowProblem{layer, head, q, rowProblem(row, keys, tolerance)};
    }
    return std::nullopt;
}

} // namespace AttentionLab
