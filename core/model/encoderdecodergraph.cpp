// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/model/encoderdecodergraph.h"

#include "core/kernels/kernelset.h"
#include "core/model/cachedstep.h"
#include "core/model/familydescription.h"
#include "core/model/finitechecks.h"
#include "core/model/graphpieces.h"
#include "core/model/modelgraph.h"
#include "core/model/relativepositionbias.h"
#include "core/support/hugepagebuffer.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <utility>

namespace AttentionLab {

using namespace GraphPieces;

namespace {

/// One attention's weights for every layer and head, filled layer by layer.
struct SetBuffer
{
    AttentionShape shape;
    std::shared_ptr<HugePageBuffer> values;

    SetBuffer(int layers, int heads, int queries, int keys)
        : values(std::make_shared<HugePageBuffer>(size_t(layers) * size_t(heads) * size_t(queries) *
                                                  size_t(keys)))
    {
        shape.layers = layers;
        shape.heads = heads;
        shape.queries = queries;
        shape.keys = keys;
    }
    size_t matrixSize() const { return size_t(shape.queries) * size_t(shape.keys); }
    float *layer(int l) { return values->data() + size_t(l) * shape.heads * matrixSize(); }
    AttentionTensor tensor(const KeyVisibility &visibility) const
    {
        std::vector<const float *> heads(size_t(shape.layers) * size_t(shape.heads));
        for (size_t i = 0; i < heads.size(); ++i)
            heads[i] = values->data() + i * matrixSize();
        AttentionTensor result(shape, std::move(heads), values);
        result.setVisibility(visibility);
        return result;
    }
};

/// x = norm(x + out) after the residual, or x += out before it (the
/// sublayer then read a normed copy).
void addSublayer(const KernelSet &ops, const FamilyDescription &family, const ModelConfig &config,
                 Activations &x, const Activations &out, const NormWeights &weights)
{
    x += out;
    if (family.normPlacement == NormPlacement::AfterResidual)
        norm(ops, family.norm, x, weights, config.epsilon);
}

/// What a block's sublayer reads: \a x normed by \a weights (pre-norm), or \a x itself.
Activations sublayerInput(const KernelSet &ops, const FamilyDescription &family,
                          const ModelConfig &config, const Activations &x,
                          const NormWeights &weights)
{
    Activations input = x;
    if (family.normPlacement == NormPlacement::BeforeSublayer)
        norm(ops, family.norm, input, weights, config.epsilon);
    return input;
}

/// One head's rows of a separate projection's output, d_h apart.
HeadRows headRows(Activations &projected, int headDim)
{
    return {projected.data(), projected.rows(), headDim};
}

/// Where one attention's q, k and v rows are kept, layer after layer.
struct KeptRows
{
    float *queries = nullptr;
    float *keys = nullptr;
    float *values = nullptr;
};

/// Room in \a vectors for \a layers x \a heads heads of \a queries and
/// \a keys rows of \a headDim; its pointers at layer 0.
KeptRows makeRoom(KeptVectors &vectors, int layers, int heads, int queries, int keys, int headDim)
{
    const size_t perHead = size_t(layers) * size_t(heads) * size_t(headDim);
    vectors.queries.resize(perHead * size_t(queries));
    vectors.keys.resize(perHead * size_t(keys));
    vectors.values.resize(perHead * size_t(keys));
    return {vectors.queries.data(), vectors.keys.data(), vectors.values.data()};
}

/// The attention of \a q over \a k and \a v into \a weights, then the
/// output projection of the context; q, k and v kept at \a kept's layer \a layer.
Activations attend(const KernelSet &ops, const ModelConfig &config, Activations &q, Activations &k,
                   Activations &v, const AttentionScoring &scoring, const LinearWeights &output,
                   float *weights, int layer, const KeptRows &kept)
{
    const int heads = config.heads;
    const int headDim = config.headDim();
    const int queries = int(q.cols());
    const int keys = int(k.cols());
    const size_t layerHeads = size_t(layer) * size_t(heads) * size_t(headDim);
    keepHeadRows(headRows(q, headDim), heads, heads, queries, headDim,
                 kept.queries + layerHeads * size_t(queries));
    keepHeadRows(headRows(k, headDim), heads, heads, keys, headDim,
                 kept.keys + layerHeads * size_t(keys));
    keepHeadRows(headRows(v, headDim), heads, heads, keys, headDim,
                 kept.values + layerHeads * size_t(keys));
    Activations context(heads * headDim, queries);
    ops.attention(headRows(q, headDim), headRows(k, headDim), headRows(v, headDim), heads, heads,
                  queries, keys, headDim, scoring, weights, context.data(), context.rows());
    requireFiniteAttention(weights, size_t(heads) * size_t(queries) * size_t(keys), context.data(),
                           size_t(context.size()), layer);
    return linear(ops, output, context);
}

/// The scale and the relative bias of one stack's self-attention.
AttentionScoring selfScoring(const FamilyDescription &family, const ModelConfig &config,
                             const EmbeddingWeights &embeddings, bool causal, int n,
                             std::vector<float> &bias)
{
    AttentionScoring scoring;
    scoring.scale = family.scaledScores ? 1.0f / std::sqrt(float(config.headDim())) : 1.0f;
    scoring.visibility.causal = causal;
    if (embeddings.relativeBias) {
        bias = relativePositionBias(embeddings.relativeBias, config.relativeBuckets, config.heads,
                                    config.relativeMaxDistance, !causal, n, n, 0);
        scoring.bias = bias.data();
    }
    return scoring;
}

/**
 * The blocks of one stack over \a ids: the encoder's (\a memory null) or the
 * decoder's, whose blocks also attend to \a memory. Returns the states after
 * the stack's final norm; writes its self-attention into \a self and the
 * decoder's cross-attention into \a cross, their q, k and v into \a keptSelf
 * and \a keptCross.
 */
Activations runStack(const KernelSet &ops, const ModelWeights &weights, const std::vector<int> &ids,
                     const Activations *memory, SetBuffer &self, SetBuffer *cross,
                     EmbeddingWeights &embeddings, const KeptRows &keptSelf,
                     const KeptRows &keptCross)
{
    const ModelConfig &config = weights.config();
    const FamilyDescription &family = familyDescription(config.family);
    const int n = int(ids.size());
    const bool decoder = memory != nullptr;
    embeddings = weights.embeddings();
    Activations x = embed(ops, config, embeddings, ids, {}, 0);
    requireFinite(x.data(), size_t(x.size()), -1, "embeddings");

    std::vector<float> bias;
    const AttentionScoring scoring = selfScoring(family, config, embeddings, decoder, n, bias);
    AttentionScoring crossScoring;
    crossScoring.scale = scoring.scale;

    for (int l = 0; l < config.layers; ++l) {
        const LayerWeights layer = weights.layer(l);
        {
            const Activations input = sublayerInput(ops, family, config, x, layer.attentionNorm);
            Activations q = linear(ops, layer.queryKeyValue[0], input);
            Activations k = linear(ops, layer.queryKeyValue[1], input);
            Activations v = linear(ops, layer.queryKeyValue[2], input);
            const Activations out = attend(ops, config, q, k, v, scoring, layer.attentionOutput,
                                           self.layer(l), l, keptSelf);
            addSublayer(ops, family, config, x, out, layer.attentionNorm);
        }
        if (decoder) {
            const Activations input = sublayerInput(ops, family, config, x, layer.crossNorm);
            Activations q = linear(ops, layer.crossQueryKeyValue[0], input);
            Activations k = linear(ops, layer.crossQueryKeyValue[1], *memory);
            Activations v = linear(ops, layer.crossQueryKeyValue[2], *memory);
            const Activations out = attend(ops, config, q, k, v, crossScoring, layer.crossOutput,
                                           cross->layer(l), l, keptCross);
            addSublayer(ops, family, config, x, out, layer.crossNorm);
        }
        const Activations input = sublayerInput(ops, family, config, x, layer.feedForwardNorm);
        addSublayer(ops, family, config, x, feedForward(ops, config, layer, input),
                    layer.feedForwardNorm);
        requireFinite(x.data(), size_t(x.size()), l, "outputs");
    }
    return x;
}

/// The stack's final norm, where it has one (T5's final_layer_norm, mBART's layer_norm).
void finalNorm(const KernelSet &ops, const ModelWeights &weights, Activations &x,
               const NormWeights &norm)
{
    if (!norm.weight)
        return;
    const ModelConfig &config = weights.config();
    GraphPieces::norm(ops, familyDescription(config.family).norm, x, norm, config.epsilon);
}

} // namespace

ModelRun runEncoderDecoderGraph(const KernelSet &ops, const ModelWeights &weights,
                                const EncoderDecoderInput &input)
{
    const ModelWeights &decoderWeights = *weights.decoder();
    const ModelConfig &encoderConfig = weights.config();
    const ModelConfig &decoderConfig = decoderWeights.config();
    const FamilyDescription &family = familyDescription(encoderConfig.family);
    const int sourceCount = int(input.source.size());
    const int targetCount = int(input.decoder.size());

    SetBuffer encoderSet(encoderConfig.layers, encoderConfig.heads, sourceCount, sourceCount);
    SetBuffer decoderSet(decoderConfig.layers, decoderConfig.heads, targetCount, targetCount);
    SetBuffer crossSet(decoderConfig.layers, decoderConfig.heads, targetCount, sourceCount);

    ModelRun run;
    const int headDim = decoderConfig.headDim();
    const KeptRows encoderRows =
        makeRoom(run.encoderVectors, encoderConfig.layers, encoderConfig.heads, sourceCount,
                 sourceCount, encoderConfig.headDim());
    KeptVectors decoderVectors;
    const KeptRows decoderRows = makeRoom(decoderVectors, decoderConfig.layers, decoderConfig.heads,
                                          targetCount, targetCount, headDim);
    const KeptRows crossRows = makeRoom(run.crossVectors, decoderConfig.layers, decoderConfig.heads,
                                        targetCount, sourceCount, headDim);

    EmbeddingWeights encoderEmbeddings;
    Activations encoded = runStack(ops, weights, input.source, nullptr, encoderSet, nullptr,
                                   encoderEmbeddings, encoderRows, {});
    finalNorm(ops, weights, encoded, weights.output().finalNorm);
    requireFinite(encoded.data(), size_t(encoded.size()), -1, "encoder's outputs");

    EmbeddingWeights decoderEmbeddings;
    Activations x = runStack(ops, decoderWeights, input.decoder, &encoded, decoderSet, &crossSet,
                             decoderEmbeddings, decoderRows, crossRows);
    run.queries = std::move(decoderVectors.queries);
    run.keys = std::move(decoderVectors.keys);
    run.values = std::move(decoderVectors.values);
    const OutputWeights output = decoderWeights.output();
    Activations last = x.rightCols(1);
    finalNorm(ops, decoderWeights, last, output.finalNorm);
    if (family.scaledTiedOutput && decoderConfig.tiedOutput)
        last *= 1.0f / std::sqrt(float(decoderConfig.modelDim));
    requireFinite(last.data(), size_t(last.size()), -1, "final norm's outputs");

    run.family = encoderConfig.family;
    run.headDim = headDim;
    run.kvHeads = decoderConfig.heads;
    const LinearWeights unembed = unembeddingLayer(decoderConfig, output, decoderEmbeddings);
    run.topNext =
        unembed.weight
            ? ops.topTokens(unembed.weight, decoderConfig.modelDim, decoderConfig.vocabulary,
                            last.data(), output.logitsBias, input.topCount)
            : ops.topTokensBFloat16(unembed.bf16, decoderConfig.modelDim, decoderConfig.vocabulary,
                                    last.data(), output.logitsBias, input.topCount);
    requireFiniteTokens(run.topNext);
    run.finalState.assign(last.data(), last.data() + last.size());

    KeyVisibility causal;
    causal.causal = true;
    run.encoderAttention = encoderSet.tensor({});
    run.attention = decoderSet.tensor(causal);
    run.crossAttention = crossSet.tensor({});
    return run;
}

EncoderDecoderCache encoderDecoderCache(const ModelWeights &weights, ModelRun &run, int capacity)
{
    const ModelConfig &decoder = weights.decoder()->config();
    EncoderDecoderCache cache;
    cache.self = emptyCache(decoder, capacity);
    fillCache(cache.self, run);
    KeyValueCache &cross = cache.cross;
    cross.layers = decoder.layers;
    cross.kvHeads = decoder.heads;
    cross.headDim = decoder.headDim();
    cross.capacity = cross.length = run.crossAttention.keys();
    cross.keys = std::move(run.crossVectors.keys);
    cross.values = std::move(run.crossVectors.values);
    run.crossVectors = {};
    run.queries = {};
    run.keys = {};
    run.values = {};
    return cache;
}

namespace {

/// A cache's heads of layer \a layer as the kernel reads them.
std::pair<HeadRows, HeadRows> cachedRows(KeyValueCache &cache, int layer)
{
    const std::ptrdiff_t stride = std::ptrdiff_t(cache.capacity) * cache.headDim;
    return {{cache.keys.data() + cache.headOffset(layer, 0), cache.headDim, stride},
            {cache.values.data() + cache.headOffset(layer, 0), cache.headDim, stride}};
}

} // namespace

void stepEncoderDecoderGraph(const KernelSet &ops, const ModelWeights &weights,
                             EncoderDecoderCache &cache, int id, float *selfRow, float *crossRow,
                             float *logits)
{
    const ModelWeights &decoderWeights = *weights.decoder();
    const ModelConfig &config = decoderWeights.config();
    const FamilyDescription &family = familyDescription(config.family);
    const int heads = config.heads;
    const int headDim = config.headDim();
    const int position = cache.self.length;
    const int m = position + 1;
    const int sources = cache.cross.length;

    const EmbeddingWeights embeddings = decoderWeights.embeddings();
    Activations x = embed(ops, config, embeddings, {id}, {}, position);
    AttentionScoring scoring;
    scoring.scale = family.scaledScores ? 1.0f / std::sqrt(float(headDim)) : 1.0f;
    scoring.visibility.causal = true;
    scoring.visibility.keyOffset = m - 1;
    std::vector<float> bias;
    if (embeddings.relativeBias) {
        bias = relativePositionBias(embeddings.relativeBias, config.relativeBuckets, heads,
                                    config.relativeMaxDistance, false, 1, m, position);
        scoring.bias = bias.data();
    }
    AttentionScoring crossScoring;
    crossScoring.scale = scoring.scale;

    for (int l = 0; l < config.layers; ++l) {
        const LayerWeights layer = decoderWeights.layer(l);
        {
            const Activations input = sublayerInput(ops, family, config, x, layer.attentionNorm);
            Activations q = linear(ops, layer.queryKeyValue[0], input);
            const Activations k = linear(ops, layer.queryKeyValue[1], input);
            const Activations v = linear(ops, layer.queryKeyValue[2], input);
            for (int h = 0; h < heads; ++h) {
                const size_t at = cache.self.headOffset(l, h) + size_t(position) * size_t(headDim);
                std::copy_n(k.data() + std::ptrdiff_t(h) * headDim, headDim,
                            cache.self.keys.data() + at);
                std::copy_n(v.data() + std::ptrdiff_t(h) * headDim, headDim,
                            cache.self.values.data() + at);
            }
            const auto [keys, values] = cachedRows(cache.self, l);
            Activations context(heads * headDim, 1);
            float *rows = selfRow + size_t(l) * size_t(heads) * size_t(m);
            ops.attention(headRows(q, headDim), keys, values, heads, heads, 1, m, headDim, scoring,
                          rows, context.data(), context.rows());
            requireFiniteAttention(rows, size_t(heads) * size_t(m), context.data(),
                                   size_t(context.size()), l);
            addSublayer(ops, family, config, x, linear(ops, layer.attentionOutput, context),
                        layer.attentionNorm);
        }
        {
            const Activations input = sublayerInput(ops, family, config, x, layer.crossNorm);
            Activations q = linear(ops, layer.crossQueryKeyValue[0], input);
            const auto [keys, values] = cachedRows(cache.cross, l);
            Activations context(heads * headDim, 1);
            float *rows = crossRow + size_t(l) * size_t(heads) * size_t(sources);
            ops.attention(headRows(q, headDim), keys, values, heads, heads, 1, sources, headDim,
                          crossScoring, rows, context.data(), context.rows());
            requireFiniteAttention(rows, size_t(heads) * size_t(sources), context.data(),
                                   size_t(context.size()), l);
            addSublayer(ops, family, config, x, linear(ops, layer.crossOutput, context),
                        layer.crossNorm);
        }
        const Activations input = sublayerInput(ops, family, config, x, layer.feedForwardNorm);
        addSublayer(ops, family, config, x, feedForward(ops, config, layer, input),
                    layer.feedForwardNorm);
        requireFinite(x.data(), size_t(x.size()), l, "outputs");
    }
    cache.self.length = m;

    const OutputWeights output = decoderWeights.output();
    finalNorm(ops, decoderWeights, x, output.finalNorm);
    if (family.scaledTiedOutput && config.tiedOutput)
        x *= 1.0f / std::sqrt(float(config.modelDim));
    linearColumn(ops, unembeddingLayer(config, output, embeddings), x.data(), logits);
    if (output.logitsBias)
        for (int i = 0; i < config.vocabulary; ++i)
            logits[i] += output.logitsBias[i];
    requireFinite(logits, size_t(config.vocabulary), -1, "logits");
}

std::vector<float> encoderDecoderLogits(const KernelSet &ops, const ModelWeights &weights,
                                        const float *state)
{
    const ModelWeights &decoderWeights = *weights.decoder();
    const ModelConfig &config = decoderWeights.config();
    const OutputWeights output = decoderWeights.output();
    const EmbeddingWeights embeddings = decoderWeights.embeddings();
    std::vector<float> logits(size_t(config.vocabulary));
    linearColumn(ops, unembeddingLayer(config, output, embeddings), state, logits.data());
    if (output.logitsBias)
        for (int i = 0; i < config.vocabulary; ++i)
            logits[size_t(i)] += output.logitsBias[i];
    requireFinite(logits.data(), logits.size(), -1, "logits");
    return logits;
}

} // namespace AttentionLab
