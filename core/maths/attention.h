// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/kernels/attentionoptions.h"
#include "core/kernels/fusedpass.h"
#include "core/maths/attentionresult.h"
#include "core/maths/session.h"
#include "core/support/types.h"

namespace AttentionLab {

/**
 * Eq. 16.2 with every intermediate kept: scores, weights, per-row statistics
 * and the output, for queries \a q (m x d), keys \a k (n x d) and values \a v
 * (n x dv). Throws std::invalid_argument when the shapes disagree or the
 * temperature is not positive.
 */
AttentionResult attend(const Matrix &q, const Matrix &k, const Matrix &v,
                       const AttentionOptions &options);

/// The same with an additive bias \a bias (m x n) on the scores, Q K^T + B,
/// before the scale (T5's relative position bias); empty: none.
AttentionResult attend(const Matrix &q, const Matrix &k, const Matrix &v,
                       const AttentionOptions &options, const Matrix &bias);

/// Eq. 16.2 on a session: its queries, keys, values, options and bias.
AttentionResult attend(const Session &session);

/// attend() with V = K, as the chapter's examples have it.
AttentionResult attend(const Matrix &q, const Matrix &k, const AttentionOptions &options);

/**
 * Recomputes query row \a row of \a result after that query changed: one row
 * of scores, one softmax and one output row, O(n d).
 */
void updateQueryRow(AttentionResult &result, const Matrix &q, const Matrix &k, const Matrix &v,
                    Index row);

/**
 * Recomputes after key \a col (and its value) changed: one column of scores,
 * then every row's softmax and output, O(m n + m n dv) but no full Q K^T.
 */
void updateKeyColumn(AttentionResult &result, const Matrix &q, const Matrix &k, const Matrix &v,
                     Index col);

void fusedAttention(const Matrix &q, const Matrix &k, const Matrix &v,
                    const AttentionOptions &options, FusedPassResult &out);

/// Throws std::invalid_argument unless q, k and v (and a bias, when not
/// empty) can be attended together.
void checkAttentionShapes(const Matrix &q, const Matrix &k, const Matrix &v,
                          const AttentionOptions &options, const Matrix &bias = {});

} // namespace AttentionLab
