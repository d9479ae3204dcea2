// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/model/cachedstep.h"

#include "core/kernels/kernelset.h"
#include "core/model/familydescription.h"
#include "core/model/finitechecks.h"
#include "core/model/graphpieces.h"
#include "core/model/modelgraph.h"
#include "core/model/rotarytable.h"

#include <algorithm>
#include <cmath>

namespace AttentionLab {

using namespace GraphPieces;

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
    case PositionKind::RelativeBias:
    case PositionKind::SplitSinusoid:
        break;
    case PositionKind::Rotary:
        // Short factors for the positions before original_max_position_embeddings.
        cache.rotary = rotaryTables(config, capacity, 1);
        if (config.rotary.scaling == RopeScaling::LongRope)
            cache.longRotary =
                rotaryTables(config, capacity, capacity + 1 + config.rotary.originalPositions);
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
    scoring.scale = config.attentionScale();
    scoring.softCap = config.attentionSoftCap;
    // longrope: a text longer than original_max_position_embeddings takes
    // the long factors (the Generator reads the whole text again at the step
    // that crosses it, as transformers' Phi-3 does, so the cache's keys too).
    const RotaryTables &tables = longRotary(config, m) ? cache.longRotary : cache.rotary;

    const EmbeddingWeights embeddings = weights.embeddings();
    Activations x = embed(ops, config, embeddings, {id}, {}, position);
    for (int l = 0; l < config.layers; ++l) {
        const LayerWeights layer = weights.layer(l);
        scoring.visibility = modelVisibility(config, 1, m, l);
        const RotaryTable *table =
            family.positions == PositionKind::Rotary ? tables.of(config, l) : nullptr;
        const int half = table ? table->rotated / 2 : 0;
        QueryKeyValue qkv;
        projectQueryKeyValue(ops, config, layer, x, table ? table->rotated : 0,
                             table ? table->cos.data() + std::ptrdiff_t(position) * half : nullptr,
                             table ? table->sin.data() + std::ptrdiff_t(position) * half : nullptr,
                             qkv);
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
    capLogits(logits, size_t(config.vocabulary), config.logitSoftCap);
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
    capLogits(logits.data(), logits.size(), config.logitSoftCap);
    requireFinite(logits.data(), logits.size(), -1, "logits");
    return logits;
}

} // namespace AttentionLab
