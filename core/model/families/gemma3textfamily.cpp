// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// Gemma 3's text model (transformers' modeling_gemma3.py, Gemma3ForCausalLM:
// gemma-3-270m, gemma-3-1b): Gemma 2's block with an RMSNorm (1 + w) of each
// head's q and k before the rotary (q_norm, k_norm), no soft caps by
// default, and layer_types (or, in older files, every
// sliding_window_pattern-th layer) global, the rest local; the local layers
// rotate by rope_local_base_freq without rope_scaling, the global ones by
// rope_theta with it.

#include "core/model/familydescription.h"

namespace AttentionLab {

const FamilyDescription &gemma3TextFamily()
{
    static const FamilyDescription description = [] {
        FamilyDescription f = gemma2Family();
        f.family = ModelFamily::Gemma3Text;
        f.modelType = "gemma3_text";
        f.displayName = "Gemma 3";
        f.knownAs = {"Gemma 3"};
        f.keys.slidingWindowPattern = "sliding_window_pattern";
        f.keys.localRopeTheta = "rope_local_base_freq";
        f.layerPattern = LayerPattern::WindowPattern;
        f.queryKeyNorm = true;
        // Gemma3TextConfig's defaults (configuration_gemma3.py), which a
        // multimodal folder's text_config relies on.
        f.configDefaults = {{"vocab_size", "262208"},
                            {"hidden_size", "2304"},
                            {"intermediate_size", "9216"},
                            {"num_hidden_layers", "26"},
                            {"num_attention_heads", "8"},
                            {"num_key_value_heads", "4"},
                            {"head_dim", "256"},
                            {"hidden_activation", "\"gelu_pytorch_tanh\""},
                            {"max_position_embeddings", "131072"},
                            {"rms_norm_eps", "1e-6"},
                            {"rope_theta", "1000000.0"},
                            {"query_pre_attn_scalar", "256"},
                            {"sliding_window", "4096"},
                            {"rope_local_base_freq", "10000.0"},
                            {"sliding_window_pattern", "6"}};
        f.tensors.queryNorm = "layers.%1.self_attn.q_norm";
        f.tensors.keyNorm = "layers.%1.self_attn.k_norm";
        return f;
    }();
    return description;
}

} // namespace AttentionLab
