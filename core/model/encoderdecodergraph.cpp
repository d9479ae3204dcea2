// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/model/encoderdecodergraph.h"

#include "core/kernels/kernelset.h"
#include "core/model/cachedstep.h"
#include "core/model/familydescription.h"
#include "core/model/finitechecks.h"
#include "core/model/graphpieces.h"
#include "core/model/interventionpieces.h"
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

/// One attention's weights for every layer and head, filled layer by layer;
/// one layer's room alone where the heads are not kept (a sweep's passes).
struct SetBuffer
{
    AttentionShape shape;
    bool keepsLayers = true;
    std::shared_ptr<HugePageBuffer> values;

    SetBuffer(int layers, int heads, int queries, int keys, bool keep)
        : keepsLayers(keep),
          values(std::make_shared<HugePageBuffer>(size_t(keep ? layers : 1) * size_t(heads) *
                                                  size_t(queries) * size_t(keys)))
    {
        shape.layers = layers;
        shape.heads = heads;
        shape.queries = queries;
        shape.keys = keys;
    }
    size_t matrixSize() const { return size_t(shape.queries) * size_t(shape.keys); }
    float *layer(int l)
    {
        return values->data() + size_t(keepsLayers ? l : 0) * shape.heads * matrixSize();
    }
    /// Layers below \a start from \a reused, a tensor of the same shape.
    void copyLayers(const AttentionTensor &reused, int start)
    {
        if (!keepsLayers)
            return;
        for (int l = 0; l < start; ++l)
            for (int h = 0; h < shape.heads; ++h)
                std::copy_n(reused.headData(l, h), matrixSize(),
                            layer(l) + size_t(h) * matrixSize());
    }
    AttentionTensor tensor(const KeyVisibility &visibility) const
    {
        if (!keepsLayers)
            return {};
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

/// Where one attention's q, k and v rows are kept, layer after layer; null
/// where they are not kept.
struct KeptRows
{
    float *queries = nullptr;
    float *keys = nullptr;
    float *values = nullptr;
};

/// The q, k and v rows of a reused pass, read where they lie (a run's own
/// fields, or one of its KeptVectors).
struct ReusedRows
{
    const float *queries = nullptr;
    const float *keys = nullptr;
    const float *values = nullptr;
};

ReusedRows reusedRows(const KeptVectors &vectors)
{
    return {vectors.queries.data(), vectors.keys.data(), vectors.values.data()};
}

/// Room in \a vectors for \a layers x \a heads heads of \a queries and
/// \a keys rows of \a headDim, its layers below \a start copied from \a
/// reused; its pointers at layer 0. None when not \a keep.
KeptRows makeRoom(KeptVectors &vectors, int layers, int heads, int queries, int keys, int headDim,
                  bool keep, ReusedRows reused = {}, int start = 0)
{
    if (!keep)
        return {};
    const size_t perHead = size_t(layers) * size_t(heads) * size_t(headDim);
    vectors.queries.resize(perHead * size_t(queries));
    vectors.keys.resize(perHead * size_t(keys));
    vectors.values.resize(perHead * size_t(keys));
    if (reused.queries && start > 0) {
        const size_t below = size_t(start) * size_t(heads) * size_t(headDim);
        std::copy_n(reused.queries, below * size_t(queries), vectors.queries.data());
        std::copy_n(reused.keys, below * size_t(keys), vectors.keys.data());
        std::copy_n(reused.values, below * size_t(keys), vectors.values.data());
    }
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
    if (kept.queries) {
        keepHeadRows(headRows(q, headDim), heads, heads, queries, headDim,
                     kept.queries + layerHeads * size_t(queries));
        keepHeadRows(headRows(k, headDim), heads, heads, keys, headDim,
                     kept.keys + layerHeads * size_t(keys));
        keepHeadRows(headRows(v, headDim), heads, heads, keys, headDim,
                     kept.values + layerHeads * size_t(keys));
    }
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

/// How one stack's pass treats its layers: the interventions on its
/// attentions, the layers below \a start taken from a reused pass, and
/// what it keeps for patching.
struct StackPass
{
    /// Its self-attention: AttentionKind::Encoder or Decoder.
    AttentionKind self = AttentionKind::Encoder;
    const Interventions *interventions = nullptr;
    /// The reused pass's patch source of this stack; its layer \a start's input.
    const PatchSource *reused = nullptr;
    int start = 0;
    /// Where each layer's input and head outputs are kept, or null.
    PatchSource *kept = nullptr;
};

/// \a bias plus layer \a l's knockouts of attention \a set, for \a heads x
/// \a queries x \a keys scores; nullptr when there is neither.
const float *scoreBias(const StackPass &pass, AttentionKind set, int l, int heads, int queries,
                       int keys, const float *bias, std::vector<float> &room)
{
    room = knockoutBias(pass.interventions, set, l, heads, queries, keys);
    if (room.empty())
        return bias;
    if (bias)
        for (size_t i = 0; i < room.size(); ++i)
            room[i] += bias[i];
    return room.data();
}

/// Keeps \a context, layer \a l's head outputs, in \a rows (a patch source's).
void keepContext(std::vector<float> &rows, int l, const Activations &context)
{
    std::copy_n(context.data(), context.size(), rows.data() + size_t(l) * size_t(context.size()));
}

/**
 * The blocks of one stack over \a ids from layer \a pass.start: the encoder's
 * (\a memory null) or the decoder's, whose blocks also attend to \a memory.
 * Returns the states after its last block; writes its self-attention into
 * \a self and the decoder's cross-attention into \a cross, their q, k and v
 * into \a keptSelf and \a keptCross, with \a pass's interventions applied.
 */
Activations runStack(const KernelSet &ops, const ModelWeights &weights, const std::vector<int> &ids,
                     const Activations *memory, SetBuffer &self, SetBuffer *cross,
                     EmbeddingWeights &embeddings, const KeptRows &keptSelf,
                     const KeptRows &keptCross, const StackPass &pass)
{
    const ModelConfig &config = weights.config();
    const FamilyDescription &family = familyDescription(config.family);
    const int n = int(ids.size());
    const int d = config.modelDim;
    const bool decoder = memory != nullptr;
    embeddings = weights.embeddings();
    Activations x;
    if (pass.start > 0) {
        x = Eigen::Map<const Activations>(pass.reused->layerInput(pass.start), d, n);
    } else {
        x = embed(ops, config, embeddings, ids, {}, 0);
        requireFinite(x.data(), size_t(x.size()), -1, "embeddings");
    }

    std::vector<float> bias;
    AttentionScoring scoring = selfScoring(family, config, embeddings, decoder, n, n, 0, bias);
    AttentionScoring crossScoring;
    crossScoring.scale = scoring.scale;
    const int sources = memory ? int(memory->cols()) : 0;
    std::vector<float> room;

    for (int l = pass.start; l < config.layers; ++l) {
        const LayerWeights layer = weights.layer(l);
        patchLayerInput(pass.interventions, pass.self, l, x);
        if (pass.kept)
            std::copy_n(x.data(), x.size(),
                        pass.kept->layerInputs.data() + size_t(l) * size_t(x.size()));
        attentionSublayer(ops, family, config, x, layer.attentionNorm, layer.attentionOutput,
                          [&](const Activations &input) {
                              Activations q = linear(ops, layer.queryKeyValue[0], input);
                              Activations k = linear(ops, layer.queryKeyValue[1], input);
                              Activations v = linear(ops, layer.queryKeyValue[2], input);
                              AttentionScoring layerScoring = scoring;
                              layerScoring.bias = scoreBias(pass, pass.self, l, config.heads, n, n,
                                                            scoring.bias, room);
                              Activations context = attend(ops, config, q, k, v, layerScoring,
                                                           self.layer(l), l, keptSelf);
                              changeHeadOutputs(pass.interventions, pass.self, l, config.headDim(),
                                                decoder, context);
                              if (pass.kept)
                                  keepContext(pass.kept->contexts, l, context);
                              return context;
                          });
        if (decoder)
            attentionSublayer(ops, family, config, x, layer.crossNorm, layer.crossOutput,
                              [&](const Activations &input) {
                                  Activations q = linear(ops, layer.crossQueryKeyValue[0], input);
                                  Activations k = linear(ops, layer.crossQueryKeyValue[1], *memory);
                                  Activations v = linear(ops, layer.crossQueryKeyValue[2], *memory);
                                  AttentionScoring layerScoring = crossScoring;
                                  layerScoring.bias =
                                      scoreBias(pass, AttentionKind::Cross, l, config.heads, n,
                                                sources, nullptr, room);
                                  Activations context = attend(ops, config, q, k, v, layerScoring,
                                                               cross->layer(l), l, keptCross);
                                  // The decoder is causal: a mean over later positions would leak
                                  // them.
                                  changeHeadOutputs(pass.interventions, AttentionKind::Cross, l,
                                                    config.headDim(), true, context);
                                  if (pass.kept)
                                      keepContext(pass.kept->crossContexts, l, context);
                                  return context;
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

namespace {

/// Room to keep a stack's layer inputs and head outputs for patching (its
/// cross-attention's too where \a cross), the layers below \a start copied
/// from \a reused.
std::shared_ptr<PatchSource> patchRoom(const ModelConfig &config, int positions, bool cross,
                                       const PatchSource *reused, int start)
{
    auto kept = std::make_shared<PatchSource>();
    kept->positions = positions;
    kept->queryWidth = config.heads * config.headDim();
    kept->modelDim = config.modelDim;
    const size_t layerContexts = size_t(positions) * size_t(kept->queryWidth);
    const size_t layerInputs = size_t(positions) * size_t(config.modelDim);
    kept->contexts.resize(size_t(config.layers) * layerContexts);
    if (cross)
        kept->crossContexts.resize(size_t(config.layers) * layerContexts);
    kept->layerInputs.resize(size_t(config.layers) * layerInputs);
    if (reused && start > 0) {
        std::copy_n(reused->contexts.data(), size_t(start) * layerContexts, kept->contexts.data());
        if (cross)
            std::copy_n(reused->crossContexts.data(), size_t(start) * layerContexts,
                        kept->crossContexts.data());
        std::copy_n(reused->layerInputs.data(), size_t(start) * layerInputs,
                    kept->layerInputs.data());
    }
    return kept;
}

} // namespace

ModelRun runEncoderDecoderGraph(const KernelSet &ops, const ModelWeights &weights,
                                const ModelInput &input)
{
    const ModelWeights &decoderWeights = *weights.decoder();
    const ModelConfig &encoderConfig = weights.config();
    const ModelConfig &decoderConfig = decoderWeights.config();
    const int sourceCount = int(input.source.size());
    const int targetCount = int(input.ids.size());
    const bool keepHeads = input.keepHeads;
    const Interventions *interventions =
        input.interventions && !input.interventions->empty() ? input.interventions : nullptr;
    // The layers below the first one changed are the reused pass's: the whole
    // encoder where only the decoder's blocks change, and none of the
    // decoder's where the encoder's output changes.
    const ModelRun *reuse = interventions ? input.reuse : nullptr;
    const PatchSource *reusedDecoder = reuse ? reuse->patchSource.get() : nullptr;
    const PatchSource *reusedEncoder = reuse ? reuse->patchSource->encoder.get() : nullptr;
    const int encoderStart =
        reuse ? interventions->firstLayer(AttentionKind::Encoder, encoderConfig.layers) : 0;
    const bool encoderReused = reuse && encoderStart == encoderConfig.layers;
    const int decoderStart =
        encoderReused ? interventions->firstLayer(AttentionKind::Decoder, decoderConfig.layers) : 0;

    SetBuffer encoderSet(encoderConfig.layers, encoderConfig.heads, sourceCount, sourceCount,
                         keepHeads);
    SetBuffer decoderSet(decoderConfig.layers, decoderConfig.heads, targetCount, targetCount,
                         keepHeads);
    SetBuffer crossSet(decoderConfig.layers, decoderConfig.heads, targetCount, sourceCount,
                       keepHeads);
    if (keepHeads && reuse) {
        encoderSet.copyLayers(reuse->encoderAttention, encoderStart);
        decoderSet.copyLayers(reuse->attention, decoderStart);
        crossSet.copyLayers(reuse->crossAttention, decoderStart);
    }

    ModelRun run;
    const int headDim = decoderConfig.headDim();
    const KeptRows encoderRows =
        makeRoom(run.encoderVectors, encoderConfig.layers, encoderConfig.heads, sourceCount,
                 sourceCount, encoderConfig.headDim(), keepHeads,
                 reuse ? reusedRows(reuse->encoderVectors) : ReusedRows{}, encoderStart);
    KeptVectors decoderVectors;
    // The reused pass's decoder rows where they lie, not copied whole.
    const ReusedRows reusedSelf =
        reuse ? ReusedRows{reuse->queries.data(), reuse->keys.data(), reuse->values.data()}
              : ReusedRows{};
    const KeptRows decoderRows =
        makeRoom(decoderVectors, decoderConfig.layers, decoderConfig.heads, targetCount,
                 targetCount, headDim, keepHeads, reusedSelf, decoderStart);
    const KeptRows crossRows = makeRoom(
        run.crossVectors, decoderConfig.layers, decoderConfig.heads, targetCount, sourceCount,
        headDim, keepHeads, reuse ? reusedRows(reuse->crossVectors) : ReusedRows{}, decoderStart);

    std::shared_ptr<PatchSource> keptEncoder;
    std::shared_ptr<PatchSource> keptDecoder;
    if (input.keepPatchSource) {
        keptDecoder = patchRoom(decoderConfig, targetCount, true, reusedDecoder, decoderStart);
        if (!encoderReused)
            keptEncoder = patchRoom(encoderConfig, sourceCount, false, reusedEncoder, encoderStart);
    }

    Activations encoded;
    if (encoderReused) {
        encoded = Eigen::Map<const Activations>(reusedEncoder->outputs.data(),
                                                encoderConfig.modelDim, sourceCount);
    } else {
        EmbeddingWeights encoderEmbeddings;
        encoded = runStack(ops, weights, input.source, nullptr, encoderSet, nullptr,
                           encoderEmbeddings, encoderRows, {},
                           {AttentionKind::Encoder, interventions, reusedEncoder, encoderStart,
                            keptEncoder.get()});
        finalNorm(ops, weights, encoded, weights.output().finalNorm);
        requireFinite(encoded.data(), size_t(encoded.size()), -1, "encoder's outputs");
        if (keptEncoder)
            keptEncoder->outputs.assign(encoded.data(), encoded.data() + encoded.size());
    }
    if (keptDecoder)
        keptDecoder->encoder = encoderReused ? reuse->patchSource->encoder : keptEncoder;

    EmbeddingWeights decoderEmbeddings;
    Activations x = runStack(
        ops, decoderWeights, input.ids, &encoded, decoderSet, &crossSet, decoderEmbeddings,
        decoderRows, crossRows,
        {AttentionKind::Decoder, interventions, reusedDecoder, decoderStart, keptDecoder.get()});
    run.queries = std::move(decoderVectors.queries);
    run.keys = std::move(decoderVectors.keys);
    run.values = std::move(decoderVectors.values);
    run.patchSource = std::move(keptDecoder);
    const OutputWeights output = decoderWeights.output();
    decoderOutputState(ops, decoderWeights, x);
    requireFinite(x.data(), size_t(x.size()), -1, "final norm's outputs");
    const Activations last = x.rightCols(1);

    run.family = encoderConfig.family;
    run.headDim = headDim;
    run.kvHeads = decoderConfig.heads;
    if (std::optional<RelativeBiasTables> tables = weights.relativeBiasTables())
        run.relativeBias = std::make_shared<const RelativeBiasTables>(std::move(*tables));
    const LinearWeights unembed = unembeddingLayer(decoderConfig, output, decoderEmbeddings);
    run.topNext =
        unembed.weight
            ? ops.topTokens(unembed.weight, decoderConfig.modelDim, decoderConfig.vocabulary,
                            last.data(), output.logitsBias, 0.0f, input.topCount)
            : ops.topTokensBFloat16(unembed.bf16, decoderConfig.modelDim, decoderConfig.vocabulary,
                                    last.data(), output.logitsBias, 0.0f, input.topCount);
    requireFiniteTokens(run.topNext);
    run.finalState.assign(last.data(), last.data() + last.size());
    if (!input.logitPositions.empty()) {
        // The full logits of the decoder positions asked for.
        Activations picked(decoderConfig.modelDim, Eigen::Index(input.logitPositions.size()));
        for (size_t i = 0; i < input.logitPositions.size(); ++i)
            picked.col(Eigen::Index(i)) = x.col(input.logitPositions[i]);
        LinearWeights layer = unembed;
        layer.bias = output.logitsBias;
        run.vocabulary = decoderConfig.vocabulary;
        run.logitPositions = input.logitPositions;
        run.logits.resize(size_t(picked.cols()) * size_t(decoderConfig.vocabulary));
        ops.linear(layer, picked.data(), decoderConfig.modelDim, picked.cols(), run.logits.data(),
                   decoderConfig.vocabulary);
        requireFinite(run.logits.data(), run.logits.size(), -1, "logits");
    }

    if (!keepHeads)
        return run;
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
