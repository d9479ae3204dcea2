// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/model/modelrun.h"
#include "core/model/modelweights.h"

#include <vector>

namespace AttentionLab {

struct KernelSet;

/// What one pass of an encoder-decoder reads.
struct EncoderDecoderInput
{
    std::vector<int> source; ///< the encoder's tokens
    /// The decoder's: its start token, then the target's tokens (teacher forcing).
    std::vector<int> decoder;
    int topCount = kTopTokens;
};

/**
 * The pass of an encoder-decoder (T5, BART, mBART, Marian), written once
 * from the pieces of core/model/graphpieces.h: the encoder's blocks over the
 * source, then the decoder's over the target, each block's cross-attention
 * reading the encoder's output. Norms before or after each sublayer, the
 * positions (learned with an offset, split sinusoids, T5's relative bias of
 * block 0 in every block), the scale of the scores and the output as the
 * family's description and the config say. The run's attention is the
 * decoder's self-attention; encoderAttention and crossAttention are the
 * other two; topNext are the tokens after the decoder's last. The inputs are
 * checked by runEncoderDecoder() (core/model/transformerforward.h).
 */
ModelRun runEncoderDecoderGraph(const KernelSet &ops, const ModelWeights &weights,
                                const EncoderDecoderInput &input);

} // namespace AttentionLab
