// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/maths/transformerconfig.h"

#include <cstdint>

namespace AttentionLab {

/// Where a transformer's parameters sit (weights and biases counted).
struct ParameterCount
{
    TransformerConfig config;
    std::int64_t embeddings = 0;         ///< |V| D
    std::int64_t attentionWeights = 0;   ///< W^Q, W^K, W^V, W^O: 4 D^2
    std::int64_t attentionBiases = 0;    ///< their biases: 4 D
    std::int64_t attention = 0;          ///< 4 D^2 + 4 D per layer
    std::int64_t feedForwardWeights = 0; ///< 2 D H
    std::int64_t feedForwardBiases = 0;  ///< H + D
    std::int64_t feedForward = 0;        ///< 2 D H + H + D per layer
    std::int64_t layerNorms = 0;         ///< two norms, scale and shift: 4 D
    std::int64_t perLayer = 0;
    std::int64_t allLayers = 0; ///< L x perLayer
    std::int64_t total = 0;     ///< allLayers + embeddings
};

/**
 * Counts \a config's parameters. Throws std::invalid_argument when a size is
 * not positive, h does not divide D, or a count would overflow 64 bits.
 * The head count never changes the total: h heads of D/h cost what one
 * head of D costs.
 */
ParameterCount countParameters(const TransformerConfig &config);

} // namespace AttentionLab
