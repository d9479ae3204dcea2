// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/model/families/bartstacks.h"

namespace AttentionLab {

namespace {

TensorNames bartStack(const std::string &stack)
{
    const std::string layer = stack + ".layers.%1.";
    TensorNames t;
    t.sharedEmbeddings = "shared";
    t.wordEmbeddings = stack + ".embed_tokens";
    t.positionEmbeddings = stack + ".embed_positions";
    t.embeddingNorm = stack + ".layernorm_embedding";
    t.query = layer + "self_attn.q_proj";
    t.key = layer + "self_attn.k_proj";
    t.value = layer + "self_attn.v_proj";
    t.attentionOutput = layer + "self_attn.out_proj";
    t.attentionNorm = layer + "self_attn_layer_norm";
    t.feedForwardIn = layer + "fc1";
    t.feedForwardOut = layer + "fc2";
    t.feedForwardNorm = layer + "final_layer_norm";
    if (stack == "decoder") {
        t.crossQuery = layer + "encoder_attn.q_proj";
        t.crossKey = layer + "encoder_attn.k_proj";
        t.crossValue = layer + "encoder_attn.v_proj";
        t.crossOutput = layer + "encoder_attn.out_proj";
        t.crossNorm = layer + "encoder_attn_layer_norm";
        t.output = "lm_head";
        t.finalLogitsBias = "final_logits_bias";
    }
    return t;
}

} // namespace

FamilyDescription bartStyleFamily()
{
    FamilyDescription f;
    ConfigKeys &k = f.keys;
    k.layers = "encoder_layers";
    k.heads = "encoder_attention_heads";
    k.modelDim = "d_model";
    k.feedForward = "encoder_ffn_dim";
    k.positions = "max_position_embeddings";
    k.vocabulary = "vocab_size";
    k.activation = "activation_function";
    k.tieEmbeddings = "tie_word_embeddings";
    k.decoderLayers = "decoder_layers";
    k.decoderHeads = "decoder_attention_heads";
    k.decoderFeedForward = "decoder_ffn_dim";
    k.decoderStart = "decoder_start_token_id";
    k.pad = "pad_token_id";
    k.scaleEmbedding = "scale_embedding";
    f.norm = NormKind::LayerNorm;
    f.normPlacement = NormPlacement::AfterResidual;
    f.positions = PositionKind::Learned;
    f.positionOffset = 2;
    f.feedForward = FeedForwardKind::Plain;
    f.queryKeyValue = QueryKeyValueLayout::Separate;
    f.linearLayout = LinearLayout::OutputMajor;
    f.causal = true;
    f.encoderDecoder = true;
    f.readout = Readout::NextToken;
    f.tiedOutput = true;
    f.epsilon = 1e-5;
    f.tokenizer = TokenizerKind::BartFiles;
    f.tensors = bartStack("encoder");
    f.tensors.prefix = "model.";
    f.tensors.topLevel = {"lm_head.", "final_logits_bias"};
    f.decoderTensors = bartStack("decoder");
    return f;
}

} // namespace AttentionLab
