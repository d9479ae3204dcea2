// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

// The pieces the block graph is made of (core/model/modelgraph.cpp), each
// written once and shared by the whole text's pass and generation's step over
// the key/value cache (core/model/cachedstep.cpp): the embeddings, q, k and v,
// the rest of a block after its attention, and the output matrix.

#include "core/kernels/kernelset.h"
#include "core/model/activations.h"
#include "core/model/modelweights.h"
#include "core/model/querykeyvalue.h"

#include <vector>

namespace AttentionLab::GraphPieces {

/// y = W x + b for one column, its rows split between the threads when it is
/// large (kParallelProduct).
void linearColumn(const KernelSet &ops, const LinearWeights &layer, const float *x, float *y);

Activations linear(const KernelSet &ops, const LinearWeights &layer, const Activations &x);

void norm(const KernelSet &ops, NormKind kind, Activations &x, const NormWeights &weights,
          double epsilon);

/// The MLP on \a x (already normed when the norm comes first): plain or
/// gated, as \a config says.
Activations feedForward(const KernelSet &ops, const ModelConfig &config, const LayerWeights &layer,
                        const Activations &x);

/// Copies the heads of \a rows into \a target laid out [head][position][d_h],
/// query head h given key/value head h / (heads / source heads).
void keepHeadRows(const HeadRows &rows, int heads, int sourceHeads, int n, int headDim,
                  float *target);

/// Keeps the columns \a picked of \a x.
void pickColumns(Activations &x, const std::vector<int> &picked);

/// \a count logits soft-capped, cap tanh(logit / cap), where \a cap > 0
/// (Gemma 2's final_logit_softcapping); unchanged otherwise.
void capLogits(float *logits, size_t count, float cap);

/// The embeddings of \a ids at positions \a first, \a first + 1...
Activations embed(const KernelSet &ops, const ModelConfig &config,
                  const EmbeddingWeights &embeddings, const std::vector<int> &ids,
                  const std::vector<int> &tokenTypes, int first);

/// q, k and v of the n columns of \a x (the block's input), QK-normed and
/// turned by the rotary table's rows from \a cos and \a sin.
void projectQueryKeyValue(const KernelSet &ops, const ModelConfig &config,
                          const LayerWeights &layer, const Activations &x, int rotated,
                          const float *cos, const float *sin, QueryKeyValue &out);

/// The rest of a block after its attention: the output projection, the
/// residuals and the MLP, on \a x in place.
void finishBlock(const KernelSet &ops, const ModelConfig &config, const LayerWeights &layer,
                 const Activations &context, Activations &x);

/// The output matrix [vocabulary, d] as a layer without bias (nn.Linear's
/// layout): its own, or the tied word embeddings; float32, or bfloat16 read
/// in place. Valid while \a output and \a embeddings hold their values.
LinearWeights unembeddingLayer(const ModelConfig &config, const OutputWeights &output,
                               const EmbeddingWeights &embeddings);

} // namespace AttentionLab::GraphPieces
