// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// Qwen3 (transformers' modeling_qwen3.py): Llama's block and tensor names,
// an RMSNorm of each head's q and k (q_norm, k_norm) before the rotary, and
// a head_dim of its own (128 in Qwen3-0.6B, whose hidden_size / heads is 64).

#include "core/model/familydescription.h"

namespace AttentionLab {

const FamilyDescription &qwen3Family()
{
    static const FamilyDescription description = [] {
        FamilyDescription f = llamaFamily();
        f.family = ModelFamily::Qwen3;
        f.modelType = "qwen3";
        f.displayName = "Qwen3";
        f.knownAs.clear();
        f.keys.feedForwardBias.clear();
        f.queryKeyNorm = true;
        f.tensors.queryNorm = "layers.%1.self_attn.q_norm";
        f.tensors.keyNorm = "layers.%1.self_attn.k_norm";
        return f;
    }();
    return description;
}

} // namespace AttentionLab
