// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "io/tokenizedtext.h"

#include <QString>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace AttentionLab {

class TokenVocabulary;

/**
 * What a model's tokenizer does for the rest of the program, whichever files
 * it was read from: GPT-2's vocab.json and merges.txt (Gpt2Tokenizer), BERT's
 * vocab.txt (WordPieceTokenizer) or a tokenizer.json (HubTokenizer).
 * PretrainedModel holds one and never asks which it is.
 *
 * Every tokenizer keeps its ids and tokens in a TokenVocabulary, so the look-ups
 * (token(), id(), vocabularySize()) are written here once. Implementations are
 * cheap to copy (they share their tables) and encode from several threads at
 * once.
 */
class Tokenizer
{
public:
    /// The ids of the special tokens, each unset where the tokenizer has none.
    struct SpecialIds
    {
        std::optional<int> bos;          ///< beginning of text
        std::optional<int> eos;          ///< end of text; generation stops there
        std::optional<int> pad;          ///< padding
        std::optional<int> mask;         ///< what a masked-language model guesses at
        std::optional<int> decoderStart; ///< an encoder-decoder's first decoder token
    };

    virtual ~Tokenizer();

    /// Ids and tokens of \a text. \a bos, when given, says whether the
    /// beginning-of-text token comes first; unset, as the tokenizer does by
    /// itself (addsBos()). A tokenizer that starts every text with a token of
    /// its own (BERT's [CLS], choosesBos() false) ignores it. A lone UTF-16
    /// surrogate is read as U+FFFD.
    virtual TokenizedText encode(const QString &text,
                                 std::optional<bool> bos = std::nullopt) const = 0;
    /// Whether encodePair() reads two texts (BERT's sentence pairs).
    virtual bool readsPairs() const;
    /// Ids, tokens and token types of \a text followed by \a pair, where
    /// readsPairs(); otherwise throws ReadError.
    virtual TokenizedText encodePair(const QString &text, const QString &pair) const;
    /// Whether encode() takes the choice of a beginning-of-text token.
    virtual bool choosesBos() const;
    /// Whether encode() puts the beginning-of-text token first when not told.
    virtual bool addsBos() const;
    /// The text of \a ids, UTF-8, as Hugging Face's decode() with special
    /// tokens kept. A character spread over several tokens comes whole only
    /// once all of them are there.
    virtual std::string decode(const std::vector<int> &ids) const = 0;
    virtual SpecialIds specialIds() const = 0;

    /// The spelling in the vocabulary ("Ġdog", "##ing", "▁the", "<0x0A>");
    /// empty if no token has that id.
    std::string token(int id) const;
    /// token(), or "<id>" for an id the vocabulary leaves out (Pythia's 50304
    /// rows over 50277 tokens, padded for speed): no token is spelled empty.
    std::string spelling(int id) const;
    std::optional<int> id(const std::string &token) const;
    /// One more than the largest id, added tokens included (50257 for GPT-2,
    /// 151669 for Qwen3, the lines of BERT's vocab.txt).
    int vocabularySize() const;
    /// One more than the largest id of the model's own pieces, the tokens
    /// only added aside (Gemma 3's <image_soft_token>, one past its 262,144
    /// embeddings): what must have a row of the embeddings.
    virtual int pieceCount() const;

protected:
    /// \a vocabulary lives in the implementation's shared tables (an aliasing
    /// pointer), so copies share it.
    explicit Tokenizer(std::shared_ptr<const TokenVocabulary> vocabulary);
    Tokenizer(const Tokenizer &) = default;
    Tokenizer(Tokenizer &&) = default;
    Tokenizer &operator=(const Tokenizer &) = default;
    Tokenizer &operator=(Tokenizer &&) = default;

    const TokenVocabulary &vocabulary() const { return *m_vocabulary; }
    /// \a text with each lone UTF-16 surrogate replaced by U+FFFD, as
    /// QString::fromUtf8 would read it.
    static QString withoutLoneSurrogates(const QString &text);

private:
    std::shared_ptr<const TokenVocabulary> m_vocabulary;
};

} // namespace AttentionLab
