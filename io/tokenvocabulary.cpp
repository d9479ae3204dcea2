// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "io/tokenvocabulary.h"

namespace AttentionLab {

void TokenVocabulary::reserve(std::size_t tokens)
{
    m_tokens.reserve(tokens);
    m_ids.reserve(tokens * 2);
}

void TokenVocabulary::set(int id, std::string token)
{
    if (std::size_t(id) >= m_tokens.size())
        m_tokens.resize(std::size_t(id) + 1);
    m_tokens[std::size_t(id)] = token;
    m_ids.insert_or_assign(std::move(token), id);
}

bool TokenVocabulary::hasToken(int id) const
{
    return id >= 0 && std::size_t(id) < m_tokens.size() && !m_tokens[std::size_t(id)].empty();
}

std::string TokenVocabulary::token(int id) const
{
    if (id < 0 || std::size_t(id) >= m_tokens.size())
        return {};
    return m_tokens[std::size_t(id)];
}

std::optional<int> TokenVocabulary::id(const std::string &token) const
{
    const auto found = m_ids.find(token);
    if (found == m_ids.end())
        return std::nullopt;
    return found->second;
}

} // namespace AttentionLab
