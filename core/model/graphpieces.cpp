// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/model/graphpieces.h"

#include "core/kernels/attentionoptions.h"

#include "core/maths/positionalencoding.h"
#include "core/model/familydescription.h"
#include "core/support/threadpool.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>

namespace AttentionLab::GraphPieces {

namespace {

using ConstVectorMap = Eigen::Map<const Eigen::VectorXf>;

/// A product of one column by at least this many weights is split between
/// the threads. A token generated over a cache is a chain of matrix-vector
/// products, each bound by reading its weights; a join of threads costs a
/// time slice whenever another program holds a core (measured on 2 shared
/// cores: GPT-2 small's token took 280 ms with every product split, 60 ms
/// with the output matrix's alone), so only a product of tens of
/// milliseconds, the unembedding of a large vocabulary, is split.
constexpr double kParallelProduct = 8.0e6;

/// Qwen3's RMSNorm of each of \a heads heads, in place.
void normHeads(const KernelSet &ops, const HeadRows &rows, int heads, int n, int headDim,
               const NormWeights &weights, double epsilon)
{
    for (int h = 0; h < heads; ++h)
        ops.norm(NormKind::RmsNorm, rows.data + std::ptrdiff_t(h) * rows.headStride, headDim, n,
                 rows.ld, weights, epsilon);
}

/// \a count bfloat16 values as float32.
void widen(const std::uint16_t *from, int count, float *to)
{
    for (int i = 0; i < count; ++i) {
        const std::uint32_t bits = std::uint32_t(from[i]) << 16;
        std::memcpy(to + i, &bits, sizeof bits);
    }
}

} // namespace

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
    runRowParts(layer.out, parts, 16, [&](std::ptrdiff_t begin, std::ptrdiff_t rows) {
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
Activations feedForward(const KernelSet &ops, const ModelConfig &config, const LayerWeights &layer,
                        const Activations &x)
{
    if (!config.gated) {
        Activations inner = linear(ops, layer.feedForwardIn, x);
        ops.activation(inner.data(), inner.rows(), inner.cols(), config.activation);
        return linear(ops, layer.feedForwardOut, inner);
    }
    Activations gate = linear(ops, layer.feedForwardGate, x);
    const Activations up = linear(ops, layer.feedForwardIn, x);
    ops.gatedProduct(gate.data(), up.data(), gate.size(), config.activation);
    return linear(ops, layer.feedForwardOut, gate);
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

/// Keeps the columns \a picked of \a x.
void pickColumns(Activations &x, const std::vector<int> &picked)
{
    Activations kept(x.rows(), Eigen::Index(picked.size()));
    for (size_t j = 0; j < picked.size(); ++j)
        kept.col(Eigen::Index(j)) = x.col(picked[j]);
    x = std::move(kept);
}

void capLogits(float *logits, size_t count, float cap)
{
    if (cap <= 0.0f)
        return;
    for (size_t i = 0; i < count; ++i)
        logits[i] = softCapped(logits[i], cap);
}

/// The embeddings of \a ids at positions \a first, \a first + 1...
Activations embed(const KernelSet &ops, const ModelConfig &config,
                  const EmbeddingWeights &embeddings, const std::vector<int> &ids,
                  const std::vector<int> &tokenTypes, int first)
{
    const FamilyDescription &family = familyDescription(config.family);
    const int d = config.modelDim;
    const int n = int(ids.size());
    Activations x(d, n);
    Eigen::VectorXf sinusoid(family.positions == PositionKind::SplitSinusoid ? d : 0);
    for (int i = 0; i < n; ++i) {
        const size_t id = size_t(ids[size_t(i)]);
        if (embeddings.wordBf16)
            widen(embeddings.wordBf16 + id * size_t(d), d, x.col(i).data());
        else
            x.col(i) = ConstVectorMap(embeddings.word + id * size_t(d), d);
        if (config.embeddingScale != 1.0f)
            x.col(i) *= config.embeddingScale;
        if (embeddings.position)
            x.col(i) += ConstVectorMap(
                embeddings.position + size_t(first + i + family.positionOffset) * d, d);
        if (sinusoid.size() > 0) {
            splitSinusoidRow(first + i, d, sinusoid.data());
            x.col(i) += sinusoid;
        }
        if (embeddings.tokenType) {
            const int type = tokenTypes.empty() ? 0 : tokenTypes[size_t(i)];
            x.col(i) += ConstVectorMap(embeddings.tokenType + size_t(type) * d, d);
        }
    }
    if (embeddings.norm.weight)
        norm(ops, family.norm, x, embeddings.norm, config.epsilon);
    return x;
}

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
    const bool preNorm = family.normPlacement != NormPlacement::AfterResidual;
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
        x += feedForward(ops, config, layer, x);
        norm(ops, family.norm, x, layer.feedForwardNorm, config.epsilon);
        break;
    case NormPlacement::BeforeSublayer: {
        if (!config.parallelResidual)
            x += attended;
        Activations inner = x;
        norm(ops, family.norm, inner, layer.feedForwardNorm, config.epsilon);
        x += feedForward(ops, config, layer, inner);
        if (config.parallelResidual)
            x += attended;
        break;
    }
    case NormPlacement::Sandwich: {
        // Each sublayer's output normed again before the residual sum.
        Activations out = attended;
        norm(ops, family.norm, out, layer.attentionOutputNorm, config.epsilon);
        x += out;
        Activations inner = x;
        norm(ops, family.norm, inner, layer.feedForwardNorm, config.epsilon);
        Activations mlp = feedForward(ops, config, layer, inner);
        norm(ops, family.norm, mlp, layer.feedForwardOutputNorm, config.epsilon);
        x += mlp;
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

} // namespace AttentionLab::GraphPieces
