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
 * BERT's tokenizer (google-research/bert tokenization.py, Hugging Face's
 * BertTokenizer): the basic tokenizer, then greedy longest-match-first
 * WordPiece with "##" continuation pieces, read from a Hugging Face folder's
 * vocab.txt and tokenizer_config.json.
 *
 * Copies share the vocabulary, so a copy is cheap; encode() may be called from
 * several threads at once.
 */
class WordPieceTokenizer final : public Tokenizer
{
public:
    /// vocab.txt one token a line (id = line number); tokenizerConfigJson may be empty or a
    /// missing file: then do_lower_case is true (Hugging Face's default). Throws ReadError
    /// naming the file.
    static WordPieceTokenizer fromFiles(const QString &vocabTxt,
                                        const QString &tokenizerConfigJson = {});

    /// [CLS] A [SEP], or [CLS] A [SEP] B [SEP] when pair is given, with token types 0 then 1.
    /// [MASK], [CLS], [SEP], [PAD] and [UNK] written in the text are those tokens.
    TokenizedText encode(const QString &text, const std::optional<QString> &pair) const;
    /// [CLS] A [SEP]; \a bos is ignored, [CLS] begins every text.
    TokenizedText encode(const QString &text,
                         std::optional<bool> bos = std::nullopt) const override;
    bool readsPairs() const override;
    TokenizedText encodePair(const QString &text, const QString &pair) const override;
    /// False: [CLS] begins every text.
    bool choosesBos() const override;
    /// The tokens joined by spaces, as spelled in vocab.txt ("[CLS] the dog ##s [SEP]").
    std::string decode(const std::vector<int> &ids) const override;
    /// [MASK] and, when vocab.txt has it, [PAD]; no beginning or end of text
    /// (Hugging Face's BertTokenizer has neither) nor decoder start.
    SpecialIds specialIds() const override;
    int maskId() const;
    bool lowerCase() const;

private:
    struct Tables;
    explicit WordPieceTokenizer(std::shared_ptr<const Tables> tables);
    void appendText(const QString &text, std::vector<int> &ids) const;
    std::shared_ptr<const Tables> m_tables;
};

} // namespace AttentionLab
