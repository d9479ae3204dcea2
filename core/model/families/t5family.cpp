// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// T5, T5 v1.1 and Flan-T5 (transformers' modeling_t5.py, configuration_t5.py):
// an encoder and a decoder of pre-RMSNorm blocks without biases, the
// relative position bias of block 0 shared by every block (bidirectional
// buckets in the encoder, one-directional in the decoder), scores not
// divided by sqrt(d_kv), a ReLU (v1.0) or gated-gelu (v1.1) MLP named by
// feed_forward_proj, and with tied embeddings the decoder's output times
// d_model^-0.5.

#include "core/model/familydescription.h"

namespace AttentionLab {

namespace {

/// One of T5's stacks: "encoder" or "decoder"; the decoder's blocks put the
/// cross-attention at layer.1 and the MLP at layer.2.
TensorNames t5Stack(const std::string &stack)
{
    const bool decoder = stack == "decoder";
    const std::string block = stack + ".block.%1.layer.";
    const std::string mlp = block + (decoder ? "2." : "1.");
    TensorNames t;
    t.sharedEmbeddings = "shared";
    t.wordEmbeddings = stack + ".embed_tokens";
    t.attentionNorm = block + "0.layer_norm";
    t.query = block + "0.SelfAttention.q";
    t.key = block + "0.SelfAttention.k";
    t.value = block + "0.SelfAttention.v";
    t.attentionOutput = block + "0.SelfAttention.o";
    t.relativeBias = stack + ".block.0.layer.0.SelfAttention.relative_attention_bias";
    t.feedForwardNorm = mlp + "layer_norm";
    t.feedForwardGate = mlp + "DenseReluDense.wi_0";
    t.feedForwardUp = mlp + "DenseReluDense.wi_1";
    t.feedForwardIn = mlp + "DenseReluDense.wi";
    t.feedForwardOut = mlp + "DenseReluDense.wo";
    t.finalNorm = stack + ".final_layer_norm";
    if (decoder) {
        t.crossNorm = block + "1.layer_norm";
        t.crossQuery = block + "1.EncDecAttention.q";
        t.crossKey = block + "1.EncDecAttention.k";
        t.crossValue = block + "1.EncDecAttention.v";
        t.crossOutput = block + "1.EncDecAttention.o";
        t.output = "lm_head";
    }
    return t;
}

} // namespace

const FamilyDescription &t5Family()
{
    static const FamilyDescription description = [] {
        FamilyDescription f;
        f.family = ModelFamily::T5;
        f.modelType = "t5";
        f.displayName = "T5";
        f.knownAs = {"T5", "Flan-T5"};
        ConfigKeys &k = f.keys;
        k.layers = "num_layers";
        k.heads = "num_heads";
        k.modelDim = "d_model";
        k.headDim = "d_kv";
        k.feedForward = "d_ff";
        k.vocabulary = "vocab_size";
        k.epsilon = "layer_norm_epsilon";
        k.feedForwardProjection = "feed_forward_proj";
        k.tieEmbeddings = "tie_word_embeddings";
        k.decoderLayers = "num_decoder_layers";
        k.decoderStart = "decoder_start_token_id";
        k.pad = "pad_token_id";
        k.relativeBuckets = "relative_attention_num_buckets";
        k.relativeMaxDistance = "relative_attention_max_distance";
        f.norm = NormKind::RmsNorm;
        f.normPlacement = NormPlacement::BeforeSublayer;
        f.positions = PositionKind::RelativeBias;
        f.feedForward = FeedForwardKind::Plain;
        f.queryKeyValue = QueryKeyValueLayout::Separate;
        f.linearLayout = LinearLayout::OutputMajor;
        f.causal = true;
        f.encoderDecoder = true;
        f.scaledScores = false;
        f.scaledTiedOutput = true;
        f.readout = Readout::NextToken;
        f.tiedOutput = true;
        f.queryKeyValueBias = false;
        f.outputBias = false;
        f.feedForwardBias = false;
        f.tokenizer = TokenizerKind::SentencePiece;
        f.tensors = t5Stack("encoder");
        f.tensors.topLevel = {"lm_head."};
        f.decoderTensors = t5Stack("decoder");
        return f;
    }();
    return description;
}

} // namespace AttentionLab
