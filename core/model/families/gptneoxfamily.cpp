// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// GPT-NeoX (transformers' modeling_gpt_neox.py): Pythia. LayerNorm with
// bias, one query_key_value projection laid out head by head (each head's
// q, k and v in turn), rotary positions on the first rotary_pct of each
// head, the erf GELU, the parallel residual x + attention(ln1(x)) +
// mlp(ln2(x)), and an untied embed_out.

#include "core/model/familydescription.h"

namespace AttentionLab {

const FamilyDescription &gptNeoxFamily()
{
    static const FamilyDescription description = [] {
        FamilyDescription f;
        f.family = ModelFamily::GptNeox;
        f.modelType = "gpt_neox";
        f.displayName = "GPT-NeoX";
        f.knownAs = {"Pythia"};
        ConfigKeys &k = f.keys;
        k.layers = "num_hidden_layers";
        k.heads = "num_attention_heads";
        k.modelDim = "hidden_size";
        k.feedForward = "intermediate_size";
        k.positions = "max_position_embeddings";
        k.vocabulary = "vocab_size";
        k.epsilon = "layer_norm_eps";
        k.activation = "hidden_act";
        k.ropeTheta = "rotary_emb_base";
        k.rotaryFraction = "rotary_pct";
        k.ropeScaling = "rope_scaling";
        k.tieEmbeddings = "tie_word_embeddings";
        k.parallelResidual = "use_parallel_residual";
        k.attentionBias = "attention_bias";
        f.norm = NormKind::LayerNorm;
        f.normPlacement = NormPlacement::BeforeSublayer;
        f.positions = PositionKind::Rotary;
        f.feedForward = FeedForwardKind::Plain;
        f.queryKeyValue = QueryKeyValueLayout::FusedPerHead;
        f.linearLayout = LinearLayout::OutputMajor;
        f.causal = true;
        f.readout = Readout::NextToken;
        // GPTNeoXConfig's defaults.
        f.tiedOutput = false;
        f.parallelResidual = true;
        f.tokenizer = TokenizerKind::TokenizerJson;
        TensorNames &t = f.tensors;
        t.prefix = "gpt_neox.";
        t.wordEmbeddings = "embed_in";
        t.attentionNorm = "layers.%1.input_layernorm";
        t.query = "layers.%1.attention.query_key_value";
        t.attentionOutput = "layers.%1.attention.dense";
        t.feedForwardNorm = "layers.%1.post_attention_layernorm";
        t.feedForwardIn = "layers.%1.mlp.dense_h_to_4h";
        t.feedForwardOut = "layers.%1.mlp.dense_4h_to_h";
        t.finalNorm = "final_layer_norm";
        t.output = "embed_out";
        t.topLevel = {"embed_out."};
        // The causal mask, its fill value and the rotary's inverse frequencies: buffers.
        t.ignoredEndings = {".attention.bias", ".attention.masked_bias",
                            ".attention.rotary_emb.inv_freq"};
        return f;
    }();
    return description;
}

} // namespace AttentionLab
