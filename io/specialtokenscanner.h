// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <QString>

#include <utility>
#include <vector>

namespace AttentionLab {

/**
 * Finds the special tokens written in a text ("[MASK]", "<|endoftext|>"), one
 * after the other, in time linear in the text: each token's next occurrence
 * is remembered, and the text is searched again for a token only once the
 * scan has passed that occurrence. So the text is searched once per token
 * found plus once per special token, never once per special token for each
 * one found (which made 21,845 [MASK] take 14 s).
 */
class SpecialTokenScanner
{
public:
    struct Match
    {
        qsizetype at = -1; ///< -1: no special token from there on
        qsizetype length = 0;
        int id = -1;
    };

    /// \a specials: each spelling with its id; none may be a prefix of another.
    SpecialTokenScanner(const QString &text, const std::vector<std::pair<QString, int>> &specials);

    /// The earliest special token at or after \a from (which never decreases
    /// from one call to the next).
    Match next(qsizetype from);

    /// How many times the text has been searched (QString::indexOf calls).
    qsizetype searches() const { return m_searches; }

private:
    const QString &m_text;
    const std::vector<std::pair<QString, int>> &m_specials;
    std::vector<qsizetype> m_next; ///< each special's next occurrence; -1 for none left
    std::vector<qsizetype> m_searchedFrom;
    qsizetype m_searches = 0;
};

} // namespace AttentionLab
