// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

// What the labs' computations hold, estimated before they allocate; the
// limit and the messages are core/support/memorybudget.h's.

#include "core/support/types.h"

namespace AttentionLab {

/// Bytes a full pass keeps: scores and weights (m x n each), the inputs and
/// the output, all doubles.
double attentionPassBytes(Index queries, Index keys, Index keyDim, Index valueDim);

/// Bytes the window holds for a session: the pass, the heatmap's own copy of
/// every cell (8 bytes of colour-map data and 4 of its image), and for every
/// token its entries in the sliders' chooser and its table rows.
double windowSessionBytes(Index queries, Index keys, Index keyDim, Index valueDim);

/// Bytes the scale experiment keeps: every dot product of one d_k, pooled
/// for the pooled spread, and five numbers per trial.
double scaleExperimentBytes(long long draws, long long keys, long long largestKeyDim);

/// Bytes the shuffle demonstration keeps for \a tokens inputs of width \a dim:
/// one self-attention pass at a time, the inputs shuffled and encoded, and
/// the four outputs.
double permutationDemoBytes(Index tokens, Index dim);

/// Bytes multi-head attention keeps: every head's full pass, each m x n, and
/// the concatenated and projected outputs.
double multiHeadBytes(Index queries, Index keys, Index modelDim, int heads);

/// Bytes the mask lab keeps to compare the orders on m x n scores: the scores
/// copied, an n x n identity as the keys, and both orders' passes.
double maskComparisonBytes(Index queries, Index keys);

/// Bytes the key-geometry picture holds for \a keys keys: each key is an
/// arrow, a dot and a two-line label, recorded by an SVG or PDF device as
/// text, with its note and position kept for placing the labels.
double keyGeometryBytes(Index keys);

} // namespace AttentionLab
