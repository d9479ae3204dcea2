// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "io/encodedpiececache.h"

namespace AttentionLab {

bool EncodedPieceCache::append(const std::string &piece, std::vector<int> &out) const
{
    const std::lock_guard lock(m_mutex);
    const auto hit = m_ids.find(piece);
    if (hit == m_ids.end())
        return false;
    out.insert(out.end(), hit->second.begin(), hit->second.end());
    return true;
}

void EncodedPieceCache::store(std::string piece, std::vector<int> ids)
{
    const std::lock_guard lock(m_mutex);
    if (m_ids.size() >= kMaxPieces)
        m_ids.clear();
    m_ids.emplace(std::move(piece), std::move(ids));
}

} // namespace AttentionLab
