// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/model/modelgraph.h"

#include "core/kernels/kernelset.h"
#include "core/model/familydescription.h"
#include "core/model/finitechecks.h"
#include "core/model/graphpieces.h"
#include "core/model/rotarytable.h"
#include "core/support/hugepagebuffer.h"
#include "core/support/threadpool.h"

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

using namespace GraphPieces;

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
    case PositionKind::RelativeBias:
    case PositionKind::SplitSinusoid:
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
        ops.activation(transformed.data(), transformed.rows(), transformed.cols(),
                       config.activation);
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

} // namespace AttentionLab
