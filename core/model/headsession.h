// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/maths/session.h"
#include "core/model/modelconfig.h"
#include "core/model/modelrun.h"

#include <string>

namespace AttentionLab {

/**
 * Takes head \a head of layer \a layer of a model's run into the lab: a
 * session whose tokens are the model's (labelled as the Model tab labels
 * them, displayToken), whose queries, keys and values are that head's q, k
 * and v rows, with d_k the head size, scaling on, temperature 1, and the mask
 * the model used: causal for GPT-2, none for BERT. Attended as it is, its
 * weights are the model's attention for that head (float32 rounding aside).
 * Throws std::out_of_range for a layer or head the run does not have.
 */
Session headSession(const ModelRun &run, int layer, int head);

/**
 * The same for an encoder-decoder's set \a kind: the encoder's or the
 * decoder's self-attention (queries and keys its tokens), or the
 * cross-attention, whose queries are the decoder's tokens and whose keys
 * and values are the encoder's. Scaled as the family scales (T5 does not),
 * masked as the set is (the decoder's causal). A single stack's run takes
 * its one kind. Throws std::out_of_range for a set, layer or head the run
 * does not have.
 */
Session headSession(const ModelRun &run, AttentionKind kind, int layer, int head);

/// What was done to head \a head's q and k before they reached the lab, one
/// sentence for the window to say: "q and k normed per head, then rotated by
/// each token's position (rotary theta=1000000): their dot products depend on
/// the offset between tokens alone; query head 5 read key/value head 1, shared
/// with heads 3 to 5". What the lab does not reproduce is said too: a
/// layer's sliding window, Gemma's scale and soft cap; and a layer without
/// positions (SmolLM3's NoPE layers) says so.
std::string headSessionNote(const ModelConfig &config, int layer, int head);

/// The same for an encoder-decoder's set \a kind: T5's bias on its
/// self-attentions (none on the cross-attention), its scores not scaled.
std::string headSessionNote(const ModelConfig &config, AttentionKind kind, int layer, int head);

} // namespace AttentionLab
