// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

// What the model's operations take and give (core/kernels/kernelset.h): the
// kinds of norm and GELU a family picks from, the values of a dense layer
// and a norm as the kernels read them, and a token's probability. A family
// description (core/model/) names these; the kernels implement them.

#include <cstdint>

namespace AttentionLab {

enum class NormKind
{
    LayerNorm, ///< (x - mean) / sqrt(variance + eps) * weight + bias
    RmsNorm    ///< x / sqrt(mean(x^2) + eps) * weight
};

/// The activations that checkpoints name in their config.json.
enum class Activation
{
    GeluTanh, ///< "gelu_new": 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3)))
    GeluErf,  ///< "gelu": 0.5 x (1 + erf(x / sqrt 2))
    Relu,     ///< "relu": max(x, 0) (T5 v1.0)
    Silu      ///< "silu", "swish": x / (1 + exp(-x)) (Llama's gate, Marian)
};

/// A dense layer's values: float32 \a weight, or, for a bfloat16 file's
/// nn.Linear [out, in], the mapped bfloat16 values \a bf16 (weight null),
/// widened by the product as it reads them.
struct LinearWeights
{
    const float *weight = nullptr;
    const std::uint16_t *bf16 = nullptr;
    const float *bias = nullptr;
    int in = 0;
    int out = 0;
    bool inputMajor = false;
};

/// A norm's float32 values; no bias for an RMSNorm.
struct NormWeights
{
    const float *weight = nullptr;
    const float *bias = nullptr;
};

/// One token of the vocabulary and the probability the model gives it.
struct TokenProbability
{
    int id = 0;
    double p = 0.0;
};

} // namespace AttentionLab
