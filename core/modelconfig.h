// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

namespace AttentionLab {

/// The two families of trained models Attention Lab runs natively.
enum class ModelFamily
{
    Gpt2,
    Bert
};

/// The two forms of GELU that checkpoints name in their config.json.
enum class GeluForm
{
    Tanh, ///< "gelu_new": 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3)))
    Erf   ///< "gelu": 0.5 x (1 + erf(x / sqrt 2))
};

/// The sizes and constants of a GPT-2 or BERT checkpoint, from its config.json.
struct ModelConfig
{
    ModelFamily family = ModelFamily::Gpt2;
    int layers = 0;        ///< GPT-2 n_layer, BERT num_hidden_layers
    int heads = 0;         ///< n_head, num_attention_heads
    int modelDim = 0;      ///< n_embd, hidden_size
    int feedForward = 0;   ///< n_inner (4 n_embd when null), intermediate_size
    int positions = 0;     ///< n_positions, max_position_embeddings
    int vocabulary = 0;    ///< vocab_size
    int tokenTypes = 0;    ///< BERT type_vocab_size; 0 for GPT-2
    double epsilon = 1e-5; ///< layer_norm_epsilon, layer_norm_eps
    GeluForm gelu = GeluForm::Tanh;

    int headDim() const { return heads > 0 ? modelDim / heads : 0; }
};

/// "gpt2" or "bert": config.json's model_type.
inline const char *modelTypeName(ModelFamily family)
{
    return family == ModelFamily::Gpt2 ? "gpt2" : "bert";
}

} // namespace AttentionLab
