// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

// What a model's passes hold beside its weights, estimated before they
// allocate; the limit and the messages are core/support/memorybudget.h's.

#include "core/model/modelconfig.h"

namespace AttentionLab {

/**
 * Bytes a forward pass of a checkpoint of any family over \a tokens tokens
 * holds beside its weights: what it keeps (every head's n x n attention and
 * its q, k and v rows) and, at its widest, one block's activations (the
 * input, its normalised copy, q, k and v and their fused product, the
 * heads' context, and the feed-forward's inner activations, n x
 * intermediate_size). The logits are made a block of the vocabulary at a
 * time and need no room of their own.
 */
double modelPassBytes(const ModelConfig &config, long long tokens);

/**
 * Bytes an encoder-decoder's pass over \a source and \a target tokens holds
 * beside its weights: its three attentions (the encoder's source x source,
 * the decoder's target x target and the cross-attention's target x source,
 * each layer's and head's), the encoder's output the decoder reads, T5's
 * relative bias, and one block's activations at its widest.
 */
double encoderDecoderPassBytes(const ModelConfig &config, long long source, long long target);

/**
 * Bytes generating from a prompt of \a promptTokens up to \a totalTokens
 * tokens holds beside its weights: the prompt's pass (modelPassBytes()),
 * the key/value cache for every position (2 x layers x key/value heads x
 * total x d_h), each generated token's attention row (layers x heads x its
 * keys), its top tokens, and two rows of logits over the vocabulary.
 */
double generationBytes(const ModelConfig &config, long long promptTokens, long long totalTokens);

/// Bytes the logit lens over \a tokens tokens holds: the pass, the residual
/// stream after every block (layers x n x d), its top five at every cell and
/// the logits of a block of positions (lensBlockColumns(), core/model/logitlens.h).
double logitLensBytes(const ModelConfig &config, long long tokens);

} // namespace AttentionLab
