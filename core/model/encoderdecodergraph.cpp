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

/// The context of \a q's attention over \a k and \a v, its weights into
/// \a weights; q, k and v kept at \a kept's layer \a layer.
Activations attend(const KernelSet &ops, const ModelConfig &config, Activations &q, Activations &k,
                   Activations &v, const AttentionScoring &scoring, float *weights, int layer,
                   const KeptRows &kept)
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
    return context;
}

/// The context of one query row over a cache's keys and values of layer
/// \a layer (\a keys of them), its weights into \a weights.
Activations attendCached(const KernelSet &ops, const ModelConfig &config, Activations &q,
                         KeyValueCache &cache, int keys, const AttentionScoring &scoring,
                         float *weights, int layer)
{
    const int heads = config.heads;
    const int headDim = config.headDim();
    const std::ptrdiff_t stride = std::ptrdiff_t(cache.capacity) * cache.headDim;
    const HeadRows cachedKeys{cache.keys.data() + cache.headOffset(layer, 0), cache.headDim,
                              stride};
    const HeadRows cachedValues{cache.values.data() + cache.headOffset(layer, 0), cache.headDim,
                                stride};
    Activations context(heads * headDim, 1);
    ops.attention(headRows(q, headDim), cachedKeys, cachedValues, heads, heads, 1, keys, headDim,
                  scoring, weights, context.data(), context.rows());
    requireFiniteAttention(weights, size_t(heads) * size_t(keys), context.data(),
                           size_t(context.size()), layer);
    return context;
}

/// One attention sublayer: \a context of the sublayer's input (normed
/// before, or not), its output projection, the residual sum (normed after,
/// or not).
template <typename Context>
void attentionSublayer(const KernelSet &ops, const FamilyDescription &family,
                       const ModelConfig &config, Activations &x, const NormWeights &norm,
                       const LinearWeights &output, Context context)
{
    const Activations input = sublayerInput(ops, family, config, x, norm);
    addSublayer(ops, family, config, x, linear(ops, output, context(input)), norm);
}

/// The feed-forward sublayer, and the check that the block's outputs are finite.
void feedForwardSublayer(const KernelSet &ops, const FamilyDescription &family,
                         const ModelConfig &config, Activations &x, const LayerWeights &layer,
                         int l)
{
    const Activations input = sublayerInput(ops, family, config, x, layer.feedForwardNorm);
    addSublayer(ops, family, config, x, feedForward(ops, config, layer, input),
                layer.feedForwardNorm);
    requireFinite(x.data(), size_t(x.size()), l, "outputs");
}

/// The scale of a stack's scores: 1/sqrt(d_k), or 1 (T5).
float scoreScale(const FamilyDescription &family, const ModelConfig &config)
{
    return family.scaledScores ? 1.0f / std::sqrt(float(config.headDim())) : 1.0f;
}

