// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// Llama (transformers' modeling_llama.py): Llama 2, 3, 3.1 and 3.2,
// TinyLlama, SmolLM and SmolLM2. Rotary positions, pre-RMSNorm blocks,
// separate q/k/v projections with grouped-query attention, SwiGLU, the
// output tied or a separate lm_head.

#include "core/model/familydescription.h"

namespace AttentionLab {

const FamilyDescription &llamaFamily()
{
    static const FamilyDescription description = [] {
        FamilyDescription f;
        f.family = ModelFamily::Llama;
        f.modelType = "llama";
        f.displayName = "Llama";
        f.knownAs = {"Llama", "SmolLM", "TinyLlama"};
        ConfigKeys &k = f.keys;
        k.layers = "num_hidden_layers";
        k.heads = "num_attention_heads";
        k.kvHeads = "num_key_value_heads";
        k.modelDim = "hidden_size";
        k.headDim = "head_dim";
        k.feedForward = "intermediate_size";
        k.positions = "max_position_embeddings";
        k.vocabulary = "vocab_size";
        k.epsilon = "rms_norm_eps";
        k.activation = "hidden_act";
        k.ropeTheta = "rope_theta";
        k.rotaryFraction = "partial_rotary_factor";
        k.ropeScaling = "rope_scaling";
        k.tieEmbeddings = "tie_word_embeddings";
        k.attentionBias = "attention_bias";
        k.feedForwardBias = "mlp_bias";
        f.norm = NormKind::RmsNorm;
        f.normPlacement = NormPlacement::BeforeSublayer;
        f.positions = PositionKind::Rotary;
        f.feedForward = FeedForwardKind::Gated;
        f.queryKeyValue = QueryKeyValueLayout::Separate;
        f.linearLayout = LinearLayout::OutputMajor;
        f.causal = true;
        f.readout = Readout::NextToken;
        // LlamaConfig's defaults.
        f.tiedOutput = false;
        f.queryKeyValueBias = false;
        f.outputBias = false;
        f.feedForwardBias = false;
        f.tokenizer = TokenizerKind::TokenizerJson;
        TensorNames &t = f.tensors;
        t.prefix = "model.";
        t.wordEmbeddings = "embed_tokens";
        t.attentionNorm = "layers.%1.input_layernorm";
        t.query = "layers.%1.self_attn.q_proj";
        t.key = "layers.%1.self_attn.k_proj";
        t.value = "layers.%1.self_attn.v_proj";
        t.attentionOutput = "layers.%1.self_attn.o_proj";
        t.feedForwardNorm = "layers.%1.post_attention_layernorm";
        t.feedForwardGate = "layers.%1.mlp.gate_proj";
        t.feedForwardIn = "layers.%1.mlp.up_proj";
        t.feedForwardOut = "layers.%1.mlp.down_proj";
        t.finalNorm = "norm";
        t.output = "lm_head";
        t.topLevel = {"lm_head."};
        // Older conversions keep the rotary's inverse frequencies as a buffer.
        t.ignoredEndings = {".rotary_emb.inv_freq"};
        return f;
    }();
    return description;
}

} // namespace AttentionLab
