// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "io/addedtokens.h"

#include <algorithm>

namespace AttentionLab {

namespace {

/// Rust's char::is_whitespace is Unicode's White_Space, as QChar::isSpace.
bool isSpaceAt(const QString &text, qsizetype at)
{
    return text[at].isSpace();
}

/// A word character next to a single_word token: a letter, a digit, a mark or "_".
bool isWordCharacter(char32_t c)
{
    return c == U'_' || QChar::isLetterOrNumber(c) || QChar::isMark(c);
}

char32_t characterBefore(const QString &text, qsizetype at)
{
    if (at >= 2 && text[at - 1].isLowSurrogate() && text[at - 2].isHighSurrogate())
        return QChar::surrogateToUcs4(text[at - 2], text[at - 1]);
    return text[at - 1].unicode();
}

char32_t characterAt(const QString &text, qsizetype at)
{
    if (at + 1 < text.size() && text[at].isHighSurrogate() && text[at + 1].isLowSurrogate())
        return QChar::surrogateToUcs4(text[at], text[at + 1]);
    return text[at].unicode();
}

} // namespace

AddedTokens::AddedTokens(std::vector<Token> tokens) : m_tokens(std::move(tokens))
{
    for (int i = 0; i < int(m_tokens.size()); ++i)
        if (!m_tokens[std::size_t(i)].content.isEmpty())
            m_byFirst[m_tokens[std::size_t(i)].content[0].unicode()].push_back(i);
    for (auto it = m_byFirst.begin(); it != m_byFirst.end(); ++it)
        std::stable_sort(it->begin(), it->end(), [this](int a, int b) {
            return m_tokens[std::size_t(a)].content.size() >
                   m_tokens[std::size_t(b)].content.size();
        });
}

std::vector<AddedTokens::Segment> AddedTokens::split(const QString &text) const
{
    std::vector<Segment> out;
    if (text.isEmpty()) {
        out.push_back({0, 0, -1});
        return out;
    }
    qsizetype done = 0; // end of the last segment written
    qsizetype at = 0;
    while (at < text.size()) {
        const auto candidates = m_byFirst.constFind(text[at].unicode());
        int found = -1;
        if (candidates != m_byFirst.cend())
            for (const int index : *candidates)
                if (QStringView(text).mid(at).startsWith(m_tokens[std::size_t(index)].content)) {
                    found = index;
                    break;
                }
        if (found < 0) {
            ++at;
            continue;
        }
        const Token &token = m_tokens[std::size_t(found)];
        qsizetype start = at, stop = at + token.content.size();
        at = stop; // the search goes on after the match, kept or not
        if (token.singleWord) {
            const bool spaceBefore = start == 0 || !isWordCharacter(characterBefore(text, start));
            const bool spaceAfter =
                stop == text.size() || !isWordCharacter(characterAt(text, stop));
            if (!spaceBefore || !spaceAfter)
                continue;
        }
        if (token.lstrip)
            while (start > done && isSpaceAt(text, start - 1))
                --start;
        if (token.rstrip)
            while (stop < text.size() && isSpaceAt(text, stop))
                ++stop;
        if (done < start)
            out.push_back({done, start, -1});
        out.push_back({start, stop, token.id});
        done = stop;
        at = std::max(at, stop);
    }
    if (done < text.size())
        out.push_back({done, text.size(), -1});
    return out;
}

} // namespace AttentionLab
