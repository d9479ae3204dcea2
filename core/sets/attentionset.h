// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/sets/attentiontensor.h"

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace AttentionLab {

/// Whose queries look at whose keys.
enum class AttentionKind
{
    Encoder, ///< an encoder's self-attention: its tokens over all its tokens (BERT, T5's encoder)
    Decoder, ///< a decoder's self-attention: its tokens over those up to them (GPT-2, T5's decoder)
    Cross,   ///< a decoder's tokens over the encoder's (Bahdanau's alignment; T5, BART, Whisper)
};

/**
 * One attention of a run: layers x heads x queries x keys with its query and
 * key tokens, its key/value grouping and which keys each query could see,
 * all in the tensor; and its kind. A decoder-only model's run holds one set,
 * an encoder-decoder's three (its encoder's, its decoder's and the
 * cross-attention between them, whose rows are the target's tokens and whose
 * columns are the source's).
 */
struct AttentionSet
{
    AttentionKind kind = AttentionKind::Decoder;
    std::shared_ptr<const AttentionTensor> tensor;
};

/// Every kind, in the order a run lists its sets.
inline constexpr AttentionKind kAttentionKinds[] = {AttentionKind::Encoder, AttentionKind::Decoder,
                                                    AttentionKind::Cross};

/// "encoder", "decoder" or "cross": the command line's --set and the JSON's kind.
std::string attentionKindName(AttentionKind kind);
/// The kind \a name names exactly, or std::nullopt.
std::optional<AttentionKind> parseAttentionKind(std::string_view name);
/// "encoder self-attention", "decoder self-attention", "cross-attention".
std::string attentionKindTitle(AttentionKind kind);
/// True where queries and keys are the same tokens: what the detectors
/// that compare a query's position with a key's need (previous token,
/// induction).
bool isSelfAttention(AttentionKind kind);
/// The kind a lone tensor (a file of one attention) is: a decoder's where
/// its queries could not see the keys after them, an encoder's otherwise.
AttentionKind kindOf(const AttentionTensor &tensor);

/// The set of \a kind in \a sets, or nullptr.
const AttentionSet *findSet(const std::vector<AttentionSet> &sets, AttentionKind kind);
/// The set a command shows when none was named: the only one, else the
/// decoder's self-attention, else the first. -1 for no sets.
int defaultSetIndex(const std::vector<AttentionSet> &sets);
/// The index of the set \a kind names, -1 when \a sets has none of it;
/// with no kind named, defaultSetIndex(). What --set chooses, everywhere.
int chosenSetIndex(const std::vector<AttentionSet> &sets, std::optional<AttentionKind> kind);
/// "encoder, decoder and cross": the kinds \a sets hold, for messages.
std::string setKindList(const std::vector<AttentionSet> &sets);
/// "holds no cross attention (it holds encoder)": why \a sets has no set of \a kind.
std::string missingSetText(AttentionKind kind, const std::vector<AttentionSet> &sets);

} // namespace AttentionLab
