// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/model/modelweights.h"

#include "core/model/familydescription.h"

#include <stdexcept>

namespace AttentionLab {

namespace {

const float *load(const WeightTensor &tensor, LoadedWeights &into)
{
    if (!tensor.isPresent())
        return nullptr;
    FloatValues view = tensor.load();
    into.owners.push_back(std::move(view.owner));
    return view.data;
}

LinearWeights loadLinear(const LinearTensors &tensors, LoadedWeights &into)
{
    LinearWeights linear;
    if (!tensors.weight.isPresent())
        return linear;
    const std::vector<long long> &shape = tensors.weight.shape();
    linear.inputMajor = tensors.inputMajor;
    linear.in = int(tensors.inputMajor ? shape.at(0) : shape.at(1));
    linear.out = int(tensors.inputMajor ? shape.at(1) : shape.at(0));
    if (tensors.weight.hasBFloat16() && !tensors.inputMajor) {
        WeightTensor::BFloat16Values values = tensors.weight.loadBFloat16();
        into.owners.push_back(std::move(values.owner));
        linear.bf16 = values.data;
    } else {
        linear.weight = load(tensors.weight, into);
    }
    linear.bias = load(tensors.bias, into);
    return linear;
}

/// \a tensor's values in place when they are bfloat16 (into \a bf16), or as float32.
const float *loadEither(const WeightTensor &tensor, const std::uint16_t *&bf16, LoadedWeights &into)
{
    if (!tensor.hasBFloat16())
        return load(tensor, into);
    WeightTensor::BFloat16Values values = tensor.loadBFloat16();
    into.owners.push_back(std::move(values.owner));
    bf16 = values.data;
    return nullptr;
}

NormWeights loadNorm(const NormTensors &tensors, LoadedWeights &into)
{
    return NormWeights{load(tensors.weight, into), load(tensors.bias, into)};
}

} // namespace

ModelWeights::ModelWeights(ModelConfig config, ModelTensors tensors)
    : m_config(config), m_tensors(std::move(tensors))
{
    if (int(m_tensors.layers.size()) != m_config.layers)
        throw std::invalid_argument("the checkpoint's layers do not match its configuration");
    if (m_config.encoderDecoder() != bool(m_tensors.decoder))
        throw std::invalid_argument("the checkpoint's decoder does not match its configuration");
    if (m_tensors.decoder)
        m_decoder = std::make_unique<ModelWeights>(m_config.decoderConfig(), *m_tensors.decoder);
}

bool ModelWeights::hasMaskedLmHead() const
{
    return familyDescription(m_config.family).readout == Readout::MaskedLm &&
           m_tensors.maskedLmTransform.weight.isPresent();
}

EmbeddingWeights ModelWeights::embeddings() const
{
    EmbeddingWeights weights;
    weights.word = loadEither(m_tensors.wordEmbeddings, weights.wordBf16, weights);
    weights.position = load(m_tensors.positionEmbeddings, weights);
    weights.tokenType = load(m_tensors.tokenTypeEmbeddings, weights);
    weights.norm = loadNorm(m_tensors.embeddingNorm, weights);
    weights.relativeBias = load(m_tensors.relativeBias, weights);
    return weights;
}

LayerWeights ModelWeights::layer(int index) const
{
    const LayerTensors &tensors = m_tensors.layers.at(size_t(index));
    LayerWeights weights;
    for (const LinearTensors &linear : tensors.queryKeyValue)
        weights.queryKeyValue.push_back(loadLinear(linear, weights));
    weights.attentionOutput = loadLinear(tensors.attentionOutput, weights);
    weights.attentionNorm = loadNorm(tensors.attentionNorm, weights);
    weights.queryNorm = loadNorm(tensors.queryNorm, weights);
    weights.keyNorm = loadNorm(tensors.keyNorm, weights);
    weights.feedForwardGate = loadLinear(tensors.feedForwardGate, weights);
    weights.feedForwardIn = loadLinear(tensors.feedForwardIn, weights);
    weights.feedForwardOut = loadLinear(tensors.feedForwardOut, weights);
    weights.feedForwardNorm = loadNorm(tensors.feedForwardNorm, weights);
    weights.attentionOutputNorm = loadNorm(tensors.attentionOutputNorm, weights);
    weights.feedForwardOutputNorm = loadNorm(tensors.feedForwardOutputNorm, weights);
    for (const LinearTensors &linear : tensors.crossQueryKeyValue)
        weights.crossQueryKeyValue.push_back(loadLinear(linear, weights));
    weights.crossOutput = loadLinear(tensors.crossOutput, weights);
    weights.crossNorm = loadNorm(tensors.crossNorm, weights);
    return weights;
}

OutputWeights ModelWeights::output() const
{
    OutputWeights weights;
    weights.finalNorm = loadNorm(m_tensors.finalNorm, weights);
    weights.matrix = loadEither(m_tensors.outputMatrix, weights.matrixBf16, weights);
    weights.logitsBias = load(m_tensors.finalLogitsBias, weights);
    if (hasMaskedLmHead()) {
        weights.maskedLmTransform = loadLinear(m_tensors.maskedLmTransform, weights);
        weights.maskedLmNorm = loadNorm(m_tensors.maskedLmNorm, weights);
        weights.maskedLmBias = load(m_tensors.maskedLmBias, weights);
    }
    return weights;
}

std::optional<RelativeBiasTables> ModelWeights::relativeBiasTables() const
{
    if (!decoder() || !tensors().relativeBias.isPresent())
        return std::nullopt;
    const EmbeddingWeights encoder = embeddings();
    const EmbeddingWeights stack = decoder()->embeddings();
    if (!encoder.relativeBias || !stack.relativeBias)
        return std::nullopt;
    RelativeBiasTables tables;
    tables.buckets = config().relativeBuckets;
    tables.maxDistance = config().relativeMaxDistance;
    tables.encoderHeads = config().heads;
    tables.decoderHeads = decoder()->config().heads;
    tables.encoder.assign(encoder.relativeBias,
                          encoder.relativeBias + size_t(tables.buckets) * tables.encoderHeads);
    tables.decoder.assign(stack.relativeBias,
                          stack.relativeBias + size_t(tables.buckets) * tables.decoderHeads);
    return tables;
}

} // namespace AttentionLab
