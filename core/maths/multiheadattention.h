// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/kernels/attentionoptions.h"
#include "core/maths/attention.h"
#include "core/maths/attentionresult.h"
#include "core/support/types.h"

#include <vector>

namespace AttentionLab {

/// Multi-head attention over model-width queries, keys and values.
struct MultiHeadResult
{
    int heads = 0;
    Index headDim = 0;                    ///< d_k = D / h
    std::vector<AttentionResult> perHead; ///< Eq. 16.2 on each head's slice
    Matrix concatenated;                  ///< [Z_1 ... Z_h], m x D
    Matrix output;                        ///< concatenated x W^O, m x D
};

/**
 * Splits the D columns of \a q, \a k and \a v into \a heads consecutive
 * slices of D / h, runs Eq. 16.2 on each slice with \a options (scaled by
 * sqrt(D / h)), concatenates the head outputs and projects them with
 * \a outputProjection (D x D; an empty matrix means the identity).
 * Throws std::invalid_argument when h does not divide D or shapes disagree.
 */
MultiHeadResult multiHeadAttention(const Matrix &q, const Matrix &k, const Matrix &v, int heads,
                                   const AttentionOptions &options,
                                   const Matrix &outputProjection = Matrix());

/// Q = X W^Q, K = X W^K, V = X W^V (Eq. 16.1).
struct Projections
{
    Matrix queryWeights; ///< W^Q, D_in x d_k
    Matrix keyWeights;   ///< W^K, D_in x d_k
    Matrix valueWeights; ///< W^V, D_in x d_v
};

struct ProjectedInputs
{
    Matrix queries;
    Matrix keys;
    Matrix values;
};

/// Applies Eq. 16.1 to the inputs \a x (one row per position). Throws
/// std::invalid_argument when a weight matrix does not have x's width as rows.
ProjectedInputs project(const Matrix &x, const Projections &weights);

} // namespace AttentionLab
