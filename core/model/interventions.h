// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/model/modelconfig.h"
#include "core/sets/attentionset.h"

#include <memory>
#include <string>
#include <vector>

namespace AttentionLab {

/**
 * One query head of a model: its layer and head, from 0, in attention \a
 * set. A single stack has one attention, stackKind() (a decoder's, or an
 * encoder's for BERT); an encoder-decoder three: its encoder's and its
 * decoder's self-attention, and the cross-attention in the decoder's blocks.
 */
struct HeadIndex
{
    int layer = 0;
    int head = 0;
    AttentionKind set = AttentionKind::Decoder;
    friend bool operator==(const HeadIndex &, const HeadIndex &) = default;
    /// Set by set, then layer by layer, then head by head.
    friend bool operator<(const HeadIndex &a, const HeadIndex &b)
    {
        if (a.set != b.set)
            return a.set < b.set;
        return a.layer < b.layer || (a.layer == b.layer && a.head < b.head);
    }
};

/// The one attention of a single stack of \a config: a decoder's where it is
/// causal, an encoder's otherwise (BERT). What an intervention on a single
/// stack names; an encoder-decoder's names one of its three.
AttentionKind stackKind(const ModelConfig &config);

/// "GPT-2 has only its decoder self-attention": what a single stack of \a
/// config says to an intervention or a sweep that names another attention.
std::string onlyAttentionText(const ModelConfig &config);

/// Why the cross-attention's residual stream cannot be patched, one line.
std::string crossResidualText();

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
    /// An encoder-decoder's cross-attention: query \a query of the target
    /// over key \a key of the source.
    AttentionKind set = AttentionKind::Decoder;
};

/// A position of the residual stream entering a layer (TransformerLens's
/// resid_pre); of an encoder-decoder's encoder (over the source) or decoder
/// (over the target), as \a stack says.
struct ResidualSite
{
    int layer = 0;
    int position = 0;
    AttentionKind stack = AttentionKind::Decoder;
};

/**
 * What a clean run leaves for patching (ModelInput::keepPatchSource): each
 * layer's head outputs (the attention's context before the output
 * projection, heads x d_h rows) and the residual stream entering it (d
 * rows), a column per position. An encoder-decoder's is its decoder's, with
 * the cross-attention's head outputs beside the self-attention's, and holds
 * its encoder's.
 */
struct PatchSource
{
    int positions = 0;
    int queryWidth = 0; ///< heads x d_h
    int modelDim = 0;
    std::vector<float> contexts;      ///< [layer][position][queryWidth]
    std::vector<float> crossContexts; ///< an encoder-decoder's decoder: the cross-attention's
    std::vector<float> layerInputs;   ///< [layer][position][d]
    /// An encoder-decoder's decoder's: its encoder's, whose outputs are the
    /// stack's states after its final norm (what the cross-attention reads).
    std::shared_ptr<const PatchSource> encoder;
    std::vector<float> outputs; ///< [position][d], an encoder's

    /// The stack that holds the heads of \a set: the encoder's for its
    /// self-attention, else this one.
    const PatchSource &stack(AttentionKind set) const
    {
        return set == AttentionKind::Encoder && encoder ? *encoder : *this;
    }
    /// Layer \a layer's head outputs of attention \a set, positions x queryWidth.
    const float *context(int layer, AttentionKind set = AttentionKind::Decoder) const
    {
        const PatchSource &s = stack(set);
        const std::vector<float> &rows =
            set == AttentionKind::Cross && encoder ? s.crossContexts : s.contexts;
        return rows.data() + size_t(layer) * size_t(s.positions) * size_t(s.queryWidth);
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
    /// The lowest layer they change; \a layers when they change none. Of an
    /// encoder-decoder, firstLayer(AttentionKind::Encoder, ...) is the
    /// encoder's, and any other set's the decoder's (its blocks hold the
    /// cross-attention).
    int firstLayer(int layers) const;
    int firstLayer(AttentionKind stack, int layers) const;
};

/**
 * The first reason \a interventions cannot be applied to a pass of \a n
 * tokens of a model of \a config, as one line ("head 3.7 is out of range: the
 * model has 4 heads a layer", "the knockouts leave query 2 of head 1.0 no
 * key"), or "" when they can. An encoder-decoder's pass reads \a sources
 * tokens with its encoder and \a n with its decoder.
 */
std::string interventionProblem(const Interventions &interventions, const ModelConfig &config,
                                int n, int sources = 0);

/// Key/value head \a kvHead of \a layer as the query heads that read it
/// (grouped-query attention: heads / kvHeads of them).
std::vector<HeadIndex> queryHeadsOfKeyValueHead(const ModelConfig &config, int layer, int kvHead);

/// "1.2" for layer 1, head 2; "cross:1.2" with \a withSet (an encoder-decoder's).
std::string headName(const HeadIndex &head, bool withSet = false);
/// "1.2:7>3", or "1.*:7>3" in every head of layer 1: as the command line
/// writes it; "cross:1.2:7>3" with \a withSet.
std::string edgeName(const EdgeKnockout &knockout, bool withSet = false);
/// "1@3": layer 1's input at position 3; "encoder:1@3" with \a withSet.
std::string siteName(const ResidualSite &site, bool withSet = false);

} // namespace AttentionLab
