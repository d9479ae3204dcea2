// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/kernels/keyvisibility.h"
#include "core/model/modelconfig.h"
#include "core/model/modelrun.h"
#include "core/model/modelweights.h"

namespace AttentionLab {

struct KernelSet;

/**
 * The block graph of every family, written once: the embeddings, each
 * block as its FamilyDescription builds it (norm kind and placement, fused
 * or separate q, k and v, sequential or parallel residual, plain or gated
 * MLP) and the readout, each operation done by \a ops. Portable code,
 * compiled once; the inputs are checked by runModel() (core/model/transformerforward.h).
 */
ModelRun runModelGraph(const KernelSet &ops, const ModelWeights &weights, const ModelInput &input);

/// Which keys each of a model's \a queries queries (the last of the text)
/// sees among \a keys keys in layer \a layer: a causal family's mask
/// (within the layer's sliding window: Mistral's every layer, Gemma's local
/// ones), or every key (BERT); with \a layer -1, what every layer shares
/// (the window only where all layers have it: a tensor's visibility). The
/// one place a model's mask is decided: the kernel masks by it and every
/// attention the model gives carries it.
KeyVisibility modelVisibility(const ModelConfig &config, int queries, int keys, int layer = -1);

/// Each layer's window (0: none) where the model says them layer by layer
/// (AttentionTensor::setLayerWindows); empty where every layer is alike.
std::vector<int> layerWindows(const ModelConfig &config);

} // namespace AttentionLab
