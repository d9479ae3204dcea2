// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/kernels/modeloperands.h"
#include "core/model/familyregistry.h"

#include <cmath>
#include <vector>

namespace AttentionLab {

/// The families of trained models Attention Lab runs natively, one per
/// line of the registry (core/model/familyregistry.h), in its order; each is
/// described by a FamilyDescription (core/model/familydescription.h). Code asks
/// the description for what it needs rather than comparing these values.
enum class ModelFamily
{
#define ATTENTIONLAB_FAMILY_IDENTITY(identity, description) identity,
    ATTENTIONLAB_MODEL_FAMILIES(ATTENTIONLAB_FAMILY_IDENTITY)
#undef ATTENTIONLAB_FAMILY_IDENTITY
};

/// How a rotary checkpoint rescales its frequencies (config.json's rope_scaling).
enum class RopeScaling
{
    None,    ///< no rope_scaling, or rope_type "default"
    Linear,  ///< every inverse frequency divided by factor
    Llama3,  ///< Llama 3.1's: low frequencies divided, high ones kept, a blend between
    LongRope ///< Phi-3's: each frequency divided by its own factor, the short ones up to
             ///< originalPositions tokens and the long ones past them; cos and sin scaled
};

/// The rotary positions of a checkpoint (unused by a family with learned positions).
struct RotaryConfig
{
    double theta = 10000.0; ///< rope_theta, rotary_emb_base
    double fraction = 1.0;  ///< the rotated share of each head: partial_rotary_factor, rotary_pct
    RopeScaling scaling = RopeScaling::None;
    double factor = 1.0;              ///< rope_scaling's factor
    double lowFrequencyFactor = 1.0;  ///< llama3's low_freq_factor
    double highFrequencyFactor = 4.0; ///< llama3's high_freq_factor
    int originalPositions = 8192;     ///< llama3's and longrope's original_max_position_embeddings
    /// longrope's short_factor and long_factor, one per pair of rotated dimensions.
    std::vector<double> shortFactors;
    std::vector<double> longFactors;
    /// longrope's attention_factor: cos and sin are multiplied by it.
    double attentionFactor = 1.0;
    /// Gemma 3's rope_local_base_freq: the base of its local layers, which
    /// take no rope_scaling; 0 where the model has one base.
    double localTheta = 0.0;
};

/// How one layer's attention meets positions (ModelConfig::layerAttention).
struct LayerAttention
{
    /// A query sees this many keys, itself included (a local layer's
    /// sliding window); 0: every key before it.
    int window = 0;
    /// Its q and k are rotated; false in a layer without positions
    /// (SmolLM3's NoPE layers), whose scores are the same for any order.
    bool rotary = true;
    /// It rotates by RotaryConfig::localTheta without rope_scaling (Gemma 3's local layers).
    bool localRotary = false;
    friend bool operator==(const LayerAttention &, const LayerAttention &) = default;
};

/// The positions of a family with no table of them (T5's relative buckets
/// reach any offset): the memory limit refuses a text long before this.
inline constexpr int kUnboundedPositions = 1 << 20;

/// An encoder-decoder's decoder stack (T5, BART, Marian): its sizes where
/// config.json gives them apart from the encoder's.
struct DecoderShape
{
    int layers = 0;      ///< num_decoder_layers, decoder_layers; 0: no decoder stack
    int heads = 0;       ///< decoder_attention_heads
    int feedForward = 0; ///< decoder_ffn_dim
    int vocabulary = 0;  ///< Marian's decoder_vocab_size: the target's tokens
    int startId = 0;     ///< decoder_start_token_id: the first token the decoder reads
    int headSize = 0;    ///< d_kv where given, else d_model / heads
};

/// The sizes and constants of a checkpoint, from its config.json; every one
/// set explicitly by the reader, whatever the family's names for them.
struct ModelConfig
{
    ModelFamily family = ModelFamily::Gpt2;
    int layers = 0;        ///< GPT-2 n_layer, BERT num_hidden_layers
    int heads = 0;         ///< query heads: n_head, num_attention_heads
    int kvHeads = 0;       ///< key/value heads, num_key_value_heads; 0: as many as heads
    int headSize = 0;      ///< head_dim; 0: modelDim / heads
    int modelDim = 0;      ///< n_embd, hidden_size
    int feedForward = 0;   ///< n_inner (4 n_embd when null), intermediate_size
    int positions = 0;     ///< n_positions, max_position_embeddings
    int vocabulary = 0;    ///< vocab_size
    int tokenTypes = 0;    ///< BERT type_vocab_size; 0 for the others
    double epsilon = 1e-5; ///< layer_norm_epsilon, layer_norm_eps, rms_norm_eps
    Activation activation = Activation::GeluTanh; ///< the MLP's, or its gate's
    bool gated = false; ///< down(act(gate(x)) * up(x)), else out(act(in(x)))
    RotaryConfig rotary;
    int slidingWindow = 0;         ///< a query sees this many keys, itself included; 0: all
    bool tiedOutput = true;        ///< the output matrix is the word embeddings
    bool parallelResidual = false; ///< x + attention(n1(x)) + mlp(n2(x)), as GPT-NeoX
    bool queryKeyValueBias = true;
    bool outputBias = true; ///< the attention's output projection
    bool feedForwardBias = true;
    /// An encoder-decoder's decoder; its layers are 0 for a single stack.
    DecoderShape decoder;
    /// Each layer's window and positions where they differ from layer to
    /// layer (Gemma's local and global layers, SmolLM3's NoPE layers); empty:
    /// every layer sees slidingWindow keys and is rotated alike.
    std::vector<LayerAttention> layerAttention;
    /// Gemma 2's attn_logit_softcapping: the scores become cap tanh(s / cap)
    /// after the scale, before the mask; 0: none.
    float attentionSoftCap = 0.0f;
    /// Gemma 2's final_logit_softcapping, the same on the logits; 0: none.
    float logitSoftCap = 0.0f;
    /// The scores' scale where it is not 1/sqrt(d_h): Gemma's
    /// query_pre_attn_scalar^-0.5; 0: 1/sqrt(d_h).
    float scoreScale = 0.0f;
    int relativeBuckets = 0;     ///< T5's relative_attention_num_buckets
    int relativeMaxDistance = 0; ///< T5's relative_attention_max_distance
    float embeddingScale = 1.0f; ///< sqrt(d_model) where scale_embedding is set (Marian)

