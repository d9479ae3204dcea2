// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/modelrun.h"
#include "core/modelweights.h"

namespace AttentionLab {

struct KernelSet;

/**
 * The block graph of every family, written once: the embeddings, each
 * block as its FamilyDescription builds it (norm kind and placement, fused
 * or separate q, k and v, sequential or parallel residual, plain or gated
 * MLP) and the readout, each operation done by \a ops. Portable code,
 * compiled once; the inputs are checked by runModel() (core/transformerforward.h).
 */
ModelRun runModelGraph(const KernelSet &ops, const ModelWeights &weights, const ModelInput &input);

} // namespace AttentionLab
