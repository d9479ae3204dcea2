// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/attentiontensor.h"

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
 * B_l = 0.5 A_l + 0.5 I. Needs hasRollout().
 */
FloatMatrix rollout(const AttentionTensor &tensor);

/**
 * Which word each token belongs to, for word-level merging. A WordPiece
 * "##" piece, or a GPT-2 byte-level piece that does not start a word (no
 * leading "Ġ", "Ċ" or SentencePiece "▁", and glued letter to letter to the
 * previous piece), joins the word before it. Tokens of other vocabularies
 * are words of their own.
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
