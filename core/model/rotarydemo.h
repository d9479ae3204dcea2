// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/maths/permutationdemo.h"
#include "core/support/types.h"

#include <vector>

namespace AttentionLab {

/**
 * The Position lab's rotary mode: one query vector q and one key vector k
 * placed at every position 0..P-1, scored two ways.
 * - Rotary (RoPE, the positions of Llama, Qwen and Pythia): q turned by
 *   position m and k by position n, with the very tables and kernel the
 *   models use. Their dot product depends on n - m alone: each diagonal of
 *   the matrix holds one value.
 * - Added (Eq. 16.4, the chapter's): the sinusoidal encoding added to both
 *   before the dot product, which depends on m and n themselves.
 * Scores are divided by sqrt(d), as Eq. 16.2 does.
 */
struct RotaryOffsetDemo
{
    Matrix rotaryScores; ///< P x P: row m (the query's position), column n (the key's)
    Matrix addedScores;  ///< P x P, with Eq. 16.4 added instead
    /// P x P, q and k as they are (a layer without positions, SmolLM3's
    /// NoPE layers): one value in every cell.
    Matrix plainScores;
    /// The widest spread of one diagonal (one offset n - m): float rounding
    /// for rotary, the whole story for the added encoding.
    double rotarySpread = 0.0;
    double addedSpread = 0.0;
    double plainSpread = 0.0; ///< max - min over the whole of plainScores
    int rotatedDims = 0;      ///< d, or d - 1 when d is odd (rotary turns pairs)
};

/// Throws std::invalid_argument for fewer than 1 position, a \a q and \a k of
/// different or fewer than 2 dimensions, or a theta not above 1.
RotaryOffsetDemo rotaryOffsetDemo(const Vector &q, const Vector &k, int positions,
                                  double theta = 10000.0);

/// Row i of \a rows (a token at position i, one head's q or k) turned by
/// RoPE of base \a theta over all its dimensions (an odd last one stays), with
/// the tables and kernel the models use.
Matrix rotatedByPosition(const Matrix &rows, double theta);

/**
 * The Position lab's shuffle on a head of a layer without positions: its own
 * \a q, \a k and \a v shuffled together by \a order, attended as they are
 * (the outputs travel with their tokens) and with q and k turned by rotary
 * positions of base \a theta at their places, as the model's other layers do
 * (they do not).
 */
PermutationDemo rotaryPermutationDemo(const Matrix &q, const Matrix &k, const Matrix &v,
                                      const std::vector<Index> &order,
                                      const AttentionOptions &options, double theta);

} // namespace AttentionLab
