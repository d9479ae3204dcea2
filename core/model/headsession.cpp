// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/model/headsession.h"

#include "core/model/familydescription.h"
#include "core/sets/tokenlabels.h"

#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace AttentionLab {

namespace {

/// Rows [offset, offset + n * d) of \a rows as an n x d double matrix.
Matrix headRows(const std::vector<float> &rows, long long offset, int n, int d)
{
    using FloatRows = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
    return Eigen::Map<const FloatRows>(rows.data() + offset, n, d).cast<double>();
}

} // namespace

Session headSession(const ModelRun &run, int layer, int head)
{
    if (layer < 0 || layer >= run.attention.layers() || head < 0 || head >= run.attention.heads())
        throw std::out_of_range("no head " + std::to_string(layer) + "." + std::to_string(head) +
                                " in a model of " + std::to_string(run.attention.layers()) +
                                " layers of " + std::to_string(run.attention.heads()) + " heads");
    const int n = run.tokenCount();
    const long long offset = run.headOffset(layer, head);
    Session session;
    session.tokens.reserve(size_t(n));
    for (int i = 0; i < n; ++i)
        session.tokens.push_back(displayToken(run.attention.keyToken(i)));
    session.queries = headRows(run.queries, offset, n, run.headDim);
    session.keys = headRows(run.keys, offset, n, run.headDim);
    session.values = headRows(run.values, offset, n, run.headDim);
    session.options.scale = true;
    session.options.temperature = 1.0;
    session.options.mask = familyDescription(run.family).causal ? MaskMode::Causal : MaskMode::None;
    // The layer's own window (a local layer's), and Gemma 2's cap.
    session.options.window = run.attention.visibilityOf(layer).window;
    session.options.softCap = run.attentionSoftCap;
    // Its layer's rotary base, or none (a NoPE layer), for the Position lab.
    if (size_t(layer) < run.layerPositions.size())
        session.positions = run.layerPositions[size_t(layer)];
    // Gemma's scale, query_pre_attn_scalar^-0.5, folded into q so that the
    // lab's 1/sqrt(d_k) gives the model's scores (a factor of 1 where the
    // scalar is the head size, as in every Gemma but Gemma 2 27B).
    if (run.scoreScale > 0.0f)
        session.queries *= double(run.scoreScale) * std::sqrt(double(run.headDim));
    return session;
}

Session headSession(const ModelRun &run, AttentionKind kind, int layer, int head)
{
    if (!run.encoderDecoder()) {
        if (kind != kindOf(run.attention))
            throw std::out_of_range("the run has no " + attentionKindTitle(kind));
        return headSession(run, layer, head);
    }
    const AttentionTensor &tensor = kind == AttentionKind::Encoder ? run.encoderAttention
                                    : kind == AttentionKind::Cross ? run.crossAttention
                                                                   : run.attention;
    if (layer < 0 || layer >= tensor.layers() || head < 0 || head >= tensor.heads())
        throw std::out_of_range("no head " + std::to_string(layer) + "." + std::to_string(head) +
                                " in the " + attentionKindTitle(kind) + " of " +
                                std::to_string(tensor.layers()) + " layers of " +
                                std::to_string(tensor.heads()) + " heads");
    const std::vector<float> &queries = kind == AttentionKind::Encoder ? run.encoderVectors.queries
                                        : kind == AttentionKind::Cross ? run.crossVectors.queries
                                                                       : run.queries;
    const std::vector<float> &keys = kind == AttentionKind::Encoder ? run.encoderVectors.keys
                                     : kind == AttentionKind::Cross ? run.crossVectors.keys
                                                                    : run.keys;
    const std::vector<float> &values = kind == AttentionKind::Encoder ? run.encoderVectors.values
                                       : kind == AttentionKind::Cross ? run.crossVectors.values
                                                                      : run.values;
    const int m = tensor.queries();
    const int n = tensor.keys();
    const int d = int(keys.size() / (size_t(tensor.layers()) * size_t(tensor.heads()) * size_t(n)));
    const long long headIndex = static_cast<long long>(layer) * tensor.heads() + head;
    Session session;
    for (int j = 0; j < n; ++j)
        session.tokens.push_back(displayToken(tensor.keyToken(j)));
    if (kind == AttentionKind::Cross)
        for (int i = 0; i < m; ++i)
            session.queryTokens.push_back(displayToken(tensor.rowToken(i)));
    session.queries = headRows(queries, headIndex * m * d, m, d);
    session.keys = headRows(keys, headIndex * n * d, n, d);
    session.values = headRows(values, headIndex * n * d, n, d);
    session.options.scale = familyDescription(run.family).scaledScores;
    session.options.temperature = 1.0;
    session.options.mask = kind == AttentionKind::Decoder ? MaskMode::Causal : MaskMode::None;
    // T5's self-attentions added a learned bias per offset to the scores:
    // the session carries it, B(i, j) for key j's offset from query i.
    if (run.relativeBias && kind != AttentionKind::Cross) {
        const bool decoder = kind == AttentionKind::Decoder;
        session.bias.resize(m, n);
        for (int i = 0; i < m; ++i)
            for (int j = 0; j < n; ++j)
                session.bias(i, j) = double(run.relativeBias->bias(decoder, head, j - i));
    }
    return session;
}

