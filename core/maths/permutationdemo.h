// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/kernels/attentionoptions.h"
#include "core/support/types.h"

#include <functional>
#include <limits>
#include <vector>

namespace AttentionLab {

/**
 * The chapter's point about order: self-attention over inputs X (Q = K = V =
 * X) is permutation equivariant, so shuffling the tokens moves every output
 * row with its token, unchanged; add the sinusoidal encoding of Eq. 16.4 to
 * the inputs and the same shuffle changes the outputs.
 */
struct PermutationDemo
{
    std::vector<Index> order; ///< shuffled position p holds original token order[p]
    Matrix plain;             ///< outputs in the original order, no positions
    Matrix plainShuffled;     ///< outputs after the shuffle, no positions
    Matrix encoded;           ///< outputs with positions, original order
    Matrix encodedShuffled;   ///< outputs with positions, after the shuffle
    /// Per original token: the largest |difference| between its output
    /// before and after the shuffle (what the lab's bars show).
    std::vector<double> plainChanges;
    std::vector<double> encodedChanges;
    /// The largest of those: ~1e-16 without positions, clearly non-zero with
    /// them (what the lab's legend says; the longest bar, by construction).
    double plainChange = 0.0;
    double encodedChange = 0.0;
    /// The largest change without positions when the session's own mask
    /// (causal, a sliding window) is kept where it stands: the mask tells
    /// the places apart, so it is well above plainChange; NaN when the
    /// session has no mask (the demonstration itself runs without one).
    double maskedChange = std::numeric_limits<double>::quiet_NaN();
};

/// Runs the demonstration on \a inputs with the permutation \a order (a
/// permutation of 0..n-1; throws std::invalid_argument otherwise).
PermutationDemo permutationDemo(const Matrix &inputs, const std::vector<Index> &order,
                                const AttentionOptions &options);

/// Gives a sequence's q, k and v (one row a token, in the sequence's order)
/// the positions of its places 0..n-1.
using PositionPlacement = std::function<void(Matrix &q, Matrix &k, Matrix &v)>;

/// The same on a head's own \a q, \a k and \a v (as many rows each), the
/// three shuffled together; \a place gives the original and the shuffled
/// sequence their positions (the "encoded" outputs).
PermutationDemo permutationDemo(const Matrix &q, const Matrix &k, const Matrix &v,
                                const std::vector<Index> &order, const AttentionOptions &options,
                                const PositionPlacement &place);

/// A seeded shuffle of 0..n-1 that moves every position when n > 1.
std::vector<Index> derangement(Index n, std::uint64_t seed);

} // namespace AttentionLab
