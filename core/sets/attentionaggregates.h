// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/sets/attentiontensor.h"

#include <Eigen/Core>

#include <string>
#include <vector>

namespace AttentionLab {

/// A float32 matrix, row-major like every attention matrix here.
using FloatMatrix = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

/// The mean of layer \a layer's H matrices (rows still sum to one).
FloatMatrix layerAverage(const AttentionTensor &tensor, int layer);

/// True when attention rollout is defined: as many queries as keys.
bool hasRollout(const AttentionTensor &tensor);
/**
 * Attention rollout (Abnar and Zuidema 2020, arXiv 2005.00928): with A_l the
 * head average of layer l and I the identity, R = B_{L-1} ... B_1 B_0 where
 * B_l = 0.5 A_l + 0.5 I. Needs hasRollout(). The whole matrix is L - 1
 * products of n x n matrices (only the blocks on and below the diagonal when
 * the attention is causal): throws std::invalid_argument with
 * rolloutRefusal() when that is past kRolloutMultiplyAddLimit or the memory
 * limit.
 */
FloatMatrix rollout(const AttentionTensor &tensor);

/**
 * Row \a query of the rollout, e_q^T B_{L-1} ... B_0, by vector-matrix
 * products from the left: O(L H n^2) time and O(n) memory, for any n, where
 * only a row is shown (inspect's last token). Needs hasRollout().
 */
Eigen::VectorXf rolloutRow(const AttentionTensor &tensor, int query);

/// The most multiply-adds the whole rollout matrix may take: 10 to 30 s on
/// the 2-core build machine (its block product runs at 0.7e10 to 2e10 a
/// second there, with and without other work beside it).
inline constexpr double kRolloutMultiplyAddLimit = 2e11;

/// Multiply-adds of rollout(): L - 1 products of n x n matrices, n^3 each,
/// or n^3 / 6 when \a causal (the blocks on and below the diagonal).
double rolloutMultiplyAdds(int layers, long long tokens, bool causal);
/// Bytes rollout() holds beside the tensor: three n x n float matrices.
double rolloutBytes(long long tokens);
/// The most tokens whose whole rollout over \a layers layers is computed.
long long rolloutTokenLimit(int layers, bool causal);
/// Why rollout() refuses \a tensor, as one line ("the rollout of 20000
/// tokens over 2 layers would take 1.33e+12 multiply-adds (causal); the
/// limit is 2e+11 (at most 10626 tokens at this depth)"), or "" when it
/// computes it.
std::string rolloutRefusal(const AttentionTensor &tensor);

/**
 * Which word each token belongs to, for word-level merging. A WordPiece
 * "##" piece, a GPT-2 byte-level piece that does not start a word (no
 * leading "Ġ" or "Ċ", and glued letter to letter to the previous piece), or
 * a SentencePiece piece without a leading "▁" (SentencePiece splits nothing
 * but spaces: "▁d" "'" "espaces" is one word) joins the word before it;
 * special tokens (<...>) stand alone. Tokens of other vocabularies are
 * words of their own.
 */
struct WordGroups
{
    std::vector<int> wordOf;        ///< token -> word
    std::vector<std::string> words; ///< each word's pieces joined, prettified
    int count() const { return static_cast<int>(words.size()); }
    bool mergesAny() const { return words.size() < wordOf.size(); }
};
WordGroups groupWords(const std::vector<std::string> &tokens);

/**
 * Word-level attention as Clark et al. 2019 compute it: attention to a word
 * is the sum over its pieces, attention from a word the mean over its pieces,
 * so rows still sum to one. \a rowWords groups the matrix's rows, \a colWords
 * its columns.
 */
FloatMatrix mergeWords(const Eigen::Ref<const FloatMatrix> &matrix, const WordGroups &rowWords,
                       const WordGroups &colWords);

/**
 * Shrinks rows [r0, r1) x columns [c0, c1) of a row-major matrix with \a
 * stride floats a row to \a outRows x \a outCols cells, each the maximum of
 * the cells it covers, so a strong weight never disappears when a 4096 x
 * 4096 matrix is drawn in 800 pixels. Covered ranges may overlap when the
 * output is larger than the input (each output cell then shows one input cell).
 */
FloatMatrix downsampleMax(const float *data, long long stride, int r0, int r1, int c0, int c1,
                          int outRows, int outCols);

} // namespace AttentionLab
