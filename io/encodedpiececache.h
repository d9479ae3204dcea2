// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <cstddef>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

namespace AttentionLab {

/**
 * The ids a BPE tokenizer made of each piece of text it met, so that a word
 * seen again is not merged again: GPT-2's reader and the tokenizer.json reader
 * both keep one. Used from several threads at once. It starts afresh once it
 * holds kMaxPieces, so that a long session of typing cannot grow it without
 * bound.
 */
class EncodedPieceCache
{
public:
    static constexpr std::size_t kMaxPieces = 100000;

    /// Appends the ids kept for \a piece to \a out; false (\a out unchanged)
    /// when there are none.
    bool append(const std::string &piece, std::vector<int> &out) const;
    void store(std::string piece, std::vector<int> ids);

private:
    mutable std::mutex m_mutex;
    std::unordered_map<std::string, std::vector<int>> m_ids;
};

} // namespace AttentionLab
