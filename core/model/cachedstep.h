// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

// Generation's side of the block graph: a causal model's key/value cache and
// one token's step over it, through the same pieces as a whole text's pass
// (core/model/graphpieces.h).

#include "core/model/keyvaluecache.h"
#include "core/model/modelrun.h"
#include "core/model/modelweights.h"

#include <vector>

namespace AttentionLab {

struct KernelSet;

/// An empty cache for \a capacity positions of a causal model (\a capacity
/// at most its positions).
KeyValueCache emptyCache(const ModelConfig &config, int capacity);

/// Fills \a cache with the keys and values a full pass kept (\a run over
/// its first run.tokenCount() tokens, at most the cache's capacity).
void fillCache(KeyValueCache &cache, const ModelRun &run);

/**
 * One token more for a causal model: token \a id at position cache.length,
 * through the same block graph as runModelGraph() with one column, its key
 * and value appended to \a cache. Writes its attention row, laid out
 * [layer][head][key] over the cache.length + 1 keys (0 outside the mask), to
 * \a attentionRow, and the logits of the token after it (the vocabulary's
 * size) to \a logits. The caller checks that id is in the vocabulary and
 * that the cache has room.
 */
void stepModelGraph(const KernelSet &ops, const ModelWeights &weights, KeyValueCache &cache, int id,
                    float *attentionRow, float *logits);

/// The logits of the next token from \a state, the final norm's output (d values).
std::vector<float> nextTokenLogits(const KernelSet &ops, const ModelWeights &weights,
                                   const float *state);

} // namespace AttentionLab
