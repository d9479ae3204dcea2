// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/model/modelgraph.h"

#include "core/kernels/kernelset.h"
#include "core/model/familydescription.h"
#include "core/model/finitechecks.h"
#include "core/model/graphpieces.h"
#include "core/model/interventionpieces.h"
#include "core/model/rotarytable.h"
#include "core/support/hugepagebuffer.h"
#include "core/support/threadpool.h"

#include <Eigen/Core>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
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
    const Interventions *interventions =
        input.interventions && !input.interventions->empty() ? input.interventions : nullptr;
    // The layers below the first one changed are the reused pass's.
    const ModelRun *reuse = interventions ? input.reuse : nullptr;
    const int start = reuse ? interventions->firstLayer(layers) : 0;
    // The one attention every intervention of a single stack names.
    const AttentionKind set = stackKind(config);

    ModelRun run;
    run.family = config.family;
    run.headDim = headDim;
    run.kvHeads = kvHeads;
    run.scoreScale = config.scoreScale;
    run.attentionSoftCap = config.attentionSoftCap;
    for (int l = 0; l < config.layers; ++l)
        if (const std::optional<HeadPositions> positions = layerPositions(config, l))
            run.layerPositions.push_back(*positions);
    const size_t headBlock = size_t(n) * size_t(headDim);
    const size_t qkvSize = size_t(layers) * size_t(heads) * headBlock;
    const size_t matrixSize = size_t(n) * size_t(n);
    const size_t layerMatrices = size_t(heads) * matrixSize;
    // Every value is written by the attention kernel (or copied from the
    // reused pass) before it is read; without keepHeads, one layer's room.
    const auto attention = std::make_shared<HugePageBuffer>(
        input.keepHeads ? size_t(layers) * layerMatrices : layerMatrices);
    if (input.keepHeads) {
        run.queries.resize(qkvSize);
        run.keys.resize(qkvSize);
        run.values.resize(qkvSize);
        if (reuse && start > 0) {
            const size_t below = size_t(start) * size_t(heads) * headBlock;
            std::copy_n(reuse->queries.data(), below, run.queries.data());
            std::copy_n(reuse->keys.data(), below, run.keys.data());
            std::copy_n(reuse->values.data(), below, run.values.data());
            for (int l = 0; l < start; ++l)
                for (int h = 0; h < heads; ++h)
                    std::copy_n(reuse->attention.headData(l, h), matrixSize,
                                attention->data() + (size_t(l) * heads + size_t(h)) * matrixSize);
        }
    }
    if (input.keepResiduals)
        run.residuals.resize(size_t(layers) * size_t(n) * size_t(d));
    std::shared_ptr<PatchSource> kept;
    if (input.keepPatchSource) {
        kept = std::make_shared<PatchSource>();
        kept->positions = n;
        kept->queryWidth = queryWidth;
        kept->modelDim = d;
        kept->contexts.resize(size_t(layers) * size_t(n) * size_t(queryWidth));
        kept->layerInputs.resize(size_t(layers) * size_t(n) * size_t(d));
        if (reuse && start > 0) {
            const PatchSource &below = *reuse->patchSource;
            std::copy_n(below.contexts.data(), size_t(start) * size_t(n) * size_t(queryWidth),
                        kept->contexts.data());
            std::copy_n(below.layerInputs.data(), size_t(start) * size_t(n) * size_t(d),
                        kept->layerInputs.data());
        }
    }
    // The residual stream after block l < start is the reused input of layer l + 1.
    if (input.keepResiduals && reuse)
        for (int l = 0; l < start; ++l)
            std::copy_n(reuse->patchSource->layerInput(l + 1), size_t(n) * size_t(d),
                        run.residuals.data() + size_t(l) * size_t(n) * size_t(d));

    // Positions whose final state is read: the last, or BERT's masks, and
    // those whose logits are asked for. The last block's output is computed
    // for these columns alone (all of them for the logit lens).
    std::vector<int> readPositions = input.logitPositions;
    switch (family.readout) {
    case Readout::NextToken:
        readPositions.push_back(n - 1);
        break;
    case Readout::MaskedLm:
        if (weights.hasMaskedLmHead())
            readPositions.insert(readPositions.end(), input.maskPositions.begin(),
                                 input.maskPositions.end());
        break;
    }
    std::sort(readPositions.begin(), readPositions.end());
    readPositions.erase(std::unique(readPositions.begin(), readPositions.end()),
                        readPositions.end());
    const bool pickLast = !input.keepResiduals && int(readPositions.size()) < n;
    // The column of x that holds \a position after the last block.
    auto columnOf = [&](int position) -> Eigen::Index {
        if (!pickLast)
            return position;
        return std::lower_bound(readPositions.begin(), readPositions.end(), position) -
               readPositions.begin();
    };

    // Held through the pass: the word embeddings may also be the output matrix.
    const EmbeddingWeights embeddings = weights.embeddings();
    Activations x;
    if (start > 0) {
        x = Eigen::Map<const Activations>(reuse->patchSource->layerInput(start), d, n);
    } else {
        x = embed(ops, config, embeddings, input.ids, input.tokenTypes, 0);
        requireFinite(x.data(), size_t(x.size()), -1, "embeddings");
    }

    RotaryTables rotary;
    switch (family.positions) {
    case PositionKind::Learned:
    case PositionKind::RelativeBias:
    case PositionKind::SplitSinusoid:
        break;
    case PositionKind::Rotary:
        rotary = rotaryTables(config, n);
        break;
    }
    // The graph owns the visibility: the kernel masks by each layer's, and
    // the run's attention carries what every layer shares (io/ and the views
    // read it from there).
    AttentionScoring scoring;
    scoring.scale = config.attentionScale();
    scoring.softCap = config.attentionSoftCap;
    for (int l = start; l < layers; ++l) {
        const LayerWeights layer = weights.layer(l);
        patchLayerInput(interventions, set, l, x);
        if (kept)
            std::copy_n(x.data(), x.size(),
                        kept->layerInputs.data() + size_t(l) * size_t(n) * size_t(d));
        // A local layer's window, a layer's own rotary table (none without positions).
        scoring.visibility = modelVisibility(config, n, n, l);
        const RotaryTable *table =
            family.positions == PositionKind::Rotary ? rotary.of(config, l) : nullptr;
        QueryKeyValue qkv;
        projectQueryKeyValue(ops, config, layer, x, table ? table->rotated : 0,
                             table ? table->cos.data() : nullptr,
                             table ? table->sin.data() : nullptr, qkv);
        if (input.keepHeads) {
            const size_t layerOffset = size_t(l) * size_t(heads) * headBlock;
            keepHeadRows(qkv.qRows, heads, heads, n, headDim, run.queries.data() + layerOffset);
            keepHeadRows(qkv.kRows, heads, kvHeads, n, headDim, run.keys.data() + layerOffset);
            keepHeadRows(qkv.vRows, heads, kvHeads, n, headDim, run.values.data() + layerOffset);
            const size_t layerSize = size_t(heads) * headBlock;
            requireFinite(run.queries.data() + layerOffset, layerSize, l, "queries");
            requireFinite(run.keys.data() + layerOffset, layerSize, l, "keys");
            requireFinite(run.values.data() + layerOffset, layerSize, l, "values");
        }

        Activations context(queryWidth, n);
        float *layerAttention =
            attention->data() + (input.keepHeads ? size_t(l) * layerMatrices : 0);
        const std::vector<float> knockouts = knockoutBias(interventions, set, l, heads, n, n);
        scoring.bias = knockouts.empty() ? nullptr : knockouts.data();
        ops.attention(qkv.qRows, qkv.kRows, qkv.vRows, heads, kvHeads, n, n, headDim, scoring,
                      layerAttention, context.data(), context.rows());
        scoring.bias = nullptr;
        requireFiniteAttention(layerAttention, layerMatrices, context.data(),
                               size_t(context.size()), l);
        changeHeadOutputs(interventions, set, l, headDim, scoring.visibility.causal, context);
        if (kept)
            std::copy_n(context.data(), context.size(),
                        kept->contexts.data() + size_t(l) * size_t(n) * size_t(queryWidth));

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
    run.patchSource = std::move(kept);

    const OutputWeights output = weights.output();
    // The output matrix, float32 or bfloat16 read in place (unembeddingLayer).
    const LinearWeights unembed = unembeddingLayer(config, output, embeddings);
    auto topTokens = [&](const float *column, const float *bias) {
        return unembed.weight ? ops.topTokens(unembed.weight, d, config.vocabulary, column, bias,
                                              config.logitSoftCap, input.topCount)
                              : ops.topTokensBFloat16(unembed.bf16, d, config.vocabulary, column,
                                                      bias, config.logitSoftCap, input.topCount);
    };
    // The full logits of the positions asked for, from their final states.
    auto keepLogits = [&](const Activations &states, const float *bias) {
        if (input.logitPositions.empty())
            return;
        Activations picked(d, Eigen::Index(input.logitPositions.size()));
        for (size_t i = 0; i < input.logitPositions.size(); ++i)
            picked.col(Eigen::Index(i)) = states.col(columnOf(input.logitPositions[i]));
        LinearWeights layer = unembed;
        layer.bias = bias;
        run.vocabulary = config.vocabulary;
        run.logitPositions = input.logitPositions;
        run.logits.resize(size_t(picked.cols()) * size_t(config.vocabulary));
        ops.linear(layer, picked.data(), d, picked.cols(), run.logits.data(), config.vocabulary);
        capLogits(run.logits.data(), run.logits.size(), config.logitSoftCap);
        requireFinite(run.logits.data(), run.logits.size(), -1, "logits");
    };
    switch (family.readout) {
    case Readout::NextToken: {
        Activations states = x;
        if (output.finalNorm.weight)
            norm(ops, family.norm, states, output.finalNorm, config.epsilon);
        requireFinite(states.data(), size_t(states.size()), -1, "final norm's outputs");
        const Activations last = states.col(columnOf(n - 1));
        run.topNext = topTokens(last.data(), nullptr);
        requireFiniteTokens(run.topNext);
        run.finalState.assign(last.data(), last.data() + d);
        keepLogits(states, nullptr);
        break;
    }
    case Readout::MaskedLm:
        if (!weights.hasMaskedLmHead())
            break;
        Activations transformed = linear(ops, output.maskedLmTransform, x);
        ops.activation(transformed.data(), transformed.rows(), transformed.cols(),
                       config.activation);
        norm(ops, family.norm, transformed, output.maskedLmNorm, config.epsilon);
        for (int position : input.maskPositions) {
            run.masked.push_back({position, topTokens(transformed.col(columnOf(position)).data(),
                                                      output.maskedLmBias)});
            requireFiniteTokens(run.masked.back().top);
        }
        keepLogits(transformed, output.maskedLmBias);
        break;
    }

    if (!input.keepHeads)
        return run;
    AttentionShape shape;
    shape.layers = layers;
    shape.heads = heads;
    shape.queries = n;
    shape.keys = n;
    std::vector<const float *> headMatrices(size_t(layers) * size_t(heads));
    for (size_t i = 0; i < headMatrices.size(); ++i)
        headMatrices[i] = attention->data() + i * matrixSize;
    run.attention = AttentionTensor(shape, std::move(headMatrices), attention);
    run.attention.setVisibility(modelVisibility(config, n, n));
    run.attention.setLayerWindows(layerWindows(config));
    run.attention.setKeyValueHeads(kvHeads);
    return run;
}

std::vector<int> layerWindows(const ModelConfig &config)
{
    std::vector<int> windows;
    for (const LayerAttention &layer : config.layerAttention)
        windows.push_back(layer.window);
    return windows;
}

KeyVisibility modelVisibility(const ModelConfig &config, int queries, int keys, int layer)
{
    KeyVisibility visibility;
    visibility.causal = familyDescription(config.family).causal;
    int window = config.attentionOf(std::max(layer, 0)).window;
    if (layer < 0)
        for (int l = 1; l < config.layers; ++l)
            if (config.attentionOf(l).window != window)
                window = 0;
    visibility.window = visibility.causal ? window : 0;
    visibility.keyOffset = keys - queries;
    return visibility;
}

} // namespace AttentionLab
