// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// GPT-2 (transformers' modeling_gpt2.py): learned positions, pre-LayerNorm
// blocks, one Conv1D c_attn for q, k and v, the tanh GELU, the output tied
// to the word embeddings.

#include "core/model/familydescription.h"

namespace AttentionLab {

const FamilyDescription &gpt2Family()
{
    static const FamilyDescription description = [] {
        FamilyDescription f;
        f.family = ModelFamily::Gpt2;
        f.modelType = "gpt2";
        f.displayName = "GPT-2";
        ConfigKeys &k = f.keys;
        k.layers = "n_layer";
        k.heads = "n_head";
        k.modelDim = "n_embd";
        k.feedForward = "n_inner";
        k.feedForwardTimesWidth = 4;
        k.positions = "n_positions";
        k.vocabulary = "vocab_size";
        k.epsilon = "layer_norm_epsilon";
        k.activation = "activation_function";
        f.norm = NormKind::LayerNorm;
        f.normPlacement = NormPlacement::BeforeSublayer;
        f.positions = PositionKind::Learned;
        f.feedForward = FeedForwardKind::Plain;
        f.queryKeyValue = QueryKeyValueLayout::FusedBlocks;
        f.linearLayout = LinearLayout::InputMajor;
        f.causal = true;
        f.readout = Readout::NextToken;
        f.tiedOutput = true;
        f.tokenizer = TokenizerKind::Gpt2Files;
        TensorNames &t = f.tensors;
        t.prefix = "transformer.";
        t.wordEmbeddings = "wte";
        t.positionEmbeddings = "wpe";
        t.attentionNorm = "h.%1.ln_1";
        t.query = "h.%1.attn.c_attn";
        t.attentionOutput = "h.%1.attn.c_proj";
        t.feedForwardNorm = "h.%1.ln_2";
        t.feedForwardIn = "h.%1.mlp.c_fc";
        t.feedForwardOut = "h.%1.mlp.c_proj";
        t.finalNorm = "ln_f";
        // h.{i}.attn.bias and masked_bias are the causal mask's buffers; lm_head the tied copy.
        t.ignoredEndings = {".attn.bias", ".attn.masked_bias"};
        t.ignoredBeginnings = {"lm_head."};
        t.topLevel = {"lm_head."};
        return f;
    }();
    return description;
}

} // namespace AttentionLab
