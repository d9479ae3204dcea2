// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/sets/crossrollout.h"

#include "core/sets/attentionaggregates.h"

#include <algorithm>
#include <stdexcept>

namespace AttentionLab {

namespace {

/// The mean of layer \a layer's heads.
FloatMatrix headAverage(const AttentionTensor &tensor, int layer)
{
    FloatMatrix a = FloatMatrix::Zero(tensor.queries(), tensor.keys());
    for (int h = 0; h < tensor.heads(); ++h)
        a += tensor.head(layer, h);
    a /= static_cast<float>(std::max(1, tensor.heads()));
    return a;
}

} // namespace

std::string crossRolloutRefusal(const AttentionTensor &encoder, const AttentionTensor &decoder,
                                const AttentionTensor &cross)
{
    if (!hasRollout(encoder) || !hasRollout(decoder))
        return "the cross-attention's rollout needs the encoder's and the decoder's "
               "self-attention of the same run";
    if (cross.layers() != decoder.layers() || cross.queries() != decoder.queries() ||
        cross.keys() != encoder.keys())
        return "the cross-attention's rollout needs the encoder's and the decoder's "
               "self-attention of the same run (their shapes do not match the cross-attention's)";
    if (std::string why = rolloutRefusal(encoder); !why.empty())
        return why;
    return rolloutRefusal(decoder);
}

FloatMatrix crossRollout(const AttentionTensor &encoder, const AttentionTensor &decoder,
                         const AttentionTensor &cross)
{
    if (const std::string why = crossRolloutRefusal(encoder, decoder, cross); !why.empty())
        throw std::invalid_argument(why);
    const FloatMatrix throughEncoder = rollout(encoder);
    const Eigen::Index targets = decoder.queries();
    FloatMatrix fromDecoder = FloatMatrix::Identity(targets, targets);
    FloatMatrix fromSource = FloatMatrix::Zero(targets, encoder.keys());
    for (int l = 0; l < decoder.layers(); ++l) {
        FloatMatrix step = 0.5f * headAverage(decoder, l);
        step.diagonal().array() += 0.5f;
        fromDecoder = (step * fromDecoder).eval();
        fromSource = (step * fromSource).eval();
        fromSource = 0.5f * fromSource + 0.5f * headAverage(cross, l) * throughEncoder;
        fromDecoder *= 0.5f;
    }
    for (Eigen::Index t = 0; t < fromSource.rows(); ++t)
        if (const float sum = fromSource.row(t).sum(); sum > 0.0f)
            fromSource.row(t) /= sum;
    return fromSource;
}

} // namespace AttentionLab
