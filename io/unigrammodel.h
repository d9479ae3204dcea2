// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <QJsonObject>

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace AttentionLab {

class TokenVocabulary;

/**
 * The "Unigram" model of a tokenizer.json (Hugging Face tokenizers'
 * models/unigram, after SentencePiece's unigram_model.cc): pieces with their
 * log-probabilities, and the segmentation of a pre-token that maximises the
 * sum of its pieces' scores (Viterbi, one UTF-8 character at a time over the
 * pieces that begin there, found in a byte trie). A character no piece begins
 * with is an unknown of score min_score - 10; unknowns next to each other are
 * one. An unknown becomes its UTF-8 bytes as "<0xNN>" pieces with
 * byte_fallback, else unk_id.
 */
class UnigramModel
{
public:
    /// From the model object ({"type": "Unigram", "unk_id", "vocab":
    /// [[piece, score], ...], "byte_fallback"}); each piece's id is its index,
    /// and goes into \a vocabulary. Throws ReadError naming what is wrong.
    static UnigramModel fromJson(const QJsonObject &model, TokenVocabulary &vocabulary);

    /// The ids of \a piece (UTF-8, as the pre-tokenizer gave it).
    std::vector<int> encode(std::string_view piece) const;
    int size() const { return int(m_scores.size()); }

private:
    /// Each piece that begins \a text at \a from: (end, id).
    template <typename Visit>
    void prefixes(std::string_view text, std::size_t from, Visit visit) const;
    /// The id of the piece spelled \a text, if there is one.
    std::optional<int> find(std::string_view text) const;

    std::vector<double> m_scores; // by id
    std::optional<int> m_unk;
    double m_unknownScore = 0;
    bool m_byteFallback = false;
    std::array<int, 256> m_byteIds{};
    /// The trie: node n's child on byte b is m_children[(n << 8) | b]; the
    /// node's piece, if it ends one, is m_ends[n].
    std::unordered_map<std::uint64_t, int> m_children;
    std::vector<int> m_ends;
};

} // namespace AttentionLab