std::string headSessionNote(const ModelConfig &config, AttentionKind kind, int layer, int head)
{
    const FamilyDescription &family = familyDescription(config.family);
    if (!family.encoderDecoder)
        return headSessionNote(config, layer, head);
    std::string note = kind == AttentionKind::Cross
                           ? "the decoder's queries over the encoder's keys and values"
                           : headSessionNote(config, layer, head);
    if (!family.scaledScores && kind == AttentionKind::Cross)
        note += "; the model did not divide its scores by sqrt(d_k) (T5), nor does the lab here";
    return note;
}

std::string headSessionNote(const ModelConfig &config, int layer, int head)
{
    const FamilyDescription &family = familyDescription(config.family);
    const LayerAttention attention = config.attentionOf(layer);
    std::string note;
    switch (family.positions) {
    case PositionKind::Learned:
        note = "positions were added to the input (learned)";
        break;
    case PositionKind::SplitSinusoid:
        note = "positions were added to the input (Eq. 16.4's sinusoids, sines and cosines in "
               "two halves)";
        break;
    case PositionKind::RelativeBias:
        note = "the model added a learned bias per offset between tokens to the scores (" +
               positionSummary(config) +
               "), which the session carries as B, and did not divide them by sqrt(d_k)";
        break;
    case PositionKind::Rotary:
        if (!attention.rotary) {
            // SmolLM3's NoPE layers: nothing says where a token stands.
            note = std::string(family.queryKeyNorm ? "q and k normed per head, " : "") +
                   "no positions in this layer: its scores are the same for any order of the "
                   "tokens";
            break;
        }
        note = std::string(family.queryKeyNorm ? "q and k normed per head, then rotated"
                                               : "q and k rotated") +
               " by each token's position (" + layerPositionSummary(config, layer) +
               "): their dot products depend on the offset between tokens alone";
        break;
    }
    const int kv = config.keyValueHeads();
    if (kv < config.heads && kv > 0) {
        const int group = config.heads / kv;
        const int shared = head / group;
        note += "; query head " + std::to_string(head) + " read key/value head " +
                std::to_string(shared) + ", shared with heads " + std::to_string(shared * group) +
                " to " + std::to_string(shared * group + group - 1);
    }
    if (config.scoreScale > 0.0f &&
        std::abs(double(config.scoreScale) * std::sqrt(double(config.headDim())) - 1.0) > 1e-6)
        note += "; the model scaled its scores by query_pre_attn_scalar^-0.5, not 1/sqrt(d_k): q "
                "is multiplied here by the ratio of the two";
    if (config.attentionSoftCap > 0.0f) {
        char cap[32];
        std::snprintf(cap, sizeof cap, "%g", double(config.attentionSoftCap));
        note += std::string("; its scores soft-capped, ") + cap + " tanh(s / " + cap +
                "), as the lab's Soft Cap does";
    }
    if (attention.window > 0)
        note += "; a local layer: each token sees only its last " +
                std::to_string(attention.window) + " keys, the lab's sliding window";
    return note;
}

} // namespace AttentionLab