/// The scale and the relative bias of one stack's self-attention: \a queries
/// rows from position \a first over \a keys keys (the decoder's are causal).
AttentionScoring selfScoring(const FamilyDescription &family, const ModelConfig &config,
                             const EmbeddingWeights &embeddings, bool causal, int queries, int keys,
                             int first, std::vector<float> &bias)
{
    AttentionScoring scoring;
    scoring.scale = scoreScale(family, config);
    scoring.visibility.causal = causal;
    scoring.visibility.keyOffset = first;
    if (embeddings.relativeBias) {
        bias = relativePositionBias(embeddings.relativeBias, config.relativeBuckets, config.heads,
                                    config.relativeMaxDistance, !causal, queries, keys, first);
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
    const AttentionScoring scoring =
        selfScoring(family, config, embeddings, decoder, n, n, 0, bias);
    AttentionScoring crossScoring;
    crossScoring.scale = scoring.scale;

    for (int l = 0; l < config.layers; ++l) {
        const LayerWeights layer = weights.layer(l);
        attentionSublayer(ops, family, config, x, layer.attentionNorm, layer.attentionOutput,
                          [&](const Activations &input) {
                              Activations q = linear(ops, layer.queryKeyValue[0], input);
                              Activations k = linear(ops, layer.queryKeyValue[1], input);
                              Activations v = linear(ops, layer.queryKeyValue[2], input);
                              return attend(ops, config, q, k, v, scoring, self.layer(l), l,
                                            keptSelf);
                          });
        if (decoder)
            attentionSublayer(ops, family, config, x, layer.crossNorm, layer.crossOutput,
                              [&](const Activations &input) {
                                  Activations q = linear(ops, layer.crossQueryKeyValue[0], input);
                                  Activations k = linear(ops, layer.crossQueryKeyValue[1], *memory);
                                  Activations v = linear(ops, layer.crossQueryKeyValue[2], *memory);
                                  return attend(ops, config, q, k, v, crossScoring, cross->layer(l),
                                                l, keptCross);
                              });
        feedForwardSublayer(ops, family, config, x, layer, l);
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

/// The decoder's last states as the unembedding reads them: its final norm,
/// and T5's d_model^-0.5 where the output is tied to the embeddings.
void decoderOutputState(const KernelSet &ops, const ModelWeights &decoderWeights, Activations &x)
{
    const ModelConfig &config = decoderWeights.config();
    finalNorm(ops, decoderWeights, x, decoderWeights.output().finalNorm);
    if (familyDescription(config.family).scaledTiedOutput && config.tiedOutput)
        x *= 1.0f / std::sqrt(float(config.modelDim));
}

/// The logits of one decoder state, with final_logits_bias where there is one.
void decoderLogits(const KernelSet &ops, const ModelWeights &decoderWeights, const float *state,
                   float *logits)
{
    const ModelConfig &config = decoderWeights.config();
    const OutputWeights output = decoderWeights.output();
    linearColumn(ops, unembeddingLayer(config, output, decoderWeights.embeddings()), state, logits);
    if (output.logitsBias)
        for (int i = 0; i < config.vocabulary; ++i)
            logits[i] += output.logitsBias[i];
    requireFinite(logits, size_t(config.vocabulary), -1, "logits");
}

} // namespace

ModelRun runEncoderDecoderGraph(const KernelSet &ops, const ModelWeights &weights,
                                const EncoderDecoderInput &input)
{
    const ModelWeights &decoderWeights = *weights.decoder();
    const ModelConfig &encoderConfig = weights.config();
    const ModelConfig &decoderConfig = decoderWeights.config();
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
    decoderOutputState(ops, decoderWeights, last);
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
    std::vector<float> bias;
    const AttentionScoring scoring =
        selfScoring(family, config, embeddings, true, 1, m, position, bias);
    AttentionScoring crossScoring;
    crossScoring.scale = scoring.scale;

    for (int l = 0; l < config.layers; ++l) {
        const LayerWeights layer = decoderWeights.layer(l);
        attentionSublayer(ops, family, config, x, layer.attentionNorm, layer.attentionOutput,
                          [&](const Activations &input) {
                              Activations q = linear(ops, layer.queryKeyValue[0], input);
                              const Activations k = linear(ops, layer.queryKeyValue[1], input);
                              const Activations v = linear(ops, layer.queryKeyValue[2], input);
                              for (int h = 0; h < heads; ++h) {
                                  const size_t at = cache.self.headOffset(l, h) +
                                                    size_t(position) * size_t(headDim);
                                  std::copy_n(k.data() + std::ptrdiff_t(h) * headDim, headDim,
                                              cache.self.keys.data() + at);
                                  std::copy_n(v.data() + std::ptrdiff_t(h) * headDim, headDim,
                                              cache.self.values.data() + at);
                              }
                              return attendCached(ops, config, q, cache.self, m, scoring,
                                                  selfRow + size_t(l) * size_t(heads) * size_t(m),
                                                  l);
                          });
        attentionSublayer(ops, family, config, x, layer.crossNorm, layer.crossOutput,
                          [&](const Activations &input) {
                              Activations q = linear(ops, layer.crossQueryKeyValue[0], input);
                              return attendCached(
                                  ops, config, q, cache.cross, sources, crossScoring,
                                  crossRow + size_t(l) * size_t(heads) * size_t(sources), l);
                          });
        feedForwardSublayer(ops, family, config, x, layer, l);
    }
    cache.self.length = m;

    decoderOutputState(ops, decoderWeights, x);
    decoderLogits(ops, decoderWeights, x.data(), logits);
}

std::vector<float> encoderDecoderLogits(const KernelSet &ops, const ModelWeights &weights,
                                        const float *state)
{
    const ModelWeights &decoderWeights = *weights.decoder();
    std::vector<float> logits(size_t(decoderWeights.config().vocabulary));
    decoderLogits(ops, decoderWeights, state, logits.data());
    return logits;
}

} // namespace AttentionLab
