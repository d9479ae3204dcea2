// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "io/tokenizer.h"

#include <QString>

#include <memory>
#include <optional>
#include <string>

namespace AttentionLab {

/**
 * GPT-2's byte-level BPE tokenizer (openai/gpt-2 src/encoder.py), read from a
 * Hugging Face folder's vocab.json and merges.txt. It gives the ids of the
 * reference encoder on any text; "<|endoftext|>" written in the text is that
 * one special token, as in Hugging Face's tokenizer.
 *
 * Copies share the tables and the cache of encoded pieces, so a copy is cheap;
 * encode() may be called from several threads at once.
 */
class Gpt2Tokenizer final : public Tokenizer
{
public:
    /// Throws ReadError (io/readerror.h) with one line naming the file and what is wrong
    /// ("vocab.json: is not a JSON object of token to id", "merges.txt: line 7 is not two
    /// tokens", a missing file).
    static Gpt2Tokenizer fromFiles(const QString &vocabJson, const QString &mergesTxt);
    /// BART's use of the same files (RobertaTokenizer): every text between
    /// <s> and </s>; <s>, </s>, <pad>, <unk> and <mask> written in a text are
    /// those tokens. Throws ReadError as fromFiles() does, and when vocab.json
    /// lacks <s> or </s>.
    static Gpt2Tokenizer bartFromFiles(const QString &vocabJson, const QString &mergesTxt);

    /// Ids and tokens of \a text; \a bos true prepends <|endoftext|> (TransformerLens;
    /// unset, none, as Hugging Face's tokenizer). "<|endoftext|>" written in the text is
    /// that one special token, the text around it encoded as usual (Hugging Face).
    /// tokenTypes stays empty. A lone UTF-16 surrogate is read as U+FFFD.
    TokenizedText encode(const QString &text,
                         std::optional<bool> bos = std::nullopt) const override;
    /// The bytes of the tokens back from their characters (ByteLevelAlphabet).
    std::string decode(const std::vector<int> &ids) const override;
    /// <|endoftext|> begins and ends a text; no pad, mask or decoder start.
    /// BART's: <s> begins, </s> ends, <pad> pads, <mask> masks.
    SpecialIds specialIds() const override;
    int endOfTextId() const;

private:
    struct Tables;
    explicit Gpt2Tokenizer(std::shared_ptr<Tables> tables);
    static Gpt2Tokenizer read(const QString &vocabJson, const QString &mergesTxt, bool bart);
    std::shared_ptr<Tables> m_tables;
};

} // namespace AttentionLab
