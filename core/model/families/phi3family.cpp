// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// Phi-3, Phi-3.5 and Phi-4-mini (transformers' modular_phi3.py): Llama's
// block with q, k and v in one projection (qkv_proj: the query heads' rows,
// then the key/value heads' keys, then their values), the gate and up
// projections in one (gate_up_proj: the gate's rows, then up's), a partial
// rotary (partial_rotary_factor), longrope (rope_scaling's short and long
// factors) and a sliding window in every layer. No biases; the output is
// lm_head, or tied (Phi-4-mini).

#include "core/model/familydescription.h"

namespace AttentionLab {

const FamilyDescription &phi3Family()
{
    static const FamilyDescription description = [] {
        FamilyDescription f = llamaFamily();
        f.family = ModelFamily::Phi3;
        f.modelType = "phi3";
        f.displayName = "Phi-3";
        f.knownAs = {"Phi-3", "Phi-3.5", "Phi-4-mini"};
        f.keys.slidingWindow = "sliding_window";
        f.keys.feedForwardBias.clear();
        f.queryKeyValue = QueryKeyValueLayout::FusedBlocks;
        TensorNames &t = f.tensors;
        t.query = "layers.%1.self_attn.qkv_proj";
        t.key.clear();
        t.value.clear();
        t.feedForwardGate.clear();
        t.feedForwardIn.clear();
        t.feedForwardGateUp = "layers.%1.mlp.gate_up_proj";
        return f;
    }();
    return description;
}

} // namespace AttentionLab
