// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/model/keyvaluecache.h"
#include "core/model/modelrun.h"
#include "core/model/modelweights.h"

#include <vector>

namespace AttentionLab {

struct KernelSet;

/**
 * The pass of an encoder-decoder (T5, BART, mBART, Marian), written once
 * from the pieces of core/model/graphpieces.h: the encoder's blocks over the
 * source, then the decoder's over the target, each block's cross-attention
 * reading the encoder's output. Norms before or after each sublayer, the
 * positions (learned with an offset, split sinusoids, T5's relative bias of
 * block 0 in every block), the scale of the scores and the output as the
 * family's description and the config say. The encoder reads
 * input.source; the decoder input.ids (its start token, then the target's
 * tokens: teacher forcing). The run's attention is the decoder's
 * self-attention; encoderAttention and crossAttention are the other two;
 * topNext are the tokens after the decoder's last; the logits are those of
 * the decoder's input.logitPositions. The interventions apply to the three
 * attentions and the two stacks' residual streams; with input.reuse, the
 * encoder is not run again where only the decoder's blocks change, nor the
 * decoder's blocks below the first one changed. The inputs are checked by
 * runEncoderDecoder() (core/model/transformerforward.h).
 */
ModelRun runEncoderDecoderGraph(const KernelSet &ops, const ModelWeights &weights,
                                const ModelInput &input);

/// What a translation keeps between its steps: the decoder's keys and
/// values (self), and the cross-attention's over the source, computed once.
struct EncoderDecoderCache
{
    KeyValueCache self;
    KeyValueCache cross;
};

/// The cache of \a run (a full pass of an encoder-decoder, whose kept rows
/// are moved out of it) with room for \a capacity decoder positions.
EncoderDecoderCache encoderDecoderCache(const ModelWeights &weights, ModelRun &run, int capacity);

/**
 * One decoder token more of an encoder-decoder: token \a id at position
 * cache.self.length, through the same sublayers as runEncoderDecoderGraph()
 * with one column. Writes its decoder self-attention row ([layer][head][key]
 * over the cache.self.length + 1 keys) to \a selfRow, its cross-attention
 * row ([layer][head][source key]) to \a crossRow, and the logits of the token
 * after it (the decoder's vocabulary) to \a logits. The caller checks that
 * id is in the vocabulary and that the cache has room.
 */
void stepEncoderDecoderGraph(const KernelSet &ops, const ModelWeights &weights,
                             EncoderDecoderCache &cache, int id, float *selfRow, float *crossRow,
                             float *logits);

/// The decoder's logits from \a state (its last position's output, after
/// the final norm and T5's scale): the output matrix and final_logits_bias.
std::vector<float> encoderDecoderLogits(const KernelSet &ops, const ModelWeights &weights,
                                        const float *state);

} // namespace AttentionLab
