// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <QHash>
#include <QString>

#include <vector>

namespace AttentionLab {

/**
 * A tokenizer.json's "added_tokens" as Hugging Face's AddedVocabulary finds
 * them in a text: whole, leftmost first and then longest, each with its flags
 * (lstrip and rstrip take the whitespace beside it into the token,
 * single_word wants no letter, digit or "_" touching it). The tokens whose
 * "normalized" flag is false are looked for in the text as typed, the others
 * in the normalized text: one AddedTokens for each.
 */
class AddedTokens
{
public:
    struct Token
    {
        QString content; ///< as matched (the normalized content for normalized tokens)
        int id = -1;
        bool lstrip = false, rstrip = false, singleWord = false;
    };
    /// A stretch of the text: an added token (id >= 0) or text to encode.
    struct Segment
    {
        qsizetype start = 0, end = 0;
        int id = -1;
    };

    explicit AddedTokens(std::vector<Token> tokens);

    /// \a text cut at the added tokens in it; an empty text is one empty segment.
    std::vector<Segment> split(const QString &text) const;
    bool isEmpty() const { return m_tokens.empty(); }

private:
    std::vector<Token> m_tokens;
    /// By first UTF-16 unit, longest first.
    QHash<char16_t, std::vector<int>> m_byFirst;
};

} // namespace AttentionLab
