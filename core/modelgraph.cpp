// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/modelgraph.h"

#include "core/familydescription.h"
#include "core/hugepagebuffer.h"
#include "core/kernelset.h"
#include "core/rotarytable.h"
#include "core/threadpool.h"

#include <Eigen/Core>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>

namespace AttentionLab {

namespace {

// Activations are d x n, one token per column, so each token's vector is contiguous.
using Activations = Eigen::MatrixXf;
using ConstVectorMap = Eigen::Map<const Eigen::VectorXf>;

/// A product of one column by at least this many weights is split between
/// the threads. A token generated over a cache is a chain of matrix-vector
/// products, each bound by reading its weights; a join of threads costs a
/// time slice whenever another program holds a core (measured on 2 shared
/// cores: GPT-2 small's token took 280 ms with every product split, 60 ms
/// with the output matrix's alone), so only a product of tens of
/// milliseconds, the unembedding of a large vocabulary, is split.
constexpr double kParallelProduct = 8.0e6;

/// y = W x + b for one column, its rows split between the threads when it is
/// large (kParallelProduct).
void linearColumn(const KernelSet &ops, const LinearWeights &layer, const float *x, float *y)
{
    if (!layer.weight) {
        // A bfloat16 matrix read in place: the kernel's product widens it.
        ops.linear(layer, x, layer.in, 1, y, layer.out);
        return;
    }
    const int parts =
        double(layer.out) * layer.in >= kParallelProduct ? ThreadPool::shared().threads() : 1;
    // Rows per part, a multiple of 16 floats.
    const std::ptrdiff_t chunk = ((layer.out + parts - 1) / parts + 15) / 16 * 16;
    runParts(parts, [&](int t) {
        const std::ptrdiff_t begin = std::min<std::ptrdiff_t>(std::ptrdiff_t(t) * chunk, layer.out);
        const std::ptrdiff_t rows = std::min<std::ptrdiff_t>(chunk, layer.out - begin);
        if (rows <= 0)
            return;
        // Conv1D's [in, out] row-major is W column-major; nn.Linear's [out, in] is W row-major.
        const float *w = layer.weight + (layer.inputMajor ? begin : begin * layer.in);
        ops.serialProduct(rows, 1, layer.in, w, layer.inputMajor ? layer.out : layer.in,
                          !layer.inputMajor, x, layer.in, y + begin, layer.out, 1.0f);
    });
    if (layer.bias) {
        for (int i = 0; i < layer.out; ++i)
            y[i] += layer.bias[i];
    }
}

Activations linear(const KernelSet &ops, const LinearWeights &layer, const Activations &x)
{
    Activations y(layer.out, x.cols());
    if (x.cols() == 1)
        linearColumn(ops, layer, x.data(), y.data());
    else
        ops.linear(layer, x.data(), x.rows(), x.cols(), y.data(), y.rows());
    return y;
}

void norm(const KernelSet &ops, NormKind kind, Activations &x, const NormWeights &weights,
          double epsilon)
{
    ops.norm(kind, x.data(), x.rows(), x.cols(), x.rows(), weights, epsilon);
}

/// The block's MLP on \a x (already normed when the norm comes first).
Activations feedForward(const KernelSet &ops, const FamilyDescription &family,
                        const ModelConfig &config, const LayerWeights &layer, const Activations &x)
{
    switch (family.feedForward) {
    case FeedForwardKind::Plain: {
        Activations inner = linear(ops, layer.feedForwardIn, x);
        ops.gelu(inner.data(), inner.rows(), inner.cols(), config.gelu);
        return linear(ops, layer.feedForwardOut, inner);
    }
    case FeedForwardKind::GatedSilu: {
        Activations gate = linear(ops, layer.feedForwardGate, x);
        const Activations up = linear(ops, layer.feedForwardIn, x);
        ops.gatedSilu(gate.data(), up.data(), gate.size());
        return linear(ops, layer.feedForwardOut, gate);
    }
    }
    return {};
}

/// Qwen3's RMSNorm of each of \a heads heads, in place.
void normHeads(const KernelSet &ops, const HeadRows &rows, int heads, int n, int headDim,
               const NormWeights &weights, double epsilon)
{
    for (int h = 0; h < heads; ++h)
        ops.norm(NormKind::RmsNorm, rows.data + std::ptrdiff_t(h) * rows.headStride, headDim, n,
                 rows.ld, weights, epsilon);
}

/// Copies the heads of \a rows into \a target laid out [head][position][d_h],
/// query head h given key/value head h / (heads / source heads).
void keepHeadRows(const HeadRows &rows, int heads, int sourceHeads, int n, int headDim,
                  float *target)
{
    const int group = heads / sourceHeads;
    for (int h = 0; h < heads; ++h) {
        const float *head = rows.data + std::ptrdiff_t(h / group) * rows.headStride;
        for (int i = 0; i < n; ++i)
            std::copy_n(head + std::ptrdiff_t(i) * rows.ld, headDim,
                        target + (std::ptrdiff_t(h) * n + i) * headDim);
    }
}

/// \a count bfloat16 values as float32.
void widen(const std::uint16_t *from, int count, float *to)
{
    for (int i = 0; i < count; ++i) {
        const std::uint32_t bits = std::uint32_t(from[i]) << 16;
        std::memcpy(to + i, &bits, sizeof bits);
    }
}

/// Keeps the columns \a picked of \a x.
void pickColumns(Activations &x, const std::vector<int> &picked)
{
    Activations kept(x.rows(), Eigen::Index(picked.size()));
    for (size_t j = 0; j < picked.size(); ++j)
        kept.col(Eigen::Index(j)) = x.col(picked[j]);
    x = std::move(kept);
}

/// The embeddings of \a ids at positions \a first, \a first + 1...
Activations embed(const KernelSet &ops, const ModelConfig &config,
                  const EmbeddingWeights &embeddings, const std::vector<int> &ids,
                  const std::vector<int> &tokenTypes, int first)
{
    const int d = config.modelDim;
    const int n = int(ids.size());
    Activations x(d, n);
    for (int i = 0; i < n; ++i) {
        const size_t id = size_t(ids[size_t(i)]);
        if (embeddings.wordBf16)
            widen(embeddings.wordBf16 + id * size_t(d), d, x.col(i).data());
        else
            x.col(i) = ConstVectorMap(embeddings.word + id * size_t(d), d);
        if (embeddings.position)
            x.col(i) += ConstVectorMap(embeddings.position + size_t(first + i) * d, d);
        if (embeddings.tokenType) {
            const int type = tokenTypes.empty() ? 0 : tokenTypes[size_t(i)];
            x.col(i) += ConstVectorMap(embeddings.tokenType + size_t(type) * d, d);
        }
    }
    if (embeddings.norm.weight)
        norm(ops, familyDescription(config.family).norm, x, embeddings.norm, config.epsilon);
    return x;
}

/// One block's q, k and v, where their projection put them: the heads are
/// read in place through their strides.
struct QueryKeyValue
{
    Activations fused, q, k, v;
    HeadRows qRows, kRows, vRows;
};

/// q, k and v of the n columns of \a x (the block's input), QK-normed and
/// turned by the rotary table's rows from \a cos and \a sin.
void projectQueryKeyValue(const KernelSet &ops, const ModelConfig &config,
                          const LayerWeights &layer, const Activations &x, int rotated,
                          const float *cos, const float *sin, QueryKeyValue &out)
{
    const FamilyDescription &family = familyDescription(config.family);
    const int n = int(x.cols());
    const int heads = config.heads;
    const int kvHeads = config.keyValueHeads();
    const int headDim = config.headDim();
    const int queryWidth = heads * headDim;
    const int kvWidth = kvHeads * headDim;
    const bool preNorm = family.normPlacement == NormPlacement::BeforeSublayer;
    Activations normed;
    if (preNorm) {
        normed = x;
        norm(ops, family.norm, normed, layer.attentionNorm, config.epsilon);
    }
    const Activations &input = preNorm ? normed : x;
    switch (family.queryKeyValue) {
    case QueryKeyValueLayout::FusedBlocks:
        out.fused = linear(ops, layer.queryKeyValue[0], input);
        out.qRows = {out.fused.data(), out.fused.rows(), headDim};
        out.kRows = {out.fused.data() + queryWidth, out.fused.rows(), headDim};
        out.vRows = {out.fused.data() + queryWidth + kvWidth, out.fused.rows(), headDim};
        break;
    case QueryKeyValueLayout::FusedPerHead:
        out.fused = linear(ops, layer.queryKeyValue[0], input);
        out.qRows = {out.fused.data(), out.fused.rows(), 3 * headDim};
        out.kRows = {out.fused.data() + headDim, out.fused.rows(), 3 * headDim};
        out.vRows = {out.fused.data() + 2 * headDim, out.fused.rows(), 3 * headDim};
        break;
    case QueryKeyValueLayout::Separate:
        out.q = linear(ops, layer.queryKeyValue[0], input);
        out.k = linear(ops, layer.queryKeyValue[1], input);
        out.v = linear(ops, layer.queryKeyValue[2], input);
        out.qRows = {out.q.data(), out.q.rows(), headDim};
        out.kRows = {out.k.data(), out.k.rows(), headDim};
        out.vRows = {out.v.data(), out.v.rows(), headDim};
        break;
    }
    if (family.queryKeyNorm) {
        normHeads(ops, out.qRows, heads, n, headDim, layer.queryNorm, config.epsilon);
        normHeads(ops, out.kRows, kvHeads, n, headDim, layer.keyNorm, config.epsilon);
    }
    if (rotated > 0) {
        // Each token's q and k turned by its position: the scores then
        // depend on the offset between query and key alone.
        ops.rotary(out.qRows, heads, n, rotated, cos, sin);
        ops.rotary(out.kRows, kvHeads, n, rotated, cos, sin);
    }
}

/// The rest of a block after its attention: the output projection, the
/// residuals and the MLP, on \a x in place.
void finishBlock(const KernelSet &ops, const ModelConfig &config, const LayerWeights &layer,
                 const Activations &context, Activations &x)
{
    const FamilyDescription &family = familyDescription(config.family);
    const Activations attended = linear(ops, layer.attentionOutput, context);
    switch (family.normPlacement) {
    case NormPlacement::AfterResidual:
        x += attended;
        norm(ops, family.norm, x, layer.attentionNorm, config.epsilon);
        x += feedForward(ops, family, config, layer, x);
        norm(ops, family.norm, x, layer.feedForwardNorm, config.epsilon);
        break;
    case NormPlacement::BeforeSublayer: {
        if (!config.parallelResidual)
            x += attended;
        Activations inner = x;
        norm(ops, family.norm, inner, layer.feedForwardNorm, config.epsilon);
        x += feedForward(ops, family, config, layer, inner);
        if (config.parallelResidual)
            x += attended;
        break;
    }
    }
}

/// The output matrix [vocabulary, d] as a layer without bias (nn.Linear's
/// layout): its own, or the tied word embeddings; float32, or bfloat16 read
/// in place. Valid while \a output and \a embeddings hold their values.
LinearWeights unembeddingLayer(const ModelConfig &config, const OutputWeights &output,
                               const EmbeddingWeights &embeddings)
{
    const bool own = output.matrix || output.matrixBf16;
    LinearWeights layer;
    layer.weight = own ? output.matrix : embeddings.word;
    layer.bf16 = own ? output.matrixBf16 : embeddings.wordBf16;
    layer.in = config.modelDim;
    layer.out = config.vocabulary;
    layer.inputMajor = false;
    return layer;
}

/// Whether all \a count values are finite: an infinity and a NaN alone have
/// every exponent bit set. An integer OR, which the compiler vectorises, so
/// that a layer's output is scanned once at the speed of reading it.
bool allFinite(const float *values, size_t count)
{
    std::uint32_t found = 0;
    for (size_t i = 0; i < count; ++i) {
        std::uint32_t bits = 0;
        std::memcpy(&bits, values + i, sizeof bits);
        found |= std::uint32_t((bits & 0x7f800000u) == 0x7f800000u);
    }
    return found == 0;
}

/**
 * Refuses a pass whose numbers stopped being finite, from weights that are
 * (the checkpoint's are checked as they are read): a product that overflows
 * float32, rotary angles of a tiny theta or scaling factor. Its attention
 * and predictions would be NaN, shown as numbers (issue 36, items 5 and 6).
 * \a layer is -1 past the last block.
 */
[[noreturn]] void refuseNonFinite(int layer, const char *tensor, const float *values, size_t count)
{
    const float *bad =
        std::find_if(values, values + count, [](float v) { return !std::isfinite(v); });
    const std::string what = bad == values + count ? "a value that is not finite"
                             : std::isnan(*bad)    ? "NaN"
                             : *bad > 0            ? "+inf"
                                                   : "-inf";
    const std::string where = layer >= 0 ? "layer " + std::to_string(layer) + "'s " + tensor
                                         : std::string("the ") + tensor;
    throw std::invalid_argument("the pass is not finite: " + where + " hold " + what +
                                ", from finite weights (float32 overflows); its attention and "
                                "predictions would mean nothing");
}

void requireFinite(const float *values, size_t count, int layer, const char *tensor)
{
    if (!allFinite(values, count))
        refuseNonFinite(layer, tensor, values, count);
}

/// The attention weights, or else the attention output, that is not finite.
void requireFiniteAttention(const float *weights, size_t weightCount, const float *context,
                            size_t contextCount, int layer)
{
    if (allFinite(context, contextCount))
        return;
    requireFinite(weights, weightCount, layer, "attention weights");
    refuseNonFinite(layer, "attention output", context, contextCount);
}

/// The probabilities of \a tokens, which the logits give.
void requireFiniteTokens(const std::vector<TokenProbability> &tokens)
{
    for (const TokenProbability &token : tokens)
        if (!std::isfinite(token.p))
            throw std::invalid_argument("the pass is not finite: the logits give the probability "
                                        "NaN, from finite weights (float32 overflows); its "
                                        "predictions would mean nothing");
}

} // namespace

ModelRun runModelGraph(const KernelSet &ops, const ModelWeights &weights, const ModelInput &input)
{
    const ModelConfig &config = weights.config();
    const FamilyDescription &family = familyDescription(config.family);
    const int n = int(input.ids.size());
    const int d = config.modelDim;
    const int heads = config.heads;
    const int kvHeads = config.keyValueHeads();
    const int headDim = config.headDim();
    const int layers = config.layers;
    const int queryWidth = heads * headDim;

    ModelRun run;
    run.family = config.family;
    run.headDim = headDim;
    run.kvHeads = kvHeads;
    run.slidingWindow = config.slidingWindow;
    const size_t headBlock = size_t(n) * size_t(headDim);
    const size_t qkvSize = size_t(layers) * size_t(heads) * headBlock;
    run.queries.resize(qkvSize);
    run.keys.resize(qkvSize);
    run.values.resize(qkvSize);
    const size_t matrixSize = size_t(n) * size_t(n);
    // Every value is written by the attention kernel before it is read.
    const auto attention =
        std::make_shared<HugePageBuffer>(size_t(layers) * size_t(heads) * matrixSize);
    if (input.keepResiduals)
        run.residuals.resize(size_t(layers) * size_t(n) * size_t(d));

    // Positions whose final state is read: the last, or BERT's masks. The
    // last block's output is computed for these columns alone (all of them
    // for the logit lens).
    std::vector<int> readPositions;
    switch (family.readout) {
    case Readout::NextToken:
        readPositions.push_back(n - 1);
        break;
    case Readout::MaskedLm:
        if (weights.hasMaskedLmHead())
            readPositions = input.maskPositions;
        break;
    }
    const bool pickLast = !input.keepResiduals && int(readPositions.size()) < n;

    // Held through the pass: the word embeddings may also be the output matrix.
    const EmbeddingWeights embeddings = weights.embeddings();
    Activations x = embed(ops, config, embeddings, input.ids, input.tokenTypes, 0);
    requireFinite(x.data(), size_t(x.size()), -1, "embeddings");

    RotaryTable rotary;
    switch (family.positions) {
    case PositionKind::Learned:
        break;
    case PositionKind::Rotary:
        rotary = rotaryTable(config, n);
        break;
    }
    // The graph owns the visibility: the kernel masks by it, and the run's
    // attention carries it (io/ and the views read it from there).
    AttentionScoring scoring;
    scoring.scale = 1.0f / std::sqrt(float(headDim));
    scoring.visibility = modelVisibility(config, n, n);
    for (int l = 0; l < layers; ++l) {
        const LayerWeights layer = weights.layer(l);
        QueryKeyValue qkv;
        projectQueryKeyValue(ops, config, layer, x, rotary.rotated, rotary.cos.data(),
                             rotary.sin.data(), qkv);
        const size_t layerOffset = size_t(l) * size_t(heads) * headBlock;
        keepHeadRows(qkv.qRows, heads, heads, n, headDim, run.queries.data() + layerOffset);
        keepHeadRows(qkv.kRows, heads, kvHeads, n, headDim, run.keys.data() + layerOffset);
        keepHeadRows(qkv.vRows, heads, kvHeads, n, headDim, run.values.data() + layerOffset);
        const size_t layerSize = size_t(heads) * headBlock;
        requireFinite(run.queries.data() + layerOffset, layerSize, l, "queries");
        requireFinite(run.keys.data() + layerOffset, layerSize, l, "keys");
        requireFinite(run.values.data() + layerOffset, layerSize, l, "values");

        Activations context(queryWidth, n);
        float *layerAttention = attention->data() + size_t(l) * heads * matrixSize;
        ops.attention(qkv.qRows, qkv.kRows, qkv.vRows, heads, kvHeads, n, n, headDim, scoring,
                      layerAttention, context.data(), context.rows());
        requireFiniteAttention(layerAttention, size_t(heads) * matrixSize, context.data(),
                               size_t(context.size()), l);

        if (l == layers - 1 && pickLast) {
            // Nothing after the last block's attention is kept for other positions.
            pickColumns(context, readPositions);
            pickColumns(x, readPositions);
        }
        if (x.cols() == 0)
            continue;
        finishBlock(ops, config, layer, context, x);
        requireFinite(x.data(), size_t(x.size()), l, "outputs");
        if (input.keepResiduals)
            std::copy_n(x.data(), x.size(), run.residuals.data() + size_t(l) * size_t(n) * d);
    }

    const OutputWeights output = weights.output();
    // The output matrix, float32 or bfloat16 read in place (unembeddingLayer).
    const LinearWeights unembed = unembeddingLayer(config, output, embeddings);
    auto topTokens = [&](const float *column, const float *bias) {
        return unembed.weight ? ops.topTokens(unembed.weight, d, config.vocabulary, column, bias,
                                              input.topCount)
                              : ops.topTokensBFloat16(unembed.bf16, d, config.vocabulary, column,
                                                      bias, input.topCount);
    };
    switch (family.readout) {
    case Readout::NextToken: {
        Activations last = x.rightCols(1);
        if (output.finalNorm.weight)
            norm(ops, family.norm, last, output.finalNorm, config.epsilon);
        requireFinite(last.data(), size_t(last.size()), -1, "final norm's outputs");
        run.topNext = topTokens(last.data(), nullptr);
        requireFiniteTokens(run.topNext);
        run.finalState.assign(last.data(), last.data() + d);
        break;
    }
    case Readout::MaskedLm:
        if (!weights.hasMaskedLmHead())
            break;
        Activations transformed = linear(ops, output.maskedLmTransform, x);
        ops.gelu(transformed.data(), transformed.rows(), transformed.cols(), config.gelu);
        norm(ops, family.norm, transformed, output.maskedLmNorm, config.epsilon);
        for (size_t j = 0; j < readPositions.size(); ++j) {
            const Eigen::Index column = input.keepResiduals ? readPositions[j] : Eigen::Index(j);
            run.masked.push_back(
                {readPositions[j], topTokens(transformed.col(column).data(), output.maskedLmBias)});
            requireFiniteTokens(run.masked.back().top);
        }
        break;
    }

    AttentionShape shape;
    shape.layers = layers;
    shape.heads = heads;
    shape.queries = n;
    shape.keys = n;
    std::vector<const float *> headMatrices(size_t(layers) * size_t(heads));
    for (size_t i = 0; i < headMatrices.size(); ++i)
        headMatrices[i] = attention->data() + i * matrixSize;
    run.attention = AttentionTensor(shape, std::move(headMatrices), attention);
    run.attention.setVisibility(scoring.visibility);
    run.attention.setKeyValueHeads(kvHeads);
    return run;
}

KeyVisibility modelVisibility(const ModelConfig &config, int queries, int keys)
{
    KeyVisibility visibility;
    visibility.causal = familyDescription(config.family).causal;
    visibility.window = visibility.causal ? config.slidingWindow : 0;
    visibility.keyOffset = keys - queries;
    return visibility;
}

KeyValueCache emptyCache(const ModelConfig &config, int capacity)
{
    KeyValueCache cache;
    cache.layers = config.layers;
    cache.kvHeads = config.keyValueHeads();
    cache.headDim = config.headDim();
    cache.capacity = capacity;
    const size_t size =
        size_t(cache.layers) * size_t(cache.kvHeads) * size_t(capacity) * size_t(cache.headDim);
    cache.keys.resize(size);
    cache.values.resize(size);
    switch (familyDescription(config.family).positions) {
    case PositionKind::Learned:
        break;
    case PositionKind::Rotary:
        cache.rotary = rotaryTable(config, capacity);
        break;
    }
    return cache;
}

void fillCache(KeyValueCache &cache, const ModelRun &run)
{
    const int n = std::min(run.tokenCount(), cache.capacity);
    const int heads = run.attention.heads();
    const int group = heads / cache.kvHeads;
    const size_t rowBytes = size_t(n) * size_t(cache.headDim);
    for (int l = 0; l < cache.layers; ++l) {
        for (int g = 0; g < cache.kvHeads; ++g) {
            // Every query head of the group kept the same rows: take the first's.
            const size_t from = size_t(run.headOffset(l, g * group));
            std::copy_n(run.keys.data() + from, rowBytes,
                        cache.keys.data() + cache.headOffset(l, g));
            std::copy_n(run.values.data() + from, rowBytes,
                        cache.values.data() + cache.headOffset(l, g));
        }
    }
    cache.length = n;
}

void stepModelGraph(const KernelSet &ops, const ModelWeights &weights, KeyValueCache &cache, int id,
                    float *attentionRow, float *logits)
{
    const ModelConfig &config = weights.config();
    const FamilyDescription &family = familyDescription(config.family);
    const int position = cache.length;
    const int m = position + 1; // the keys the new token sees, itself included
    const int heads = config.heads;
    const int kvHeads = cache.kvHeads;
    const int headDim = cache.headDim;
    // The new token's query over the m keys of the cache, by the same kernel
    // as a whole text's pass: it stands at key m - 1.
    AttentionScoring scoring;
    scoring.scale = 1.0f / std::sqrt(float(headDim));
    scoring.visibility = modelVisibility(config, 1, m);

    const EmbeddingWeights embeddings = weights.embeddings();
    Activations x = embed(ops, config, embeddings, {id}, {}, position);
    const int half = cache.rotary.rotated / 2;
    const float *cos = cache.rotary.cos.data() + std::ptrdiff_t(position) * half;
    const float *sin = cache.rotary.sin.data() + std::ptrdiff_t(position) * half;
    for (int l = 0; l < config.layers; ++l) {
        const LayerWeights layer = weights.layer(l);
        QueryKeyValue qkv;
        projectQueryKeyValue(ops, config, layer, x, cache.rotary.rotated, cos, sin, qkv);
        for (int g = 0; g < kvHeads; ++g) {
            const size_t at = cache.headOffset(l, g) + size_t(position) * size_t(headDim);
            std::copy_n(qkv.kRows.data + std::ptrdiff_t(g) * qkv.kRows.headStride, headDim,
                        cache.keys.data() + at);
            std::copy_n(qkv.vRows.data + std::ptrdiff_t(g) * qkv.vRows.headStride, headDim,
                        cache.values.data() + at);
        }
        Activations context(heads * headDim, 1);
        float *rows = attentionRow + size_t(l) * size_t(heads) * size_t(m);
        const std::ptrdiff_t headStride =
            kvHeads > 1 ? std::ptrdiff_t(cache.headOffset(l, 1) - cache.headOffset(l, 0)) : 0;
        const HeadRows keys{cache.keys.data() + cache.headOffset(l, 0), headDim, headStride};
        const HeadRows values{cache.values.data() + cache.headOffset(l, 0), headDim, headStride};
        ops.attention(qkv.qRows, keys, values, heads, kvHeads, 1, m, headDim, scoring, rows,
                      context.data(), context.rows());
        requireFiniteAttention(rows, size_t(heads) * size_t(m), context.data(),
                               size_t(context.size()), l);
        finishBlock(ops, config, layer, context, x);
        requireFinite(x.data(), size_t(x.size()), l, "outputs");
    }
    cache.length = m;

    const OutputWeights output = weights.output();
    if (output.finalNorm.weight)
        norm(ops, family.norm, x, output.finalNorm, config.epsilon);
    linearColumn(ops, unembeddingLayer(config, output, embeddings), x.data(), logits);
    requireFinite(logits, size_t(config.vocabulary), -1, "logits");
}

std::vector<float> nextTokenLogits(const KernelSet &ops, const ModelWeights &weights,
                                   const float *state)
{
    const ModelConfig &config = weights.config();
    const OutputWeights output = weights.output();
    const EmbeddingWeights embeddings = weights.embeddings();
    std::vector<float> logits(size_t(config.vocabulary));
    linearColumn(ops, unembeddingLayer(config, output, embeddings), state, logits.data());
    requireFinite(logits.data(), logits.size(), -1, "logits");
    return logits;
}

} // namespace AttentionLab
