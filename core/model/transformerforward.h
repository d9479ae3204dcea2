// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/model/modelrun.h"
#include "core/model/modelweights.h"

namespace AttentionLab {

/**
 * One float32 forward pass of a checkpoint on \a input, as Hugging Face's
 * eager implementation computes it, built by runModelGraph()
 * (core/model/modelgraph.h) from the family's description. GPT-2: pre-LayerNorm
 * blocks, the tanh GELU, the causal mask, and the topCount most likely next
 * tokens after the last position (tied embeddings). BERT: post-LayerNorm
 * blocks, the erf GELU, token types, no mask (one unpadded input), and the
 * masked-LM head at each of input.maskPositions when the checkpoint has one.
 * Llama, Mistral, Qwen2, Qwen3: pre-RMSNorm blocks, rotary positions,
 * grouped-query attention, SwiGLU, Mistral's sliding window, Qwen3's QK-norm;
 * GPT-NeoX: partial rotary and the parallel residual; all of them the next
 * tokens through their tied or separate output matrix.
 * Keeps every head's attention and its q, k and v rows (before the scaling;
 * q and k after QK-norm and the rotary; k and v of the key/value head each
 * query head reads, so every query head has rows of its own).
 * Throws std::invalid_argument for ids, token types or mask positions that
 * do not fit the model, interventions that do not fit the pass
 * (interventionProblem()), and when the pass would exceed the memory limit
 * (modelPassBytes()). An encoder-decoder's weights run runEncoderDecoder().
 */
ModelRun runModel(const ModelWeights &weights, const ModelInput &input);

/**
 * One float32 pass of an encoder-decoder (T5, BART, mBART, Marian) over
 * \a input's source and decoder tokens (input.ids), built by
 * runEncoderDecoderGraph() (core/model/encoderdecodergraph.h): the three
 * attentions and the tokens after the decoder's last. Throws
 * std::invalid_argument for no tokens, ids outside the encoder's or the
 * decoder's vocabulary, more tokens than the positions, interventions that
 * do not fit, and a pass beyond the memory limit.
 */
ModelRun runEncoderDecoder(const ModelWeights &weights, const ModelInput &input);

/// Whether \a run kept what a pass of \a input reuses: the layers of its
/// tokens (ModelInput::keepPatchSource; its encoder's too, for an
/// encoder-decoder) and, where \a input keeps the heads, their attention.
bool keptLayersOf(const ModelRun &run, const ModelInput &input);

} // namespace AttentionLab
