// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/modelrun.h"
#include "core/modelweights.h"

namespace AttentionLab {

/**
 * One float32 forward pass of a checkpoint on \a input, as Hugging Face's
 * eager implementation computes it, built by runModelGraph()
 * (core/modelgraph.h) from the family's description. GPT-2: pre-LayerNorm
 * blocks, the tanh GELU, the causal mask, and the topCount most likely next
 * tokens after the last position (tied embeddings). BERT: post-LayerNorm
 * blocks, the erf GELU, token types, no mask (one unpadded input), and the
 * masked-LM head at each of input.maskPositions when the checkpoint has one.
 * Keeps every head's attention and its q, k and v rows (before the scaling).
 * Throws std::invalid_argument for ids, token types or mask positions that
 * do not fit the model, and when the pass would exceed the memory limit
 * (modelPassBytes()).
 */
ModelRun runModel(const ModelWeights &weights, const ModelInput &input);

} // namespace AttentionLab
