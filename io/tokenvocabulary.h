// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace AttentionLab {

/**
 * A tokenizer's vocabulary: each id's token as the file spells it, and each
 * token's id. Ids may have gaps (a vocab.json or tokenizer.json need not
 * number every id); a gap has no token. What the three tokenizers (GPT-2's
 * vocab.json, BERT's vocab.txt, tokenizer.json) share; each reader decides
 * what a token given twice, or an id given twice, means for its file.
 */
class TokenVocabulary
{
public:
    void reserve(std::size_t tokens);
    /// Gives \a id the token \a token and \a token the id \a id (a token
    /// met again takes its later id, as Hugging Face's readers do).
    void set(int id, std::string token);
    /// True when \a id already has a token.
    bool hasToken(int id) const;
    /// The token of \a id; empty for a gap or an id out of range.
    std::string token(int id) const;
    /// The token of an id known to have one (an id the tokenizer made).
    const std::string &tokenOf(int id) const { return m_tokens[std::size_t(id)]; }
    std::optional<int> id(const std::string &token) const;
    /// One past the largest id: the ids a model's rows are read with.
    int size() const { return int(m_tokens.size()); }

private:
    std::vector<std::string> m_tokens; // by id; empty where no token has the id
    std::unordered_map<std::string, int> m_ids;
};

} // namespace AttentionLab
