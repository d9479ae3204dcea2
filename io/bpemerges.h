// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <cstddef>
#include <cstdint>
#include <unordered_map>
#include <vector>

namespace AttentionLab {

/**
 * The merge table of a byte-pair-encoding tokenizer and its merge loop, the
 * one BPE of the program: GPT-2's vocab.json and merges.txt (Gpt2Tokenizer)
 * and every BPE model of a tokenizer.json (HubTokenizer) fill one and merge
 * through it. Merges are keyed on the pair of ids, so a lookup hashes one
 * 64-bit number, not two strings.
 */
class BpeMerges
{
public:
    /// Adds the merge of \a left and \a right into \a result, with the rank
    /// after the last one added. A pair added twice keeps its later rank, as
    /// in openai/gpt-2's encoder and Hugging Face's tokenizers.
    void add(int left, int right, int result);
    void reserve(std::size_t merges) { m_merges.reserve(merges); }
    std::size_t size() const { return m_merges.size(); }

    /// \a symbols merged: while some adjacent pair has a merge, the pair of
    /// lowest rank (the leftmost of equal ones) is merged, as Hugging Face's
    /// heap of merges does (which gives GPT-2's reference loop's ids on
    /// every file trained by BPE).
    std::vector<int> apply(const std::vector<int> &symbols) const;

private:
    struct Merge
    {
        int rank = 0;
        int result = 0;
    };
    std::unordered_map<std::uint64_t, Merge> m_merges;
    int m_nextRank = 0;
};

} // namespace AttentionLab
