// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/maths/permutationdemo.h"

#include "core/maths/attention.h"
#include "core/maths/labmemory.h"
#include "core/maths/positionalencoding.h"
#include "core/support/memorybudget.h"
#include "core/support/pcg64.h"

#include <algorithm>
#include <numeric>
#include <stdexcept>
#include <string>

namespace AttentionLab {

namespace {

Matrix permuteRows(const Matrix &m, const std::vector<Index> &order)
{
    Matrix out(m.rows(), m.cols());
    for (size_t p = 0; p < order.size(); ++p)
        out.row(Index(p)) = m.row(order[p]);
    return out;
}

/// Each token's output after the shuffle, put back in the original order.
Matrix unshuffle(const Matrix &shuffled, const std::vector<Index> &order)
{
    Matrix out(shuffled.rows(), shuffled.cols());
    for (size_t p = 0; p < order.size(); ++p)
        out.row(order[p]) = shuffled.row(Index(p));
    return out;
}

/// Row by row, the largest |difference| of \a a and \a b.
std::vector<double> rowChanges(const Matrix &a, const Matrix &b)
{
    std::vector<double> changes(static_cast<size_t>(a.rows()));
    for (Index t = 0; t < a.rows(); ++t)
        changes[size_t(t)] = (a.row(t) - b.row(t)).cwiseAbs().maxCoeff();
    return changes;
}

double largest(const std::vector<double> &values)
{
    return values.empty() ? 0.0 : *std::max_element(values.begin(), values.end());
}

} // namespace

PermutationDemo permutationDemo(const Matrix &inputs, const std::vector<Index> &order,
                                const AttentionOptions &options)
{
    // Positions belong to places, not tokens: the shuffled sequence gets the
    // same encoding rows 0..n-1, added to the inputs (Q = K = V = X + PE).
    const Matrix pe = sinusoidalEncoding(inputs.rows(), inputs.cols());
    return permutationDemo(inputs, inputs, inputs, order, options,
                           [&pe](Matrix &q, Matrix &k, Matrix &v) {
                               q += pe;
                               k += pe;
                               v += pe;
                           });
}

PermutationDemo permutationDemo(const Matrix &q, const Matrix &k, const Matrix &v,
                                const std::vector<Index> &order, const AttentionOptions &options,
                                const PositionPlacement &place)
{
    const Index n = k.rows();
    if (q.rows() != n || v.rows() != n)
        throw std::invalid_argument("the shuffle needs as many queries and values as keys");
    requireMemory(permutationDemoBytes(n, std::max({q.cols(), k.cols(), v.cols()})),
                  "shuffling " + std::to_string(n) + " tokens");
    std::vector<Index> sorted = order;
    std::sort(sorted.begin(), sorted.end());
    std::vector<Index> identity(static_cast<size_t>(n));
    std::iota(identity.begin(), identity.end(), 0);
    if (sorted != identity)
        throw std::invalid_argument("the shuffle must be a permutation of the tokens");

    const auto attendPlaced = [&options, &place](Matrix queries, Matrix keys, Matrix values) {
        place(queries, keys, values);
        return attend(queries, keys, values, options).output;
    };
    PermutationDemo d;
    d.order = order;
    const Matrix sq = permuteRows(q, order), sk = permuteRows(k, order), sv = permuteRows(v, order);
    d.plain = attend(q, k, v, options).output;
    d.plainShuffled = attend(sq, sk, sv, options).output;
    d.encoded = attendPlaced(q, k, v);
    d.encodedShuffled = attendPlaced(sq, sk, sv);
    d.plainChanges = rowChanges(unshuffle(d.plainShuffled, order), d.plain);
    d.encodedChanges = rowChanges(unshuffle(d.encodedShuffled, order), d.encoded);
    d.plainChange = largest(d.plainChanges);
    d.encodedChange = largest(d.encodedChanges);
    return d;
}

std::vector<Index> derangement(Index n, std::uint64_t seed)
{
    std::vector<Index> order(static_cast<size_t>(n));
    std::iota(order.begin(), order.end(), 0);
    if (n < 2)
        return order;
    Pcg64 bits(seed);
    // Sattolo's algorithm: a single cycle, so no token stays in place.
    for (Index i = n - 1; i > 0; --i) {
        const Index j = Index(bits.nextUint64() % std::uint64_t(i));
        std::swap(order[size_t(i)], order[size_t(j)]);
    }
    return order;
}

} // namespace AttentionLab
