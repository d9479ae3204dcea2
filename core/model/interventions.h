// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/model/modelconfig.h"

#include <memory>
#include <string>
#include <vector>

namespace AttentionLab {

/// One query head of a model: its layer and head, from 0.
struct HeadIndex
{
    int layer = 0;
    int head = 0;
    friend bool operator==(const HeadIndex &, const HeadIndex &) = default;
    /// Layer by layer, then head by head.
    friend bool operator<(const HeadIndex &a, const HeadIndex &b)
    {
        return a.layer < b.layer || (a.layer == b.layer && a.head < b.head);
    }
};

/// \a heads in order, each once.
std::vector<HeadIndex> sortedHeads(std::vector<HeadIndex> heads);

/// How an ablated head's output is replaced (Michel et al. 2019 zero it;
/// "mean ablation" keeps its average over the text's positions: in a causal
/// model, position i's over positions 0 to i, so that none reads a later token).
enum class AblationKind
{
    Zero,
    Mean
};

/**
 * Attention knockout (Geva et al. 2023): the score of query \a query on key
 * \a key, in layer \a layer and head \a head (every head of the layer when
 * -1), is minus infinity before the softmax, so the row renormalises over
 * the keys left, as the causal mask does.
 */
struct EdgeKnockout
{
    int layer = 0;
    int head = -1;
    int query = 0;
    int key = 0;
};

/// A position of the residual stream entering a layer (TransformerLens's resid_pre).
struct ResidualSite
{
    int layer = 0;
    int position = 0;
};

/**
 * What a clean run leaves for patching (ModelInput::keepPatchSource): each
 * layer's head outputs (the attention's context before the output
 * projection, heads x d_h rows) and the residual stream entering it (d
 * rows), a column per position.
 */
struct PatchSource
{
    int positions = 0;
    int queryWidth = 0; ///< heads x d_h
    int modelDim = 0;
    std::vector<float> contexts;    ///< [layer][position][queryWidth]
    std::vector<float> layerInputs; ///< [layer][position][d]

    const float *context(int layer) const
    {
        return contexts.data() + size_t(layer) * size_t(positions) * size_t(queryWidth);
    }
    const float *layerInput(int layer) const
    {
        return layerInputs.data() + size_t(layer) * size_t(positions) * size_t(modelDim);
    }
};

/**
 * Changes made to a model's pass, which compose: heads ablated, attention
 * edges knocked out, and head outputs or residual positions patched from a
 * clean run of another text of the same length.
 */
struct Interventions
{
    std::vector<HeadIndex> ablated;
    AblationKind ablation = AblationKind::Zero;
    std::vector<EdgeKnockout> knockouts;
    /// The clean run the patches copy from; needed when anything is patched.
    std::shared_ptr<const PatchSource> source;
    std::vector<HeadIndex> patchedHeads;
    std::vector<ResidualSite> patchedResidual;

    bool empty() const
    {
        return ablated.empty() && knockouts.empty() && patchedHeads.empty() &&
               patchedResidual.empty();
    }
    /// The lowest layer they change; \a layers when they change none.
    int firstLayer(int layers) const;
};

/**
 * The first reason \a interventions cannot be applied to a pass of \a n
 * tokens of a model of \a config, as one line ("head 3.7 is out of range: the
 * model has 4 heads a layer", "the knockouts leave query 2 of head 1.0 no
 * key"), or "" when they can.
 */
std::string interventionProblem(const Interventions &interventions, const ModelConfig &config,
                                int n);

/// Key/value head \a kvHead of \a layer as the query heads that read it
/// (grouped-query attention: heads / kvHeads of them).
std::vector<HeadIndex> queryHeadsOfKeyValueHead(const ModelConfig &config, int layer, int kvHead);

/// "1.2" for layer 1, head 2.
std::string headName(const HeadIndex &head);
/// "1.2:7>3", or "1.*:7>3" in every head of layer 1: as the command line writes it.
std::string edgeName(const EdgeKnockout &knockout);

} // namespace AttentionLab
