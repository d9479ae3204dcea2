// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/maths/parametercount.h"

#include <stdexcept>
#include <string>

namespace AttentionLab {

namespace {

std::int64_t checked(std::int64_t a, std::int64_t b, bool multiply)
{
    std::int64_t out = 0;
    const bool overflow =
        multiply ? __builtin_mul_overflow(a, b, &out) : __builtin_add_overflow(a, b, &out);
    if (overflow)
        throw std::invalid_argument("that configuration has more parameters than 64 bits count");
    return out;
}

std::int64_t mul(std::int64_t a, std::int64_t b)
{
    return checked(a, b, true);
}
std::int64_t add(std::int64_t a, std::int64_t b)
{
    return checked(a, b, false);
}

void requirePositive(std::int64_t value, const char *name)
{
    if (value < 1)
        throw std::invalid_argument(std::string(name) + " must be a positive whole number, not " +
                                    std::to_string(value));
}

} // namespace

ParameterCount countParameters(const TransformerConfig &c)
{
    requirePositive(c.vocabulary, "the vocabulary size");
    requirePositive(c.modelDim, "the model dimension D");
    requirePositive(c.layers, "the number of layers L");
    requirePositive(c.heads, "the number of heads h");
    requirePositive(c.feedForward, "the feed-forward size H");
    if (c.modelDim % c.heads != 0)
        throw std::invalid_argument("D = " + std::to_string(c.modelDim) +
                                    " cannot be split into h = " + std::to_string(c.heads) +
                                    " equal heads: h must divide D");

    ParameterCount p;
    p.config = c;
    const std::int64_t d = c.modelDim;
    p.embeddings = mul(c.vocabulary, d);
    p.attentionWeights = mul(4, mul(d, d));
    p.attentionBiases = mul(4, d);
    p.attention = add(p.attentionWeights, p.attentionBiases);
    p.feedForwardWeights = mul(2, mul(d, c.feedForward));
    p.feedForwardBiases = add(c.feedForward, d);
    p.feedForward = add(p.feedForwardWeights, p.feedForwardBiases);
    p.layerNorms = mul(4, d);
    p.perLayer = add(add(p.attention, p.feedForward), p.layerNorms);
    p.allLayers = mul(c.layers, p.perLayer);
    p.total = add(p.allLayers, p.embeddings);
    return p;
}

} // namespace AttentionLab
