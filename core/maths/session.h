// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/kernels/attentionoptions.h"
#include "core/maths/headpositions.h"
#include "core/support/types.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace AttentionLab {

/// What a user edits and saves: the vectors, their labels and the settings.
struct Session
{
    /// Labels of the keys (and, unless queryTokens is set, of the queries).
    std::vector<std::string> tokens;
    std::vector<std::string> queryTokens;
    Matrix queries; ///< m x d_k
    Matrix keys;    ///< n x d_k
    /// n x d_v; empty when the session gives none, and then V = K.
    Matrix values;
    AttentionOptions options;
    /// The positions of the model layer the head came from; unset for a
    /// session made by hand, or a head whose positions were added to the
    /// input or to the scores (GPT-2, BERT, T5).
    std::optional<HeadPositions> positions;
    /// B, m x n, added to Q K^T before the scale: the learned bias per
    /// offset T5 adds to a head's scores (Open Head); empty: none.
    Matrix bias;

    /// A head of a layer without positions: its scores are the same for any
    /// order of its tokens.
    bool hasBias() const { return bias.size() != 0; }
    bool positionFree() const { return positions && !positions->rotary; }
    bool hasValues() const { return values.size() != 0; }
    const Matrix &effectiveValues() const { return hasValues() ? values : keys; }

    /// Label of key \a j: its token, or "k1", "k2"... when none is given.
    std::string keyLabel(Index j) const;
    /// Label of query \a i: query token, else the key token at i, else "q1"...
    std::string queryLabel(Index i) const;

    /// Same labels, settings and numbers (matrices of other shapes differ;
    /// Eigen's own == assumes equal shapes).
    bool operator==(const Session &other) const;

    /// The first (query, key) whose dot product overflows double precision,
    /// if any: such a session cannot be attended. Cheap when no product can
    /// overflow (Cauchy-Schwarz on the vectors' norms).
    std::optional<std::pair<Index, Index>> firstOverflowingScore() const;
};

} // namespace AttentionLab
