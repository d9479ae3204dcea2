// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/sets/attentionaggregates.h"
#include "core/sets/attentiontensor.h"
#include "core/sets/headscores.h"

#include <QString>

#include <optional>
#include <vector>

namespace AttentionLab {

class JsonStreamWriter;

/// What `attention-lab inspect` reports of an attention file: the head
/// scores of every head and, when Q = K, the rollout; computed once and
/// printed as a table or as JSON.
struct InspectSummary
{
    std::vector<HeadScores> scores; ///< index layer * H + head
    /// The rollout's last row, when queries = keys: what the table says of it.
    std::optional<Eigen::VectorXf> rolloutLastRow;
    /// The whole rollout, for the JSON only (when queries = keys).
    std::optional<FloatMatrix> rollout;
};
/// The summary of \a file's \a tensor; \a wholeRollout for the JSON, which
/// lists every row of the rollout (a UsageError past rollout()'s limits).
InspectSummary summarizeTensor(const QString &file, const AttentionTensor &tensor,
                               bool wholeRollout, AttentionKind kind);

/// The tables: shape, tokens, and an L x H table for the mean entropy and
/// each detector score (the duplicate-token and induction scores only where
/// tokens repeat), then what the rollout says of the last token.
QString inspectText(const QString &file, const AttentionTensor &tensor,
                    const InspectSummary &summary, AttentionKind kind);

/**
 * The JSON, with exactly these members (indices from 0): shape [L, H, Q, K],
 * layers, heads, queries, keys, tokens and query_tokens (as spelled in the
 * file; empty lists when it has none; query_tokens are the last Q key tokens
 * when the file gives none apart), entropy_bits, previous_token, first_token
 * and self (each [L][H]), and rollout (Q x K, null when Q != K), all of
 * the set shown. A file of several attentions (an encoder-decoder's) adds
 * kind, the kind of the set shown, and sets, every set of the file
 * ({kind, layers, heads, query_tokens, key_tokens}). A score that means
 * nothing for the set's kind (headScoreApplies) is null.
 */
/// One score of every head as an L x H table, titled (the entropy's with
/// the uniform row's entropy beside it).
QString headScoreTable(const AttentionTensor &tensor, const std::vector<HeadScores> &scores,
                       HeadScoreKind kind);
/// The tokens, wrapped at 80 columns, each with its index, quoted as input
/// is ("\n" for a newline), so that no token breaks the table; then, where
/// the queries have tokens of their own (a cross-attention's), those.
QString tokenListText(const AttentionTensor &tensor);
/// The key tokens alone, as tokenListText() lists them.
QString keyTokenText(const AttentionTensor &tensor);
/// "query tokens: ...": the queries' own tokens, or nothing where they have none.
QString queryTokenText(const AttentionTensor &tensor);
/// \a strings as one JSON list on one line.
void writeStrings(JsonStreamWriter &out, const std::vector<std::string> &strings);
/// [{kind, layers, heads, query_tokens, key_tokens}], one member each set:
/// inspect's and model's `sets`.
void writeSetList(JsonStreamWriter &out, const std::vector<AttentionSet> &sets);
/// One score of every head as a JSON list of L lists of H numbers.
void writeHeadScores(JsonStreamWriter &out, const AttentionTensor &tensor,
                     const std::vector<HeadScores> &scores, HeadScoreKind kind);

void writeInspectJson(const AttentionTensor &tensor, const InspectSummary &summary,
                      AttentionKind kind, const std::vector<AttentionSet> &sets,
                      JsonStreamWriter &out);

} // namespace AttentionLab
