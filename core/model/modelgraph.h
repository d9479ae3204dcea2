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
/// sees among \a keys keys: a causal family's mask (within Mistral's sliding
/// window), or every key (BERT). The one place a model's mask is decided:
/// the kernel masks by it and every attention the model gives carries it.
/// Which keys a model's queries see in layer \a layer (its sliding window,
/// if any); with \a layer -1, what every layer shares (the window only
/// where all layers have it: a tensor's visibility).
KeyVisibility modelVisibility(const ModelConfig &config, int queries, int keys, int layer = -1);

/// Each layer's window where they differ (AttentionTensor::setLayerWindows); empty otherwise.
std::vector<int> layerWindows(const ModelConfig &config);

} // namespace AttentionLab
