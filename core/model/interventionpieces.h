// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

// The pieces of a pass that apply interventions (core/model/interventions.h),
// each written once and shared by the single stack's graph
// (core/model/modelgraph.cpp) and the encoder-decoder's
// (core/model/encoderdecodergraph.cpp): a layer's knockouts as the scores'
// bias, its head outputs ablated and patched, its input patched. A single
// stack's graph names its one attention, stackKind(), which is the set
// interventionProblem() holds each of its interventions to.

#include "core/model/activations.h"
#include "core/model/interventions.h"

#include <vector>

namespace AttentionLab::GraphPieces {

/// Layer \a l's knockouts in attention \a set as the scores' bias: minus
/// infinity on each knocked-out edge, heads x queries x keys; empty when the
/// layer has none.
std::vector<float> knockoutBias(const Interventions *interventions, AttentionKind set, int l,
                                int heads, int queries, int keys);

/**
 * Layer \a l's head outputs in attention \a set (\a context, heads x d_h rows,
 * a column per query) ablated and patched as \a interventions say. In a
 * causal stack (\a causal: a decoder's self-attention and an
 * encoder-decoder's cross-attention, whose queries are the decoder's) mean
 * ablation gives position i the mean over positions 0 to i, so that no
 * position reads a later token through it; in an encoder, the mean over all.
 */
void changeHeadOutputs(const Interventions *interventions, AttentionKind set, int l, int headDim,
                       bool causal, Activations &context);

/// The residual positions \a interventions patch at the input of layer \a l
/// of the stack \a stack (an encoder-decoder's encoder or decoder; a single
/// stack's own).
void patchLayerInput(const Interventions *interventions, AttentionKind stack, int l,
                     Activations &x);

} // namespace AttentionLab::GraphPieces
