#pragma once

#include "core/attentionaggregates.h"
#include "core/attentiontensor.h"
#include "core/headscores.h"

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
    std::vector<HeadScores> scores;     ///< index layer * H + head
    std::optional<FloatMatrix> rollout; ///< only when queries = keys
};
InspectSummary summarizeTensor(const AttentionTensor &tensor);

/// The tables: shape, tokens, and an L x H table for the mean entropy and
/// each detector score (the duplicate-token and induction scores only where
/// tokens repeat), then what the rollout says of the last token.
QString inspectText(const QString &file, const AttentionTensor &tensor,
                    const InspectSummary &summary);

/**
 * The JSON, with exactly these members (indices from 0): shape [L, H, Q, K],
 * layers, heads, queries, keys, tokens and query_tokens (as spelled in the
 * file; empty lists when it has none; query_tokens are the last Q key tokens
 * when the file gives none apart), entropy_bits, previous_token, first_token
 * and self (each [L][H]), and rollout (Q x K, null when Q != K).
 */
void writeInspectJson(const AttentionTensor &tensor, const InspectSummary &summary,
                      JsonStreamWriter &out);

} // namespace AttentionLab
