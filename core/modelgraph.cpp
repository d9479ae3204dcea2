// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/modelgraph.h"

#include "core/familydescription.h"
#include "core/kernelset.h"
#include "core/rotarytable.h"

#include <Eigen/Core>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <utility>

namespace AttentionLab {

namespace {

// Activations are d x n, one token per column, so each token's vector is contiguous.
using Activations = Eigen::MatrixXf;
using ConstVectorMap = Eigen::Map<const Eigen::VectorXf>;

Activations linear(const KernelSet &ops, const LinearWeights &layer, const Activations &x)
{
    Activations y(layer.out, x.cols());
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
    const int kvWidth = kvHeads * headDim;

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
    std::vector<float> attention(size_t(layers) * size_t(heads) * matrixSize);

    // Positions whose final state is read: the last, or BERT's masks. The
    // last block's output is computed for these columns alone.
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

    const EmbeddingWeights embeddings = weights.embeddings();
    Activations x(d, n);
    for (int i = 0; i < n; ++i) {
        const size_t id = size_t(input.ids[size_t(i)]);
        if (embeddings.wordBf16)
            widen(embeddings.wordBf16 + id * size_t(d), d, x.col(i).data());
        else
            x.col(i) = ConstVectorMap(embeddings.word + id * size_t(d), d);
        if (embeddings.position)
            x.col(i) += ConstVectorMap(embeddings.position + size_t(i) * d, d);
        if (embeddings.tokenType) {
            const int type = input.tokenTypes.empty() ? 0 : input.tokenTypes[size_t(i)];
            x.col(i) += ConstVectorMap(embeddings.tokenType + size_t(type) * d, d);
        }
    }
    if (embeddings.norm.weight)
        norm(ops, family.norm, x, embeddings.norm, config.epsilon);

    RotaryTable rotary;
    switch (family.positions) {
    case PositionKind::Learned:
        break;
    case PositionKind::Rotary:
        rotary = rotaryTable(config, n);
        break;
    }
    const AttentionMask mask{family.causal, config.slidingWindow};
    const float scale = 1.0f / std::sqrt(float(headDim));
    for (int l = 0; l < layers; ++l) {
        const LayerWeights layer = weights.layer(l);
        const bool preNorm = family.normPlacement == NormPlacement::BeforeSublayer;
        Activations normed;
        if (preNorm) {
            normed = x;
            norm(ops, family.norm, normed, layer.attentionNorm, config.epsilon);
        }
        const Activations &attentionInput = preNorm ? normed : x;

        // q, k and v stay where their projection put them: the heads are
        // read in place through their strides.
        Activations fused, q, k, v;
        HeadRows qRows, kRows, vRows;
        switch (family.queryKeyValue) {
        case QueryKeyValueLayout::FusedBlocks:
            fused = linear(ops, layer.queryKeyValue[0], attentionInput);
            qRows = {fused.data(), fused.rows(), headDim};
            kRows = {fused.data() + queryWidth, fused.rows(), headDim};
            vRows = {fused.data() + queryWidth + kvWidth, fused.rows(), headDim};
            break;
        case QueryKeyValueLayout::FusedPerHead:
            fused = linear(ops, layer.queryKeyValue[0], attentionInput);
            qRows = {fused.data(), fused.rows(), 3 * headDim};
            kRows = {fused.data() + headDim, fused.rows(), 3 * headDim};
            vRows = {fused.data() + 2 * headDim, fused.rows(), 3 * headDim};
            break;
        case QueryKeyValueLayout::Separate:
            q = linear(ops, layer.queryKeyValue[0], attentionInput);
            k = linear(ops, layer.queryKeyValue[1], attentionInput);
            v = linear(ops, layer.queryKeyValue[2], attentionInput);
            qRows = {q.data(), q.rows(), headDim};
            kRows = {k.data(), k.rows(), headDim};
            vRows = {v.data(), v.rows(), headDim};
            break;
        }
        if (family.queryKeyNorm) {
            normHeads(ops, qRows, heads, n, headDim, layer.queryNorm, config.epsilon);
            normHeads(ops, kRows, kvHeads, n, headDim, layer.keyNorm, config.epsilon);
        }
        if (rotary.rotated > 0) {
            // Each token's q and k turned by its position: the scores then
            // depend on the offset between query and key alone.
            ops.rotary(qRows, heads, n, rotary.rotated, rotary.cos.data(), rotary.sin.data());
            ops.rotary(kRows, kvHeads, n, rotary.rotated, rotary.cos.data(), rotary.sin.data());
        }
        const size_t layerOffset = size_t(l) * size_t(heads) * headBlock;
        keepHeadRows(qRows, heads, heads, n, headDim, run.queries.data() + layerOffset);
        keepHeadRows(kRows, heads, kvHeads, n, headDim, run.keys.data() + layerOffset);
        keepHeadRows(vRows, heads, kvHeads, n, headDim, run.values.data() + layerOffset);

        Activations context(queryWidth, n);
        ops.attention(qRows, kRows, vRows, heads, kvHeads, n, headDim, scale, mask,
                      attention.data() + size_t(l) * heads * matrixSize, context.data(),
                      context.rows());

        if (l == layers - 1 && int(readPositions.size()) < n) {
            // Nothing after the last block's attention is kept for other positions.
            pickColumns(context, readPositions);
            pickColumns(x, readPositions);
        }
        if (x.cols() == 0)
            continue;
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

    const OutputWeights output = weights.output();
    // The output matrix [vocabulary, d], row-major: its own, or the tied word
    // embeddings; float32, or bfloat16 read in place.
    const bool own = output.matrix || output.matrixBf16;
    const float *unembed = own ? output.matrix : embeddings.word;
    const std::uint16_t *unembedBf16 = own ? output.matrixBf16 : embeddings.wordBf16;
    auto topTokens = [&](const float *column, const float *bias) {
        return unembed ? ops.topTokens(unembed, d, config.vocabulary, column, bias, input.topCount)
                       : ops.topTokensBFloat16(unembedBf16, d, config.vocabulary, column, bias,
                                               input.topCount);
    };
    switch (family.readout) {
    case Readout::NextToken: {
        Activations last = x.rightCols(1);
        if (output.finalNorm.weight)
            norm(ops, family.norm, last, output.finalNorm, config.epsilon);
        run.topNext = topTokens(last.data(), nullptr);
        break;
    }
    case Readout::MaskedLm:
        if (!weights.hasMaskedLmHead())
            break;
        Activations transformed = linear(ops, output.maskedLmTransform, x);
        ops.gelu(transformed.data(), transformed.rows(), transformed.cols(), config.gelu);
        norm(ops, family.norm, transformed, output.maskedLmNorm, config.epsilon);
        for (size_t j = 0; j < readPositions.size(); ++j) {
            run.masked.push_back(
                {readPositions[j],
                 topTokens(transformed.col(Eigen::Index(j)).data(), output.maskedLmBias)});
        }
        break;
    }

    AttentionShape shape;
    shape.layers = layers;
    shape.heads = heads;
    shape.queries = n;
    shape.keys = n;
    run.attention = AttentionTensor(shape, std::move(attention));
    return run;
}

} // namespace AttentionLab