    bool encoderDecoder() const { return decoder.layers > 0; }
    /// The decoder stack as a model of its own: its layers, heads, MLP and
    /// vocabulary in place of the encoder's, the rest shared.
    ModelConfig decoderConfig() const
    {
        ModelConfig stack = *this;
        stack.layers = decoder.layers;
        stack.heads = stack.kvHeads = decoder.heads;
        stack.feedForward = decoder.feedForward;
        stack.vocabulary = decoder.vocabulary;
        stack.headSize = decoder.headSize > 0 ? decoder.headSize : modelDim / decoder.heads;
        stack.decoder = {};
        return stack;
    }
    int headDim() const { return headSize > 0 ? headSize : (heads > 0 ? modelDim / heads : 0); }
    int keyValueHeads() const { return kvHeads > 0 ? kvHeads : heads; }
    /// The dimensions of each head the rotary turns: an even count, as transformers takes it.
    int rotatedDims() const { return int(double(headDim()) * rotary.fraction) / 2 * 2; }
    /// Layer \a layer's window and positions.
    LayerAttention attentionOf(int layer) const
    {
        if (layer >= 0 && size_t(layer) < layerAttention.size())
            return layerAttention[size_t(layer)];
        LayerAttention all;
        all.window = slidingWindow;
        return all;
    }
    /// The scale of the scores: 1/sqrt(d_h), or the family's own.
    float attentionScale() const
    {
        return scoreScale > 0.0f ? scoreScale : 1.0f / std::sqrt(float(headDim()));
    }
};

/// config.json's model_type ("gpt2", "llama"), from the family's description.
const char *modelTypeName(ModelFamily family);

} // namespace AttentionLab
