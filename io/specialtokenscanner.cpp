// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "io/specialtokenscanner.h"

namespace AttentionLab {

SpecialTokenScanner::SpecialTokenScanner(const QString &text,
                                         const std::vector<std::pair<QString, int>> &specials)
    : m_text(text), m_specials(specials), m_next(specials.size(), 0),
      m_searchedFrom(specials.size(), -1)
{
}

SpecialTokenScanner::Match SpecialTokenScanner::next(qsizetype from)
{
    Match match;
    for (std::size_t k = 0; k < m_specials.size(); ++k) {
        // Searched again only when the scan has passed the occurrence found
        // (or before the first search); a token with none left stays so.
        if (m_searchedFrom[k] < 0 || (m_next[k] >= 0 && m_next[k] < from)) {
            m_next[k] = m_text.indexOf(m_specials[k].first, from);
            m_searchedFrom[k] = from;
            ++m_searches;
        }
        if (m_next[k] >= 0 && (match.at < 0 || m_next[k] < match.at)) {
            match.at = m_next[k];
            match.length = m_specials[k].first.size();
            match.id = m_specials[k].second;
        }
    }
    return match;
}

} // namespace AttentionLab
