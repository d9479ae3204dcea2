// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "io/tokenizedtext.h"

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
class WordPieceTokenizer
{
public:
    /// vocab.txt one token a line (id = line number); tokenizerConfigJson may be empty or a
    /// missing file: then do_lower_case is true (Hugging Face's default). Throws ReadError
    /// naming the file.
    static WordPieceTokenizer fromFiles(const QString &vocabTxt,
                                        const QString &tokenizerConfigJson = {});

    /// [CLS] A [SEP], or [CLS] A [SEP] B [SEP] when pair is given, with token types 0 then 1.
    /// [MASK], [CLS], [SEP], [PAD] and [UNK] written in the text are those tokens.
    TokenizedText encode(const QString &text,
                         const std::optional<QString> &pair = std::nullopt) const;
    /// The line of vocab.txt ("##ing"); empty if out of range.
    std::string token(int id) const;
    std::optional<int> id(const std::string &token) const;
    /// The number of lines of vocab.txt.
    int vocabularySize() const;
    int maskId() const;
    bool lowerCase() const;

private:
    struct Tables;
    explicit WordPieceTokenizer(std::shared_ptr<const Tables> tables);
    void appendText(const QString &text, std::vector<int> &ids) const;
    std::shared_ptr<const Tables> m_tables;
};

} // namespace AttentionLab
