// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/kernels/keyvisibility.h"

#include <Eigen/Core>

#include <algorithm>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace AttentionLab {

/// The four axes of a model's attention on one input.
struct AttentionShape
{
    int layers = 0;
    int heads = 0;
    int queries = 0; ///< Q: rows of each head's matrix
    int keys = 0;    ///< K: columns; query i sits at key position i + K - Q

    long long headCount() const { return static_cast<long long>(layers) * heads; }
    long long headSize() const { return static_cast<long long>(queries) * keys; }
    long long elementCount() const { return headCount() * headSize(); }
    bool operator==(const AttentionShape &other) const = default;
};

/**
 * The attention weights of a trained model on one input: layers x heads
 * matrices of queries x keys float32 weights, indexed from 0 everywhere. Each
 * head's matrix is row-major and contiguous; the heads may live in a buffer
 * the tensor owns or in a mapped file whose owner it keeps alive, so a
 * 600 MB file is never copied. Tokens are kept as spelled in the file (GPT-2's
 * "Ġdog", WordPiece's "##ing"); tokenlabels.h prettifies them for display.
 */
class AttentionTensor
{
public:
    using HeadMatrix =
        Eigen::Map<const Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>>;

    AttentionTensor() = default;
    /// Owns \a values, laid out [layers, heads, queries, keys] in C order.
    AttentionTensor(AttentionShape shape, std::vector<float> values);
    /// Heads held elsewhere: \a heads[l * H + h] points at Q x K row-major
    /// floats, valid while \a owner lives.
    AttentionTensor(AttentionShape shape, std::vector<const float *> heads,
                    std::shared_ptr<const void> owner);

    const AttentionShape &shape() const { return m_shape; }
    int layers() const { return m_shape.layers; }
    int heads() const { return m_shape.heads; }
    int queries() const { return m_shape.queries; }
    int keys() const { return m_shape.keys; }
    bool isEmpty() const { return m_shape.elementCount() == 0; }
    /// K - Q: query i is aligned with key i + keyOffset(), as a causal mask does.
    int keyOffset() const { return m_shape.keys - m_shape.queries; }

    /// Head \a head of layer \a layer: Q x K floats, row-major.
    const float *headData(int layer, int head) const
    {
        return m_heads[static_cast<size_t>(layer) * m_shape.heads + head];
    }
    HeadMatrix head(int layer, int head) const
    {
        return HeadMatrix(headData(layer, head), m_shape.queries, m_shape.keys);
    }

    /// K key tokens as spelled in the file, or empty (positions 0, 1, ...).
    const std::vector<std::string> &tokens() const { return m_tokens; }
    /// Q query tokens when they were given apart from the keys', else empty.
    const std::vector<std::string> &queryTokens() const { return m_queryTokens; }
    /// The caller has checked the sizes: K tokens (or none), Q query tokens (or none).
    void setTokens(std::vector<std::string> tokens, std::vector<std::string> queryTokens = {});
    /// Key \a key's token, or its position as text when there are no tokens.
    std::string keyToken(int key) const;
    /// Query \a query's token: its own, or the key token it is aligned with.
    std::string queryToken(int query) const;

    /**
     * The token each query row wrote, when the tensor knows it: a decoder's
     * cross-attention, where the row that read target token i wrote token
     * i + 1 (Bahdanau et al. label their alignment's rows so). Q strings, an
     * empty one where the row's output is not known; empty otherwise.
     */
    const std::vector<std::string> &writtenTokens() const { return m_writtenTokens; }
    void setWrittenTokens(std::vector<std::string> written)
    {
        m_writtenTokens = std::move(written);
    }
    bool rowsAreWritten() const { return !m_writtenTokens.empty(); }
    /// The token that labels row \a query: the one it wrote ("<…>" where that
    /// is not known) when the tensor knows them, else its query token.
    std::string rowToken(int query) const;

    /// Which keys each query could see; a key it could not was masked, not
    /// weighed 0. What every layer shares: a layer of its own window
    /// (Gemma's local layers) says so in visibilityOf().
    const KeyVisibility &visibility() const { return m_visibility; }
    void setVisibility(KeyVisibility visibility) { m_visibility = visibility; }
    bool isMasked(int query, int key) const { return !m_visibility.sees(query, key); }
    /// Layer \a layer's: visibility() with the layer's own sliding window.
    KeyVisibility visibilityOf(int layer) const
    {
        KeyVisibility v = m_visibility;
        if (v.causal && layer >= 0 && size_t(layer) < m_layerWindows.size())
            v.window = m_layerWindows[size_t(layer)];
        return v;
    }
    /// Each layer's window (0: every key before the query), where they differ.
    void setLayerWindows(std::vector<int> windows) { m_layerWindows = std::move(windows); }
    const std::vector<int> &layerWindows() const { return m_layerWindows; }

    /// How many key/value heads the query heads of each layer shared
    /// (grouped-query attention): query head h read key/value head
    /// keyValueHeadOf(h). As many as heads() unless a model said otherwise.
    int keyValueHeads() const { return m_keyValueHeads > 0 ? m_keyValueHeads : heads(); }
    void setKeyValueHeads(int count) { m_keyValueHeads = count; }
    /// The key/value head query head \a head read: head / (heads / key/value heads).
    int keyValueHeadOf(int head) const
    {
        const int group = std::max(1, heads() / std::max(1, keyValueHeads()));
        return head / group;
    }
    /// The query heads that shared key/value head \a kvHead: [first, last].
    std::pair<int, int> queryHeadsOf(int kvHead) const
    {
        const int group = std::max(1, heads() / std::max(1, keyValueHeads()));
        return {kvHead * group, kvHead * group + group - 1};
    }

    /**
     * The numbers layers and heads had where they came from, when only some
     * were kept (BertViz's include_layers and include_heads): layer \a layer
     * of this tensor was layer layerNumber(layer) of the model. Views and
     * figures label with these; indexes into the tensor stay 0-based.
     */
    int layerNumber(int layer) const { return numbered(m_layerNumbers, layer); }
    int headNumber(int head) const { return numbered(m_headNumbers, head); }
    /// "5.1": head headNumber(head) of layer layerNumber(layer).
    std::string headName(int layer, int head) const;
    bool isRenumbered() const { return !m_layerNumbers.empty() || !m_headNumbers.empty(); }
    /// The caller has checked the sizes: layers() numbers (or none), heads() (or none).
    void setNumbers(std::vector<int> layerNumbers, std::vector<int> headNumbers)
    {
        m_layerNumbers = std::move(layerNumbers);
        m_headNumbers = std::move(headNumbers);
    }

private:
    static int numbered(const std::vector<int> &numbers, int index)
    {
        return index >= 0 && size_t(index) < numbers.size() ? numbers[size_t(index)] : index;
    }

    AttentionShape m_shape;
    std::vector<const float *> m_heads;
    std::shared_ptr<const void> m_owner;
    std::vector<std::string> m_tokens;
    std::vector<std::string> m_queryTokens;
    std::vector<std::string> m_writtenTokens;
    KeyVisibility m_visibility;
    std::vector<int> m_layerWindows;
    std::vector<int> m_layerNumbers;
    std::vector<int> m_headNumbers;
    int m_keyValueHeads = 0;
};

/// Bytes of an attention tensor of \a elements float32 weights (what a model's
/// attention file becomes in memory, mapped or converted).
double attentionTensorBytes(double elements);

/// What a decoder that read \a read wrote: its tokens from the second on,
/// then \a next (the token written after the last, "" when not known).
std::vector<std::string> writtenAfter(const std::vector<std::string> &read, std::string next);

} // namespace AttentionLab
