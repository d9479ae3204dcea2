// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/sets/attentionset.h"
#include "core/sets/attentiontensor.h"
#include "core/sets/tokenrepeats.h"

#include <string>
#include <vector>

namespace AttentionLab {

/// What a head's scores measure; each is a number per head.
enum class HeadScoreKind
{
    Entropy,       ///< mean entropy in bits over the rows that are not all zero
    PreviousToken, ///< mean over rows i >= 1 of a[i][i - 1 + K - Q]
    /// mean over rows i past position 0 (i + K - Q >= 1) of a[i][0]: the
    /// "sink" (BOS, [CLS]). The query at position 0 is left out, as the
    /// previous-token score leaves it out: under a causal mask it can only
    /// look at itself, and its weight of 1 overstated every head.
    FirstToken,
    Self,           ///< mean over rows of a[i][i + K - Q]
    DuplicateToken, ///< TransformerLens' detector: weight on earlier copies of the token
    Induction,      ///< TransformerLens' detector: weight on what followed earlier copies
    /// Olsson et al.'s probe: the same weight, averaged over the rows that repeat only
    InductionRepeats,
    /// A cross-attention's alignment: over consecutive queries whose most
    /// weighted key moved, (moves forward - moves backward) / moves, in
    /// [-1, 1]: 1 for an alignment that only moves forward along the source
    /// as the target does (a diagonal), 0 for one that does not move or
    /// goes both ways, -1 for a reversed one.
    Monotonicity,
    /// Mean over rows not all zero of sum_j a[i][j] |i + K - Q - j|: how far
    /// back (or ahead) a head looks, in tokens, on average. A local layer's
    /// heads reach no further than their window; a global one's can reach
    /// the whole text.
    Reach,
};
inline constexpr int kHeadScoreKindCount = 9;

/// The JSON member and command-line name: "entropy_bits", "previous_token", ...
std::string headScoreKey(HeadScoreKind kind);
/// For people: "mean entropy (bits)", "previous token", "first token (sink)", ...
std::string headScoreTitle(HeadScoreKind kind);
/// True for the three detectors that need repeated tokens.
bool needsRepeatedTokens(HeadScoreKind kind);
/// Whether \a kind means anything for a set of \a set's kind: the entropy
/// does for every set; the others compare a query's position or token with
/// a key's (the first key as the text's start, the previous one, a copy),
/// and mean nothing where the queries are another text's tokens
/// (cross-attention).
bool headScoreApplies(HeadScoreKind kind, AttentionKind set);

/// One head's scores. The duplicate-token and induction scores are NaN when
/// no token repeats (or the file has no tokens): the detectors have nothing
/// to look for.
///
/// The induction score is TransformerLens': the weight on the keys right
/// after an earlier copy of the query's token, over all the weight of all
/// rows. inductionRepeats is Olsson et al. 2022's probe: the mean of that
/// weight over the rows whose token occurred before. On random tokens
/// repeated once those rows are the second copy, so a head that puts all its
/// weight there scores 1, and about 0.5 on TransformerLens' scale.
struct HeadScores
{
    double entropyBits = 0.0;
    double previousToken = 0.0;
    double firstToken = 0.0;
    double self = 0.0;
    double duplicateToken = 0.0;
    double induction = 0.0;
    double inductionRepeats = 0.0;
    double monotonicity = 0.0;
    double reach = 0.0;

    double value(HeadScoreKind kind) const;
};

/// The scores of head \a head of layer \a layer.
HeadScores scoreHead(const AttentionTensor &tensor, int layer, int head,
                     const TokenRepeats &repeats);
/// The scores of every head, index layer * H + head, computed in parallel.
std::vector<HeadScores> scoreHeads(const AttentionTensor &tensor);

/// Entropy in bits of one row of \a keys weights, -sum a log2 a (0 log 0 = 0).
double rowEntropyBits(const float *row, int keys);

/// The monotonicity of a Q x K row-major matrix's alignment
/// (HeadScoreKind::Monotonicity): rows that are all zero are skipped.
double alignmentMonotonicity(const float *rows, int queries, int keys);
/// Mean entropy in bits of the rows of a Q x K row-major matrix that are
/// not all zero (0 log 0 = 0); 0 when every row is zero.
double meanRowEntropyBits(const float *rows, int queries, int keys);

/// True when every head gives no weight to any key after its query's
/// position (key j > i + K - Q): a causal model's attention.
bool isCausal(const AttentionTensor &tensor);

/// The mean entropy of a head whose rows are uniform over the keys each
/// query may see: log2 K, or, when the tensor is causal, the mean over rows
/// of log2 of the visible keys (2.40 bits for 12 tokens, not 3.58). The
/// scale against which a head's mean entropy reads as focused or spread.
double uniformEntropyBits(const AttentionTensor &tensor);

} // namespace AttentionLab
