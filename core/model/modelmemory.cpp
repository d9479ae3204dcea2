// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/model/modelmemory.h"

#include "core/model/familydescription.h"
#include "core/model/logitlens.h"

#include <algorithm>

namespace AttentionLab {

double modelPassBytes(const ModelConfig &config, long long tokens)
{
    const double n = double(tokens);
    const double d = double(config.modelDim);
    const double heads = double(config.layers) * double(config.heads);
    const double kept = heads * (n * n + 3.0 * n * double(config.headDim()));
    // x and its normalised copy, q, k and v (fused or not), the context and
    // an output projection: at most nine of the wider of d and the query
    // heads' width by n; beside them the feed-forward's n x intermediate_size
    // (two with a gate) and its d x n output.
    const double width = std::max(d, double(config.heads) * double(config.headDim()));
    const double gates = config.gated ? 2.0 : 1.0;
    const double activations = n * (9.0 * width + gates * double(config.feedForward));
    return 4.0 * (kept + activations);
}

double generationBytes(const ModelConfig &config, long long promptTokens, long long totalTokens)
{
    const double total = double(totalTokens);
    const double prompt = double(promptTokens);
    const double cache = 2.0 * double(config.layers) * double(config.keyValueHeads()) * total *
                         double(config.headDim());
    // Rows of prompt + 1 ... total keys.
    const double rowKeys = (total * (total + 1.0) - prompt * (prompt + 1.0)) / 2.0;
    const double rows = double(config.layers) * double(config.heads) * rowKeys;
    const double steps = (total - prompt) * 6.0 * 16.0;
    const double logits = 2.0 * double(config.vocabulary);
    return modelPassBytes(config, promptTokens) + 4.0 * (cache + rows + logits) + steps;
}

double logitLensBytes(const ModelConfig &config, long long tokens)
{
    const double cells = double(config.layers) * double(tokens);
    const double block = double(lensBlockColumns(config));
    const double logits = 4.0 * std::min(block, double(tokens)) * double(config.vocabulary);
    return modelPassBytes(config, tokens) + 4.0 * cells * double(config.modelDim) +
           cells * 5.0 * 16.0 + logits + 4.0 * double(config.vocabulary);
}

double encoderDecoderPassBytes(const ModelConfig &config, long long source, long long target)
{
    const ModelConfig decoder = config.decoderConfig();
    const double s = double(source);
    const double t = double(target);
    const double encoderHeads = double(config.layers) * double(config.heads);
    const double decoderHeads = double(decoder.layers) * double(decoder.heads);
    const double attention = encoderHeads * s * s + decoderHeads * (t * t + t * s);
    // The relative bias of each stack's self-attention, the heads' scores.
    const double bias = double(config.heads) * s * s + double(decoder.heads) * t * t;
    const double width = std::max(double(config.modelDim),
                                  double(std::max(config.heads, decoder.heads)) * config.headDim());
    const double inner =
        double(std::max(config.feedForward, decoder.feedForward)) * (config.gated ? 2.0 : 1.0);
    const double longest = std::max(s, t);
    const double activations = longest * (9.0 * width + inner) + s * 3.0 * width;
    // The kept q, k and v rows of every head of the three attentions.
    const double kept = double(config.layers) * double(config.heads) * config.headDim() * 3.0 * s +
                        double(decoder.layers) * double(decoder.heads) * decoder.headDim() *
                            (3.0 * t + t + 2.0 * s);
    return 4.0 * (attention + bias + activations + kept);
}

} // namespace AttentionLab
