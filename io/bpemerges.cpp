// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "io/bpemerges.h"

#include <functional>
#include <queue>

namespace AttentionLab {

namespace {

std::uint64_t pairKey(int left, int right)
{
    return (std::uint64_t(std::uint32_t(left)) << 32) | std::uint32_t(right);
}

} // namespace

void BpeMerges::add(int left, int right, int result)
{
    m_merges.insert_or_assign(pairKey(left, right), Merge{m_nextRank++, result});
}

/**
 * A heap of (rank, position), as Hugging Face's tokenizers merges a word
 * (Word::merge_all): n log n rather than n^2 on long pieces (a
 * SentencePiece-style file has no pre-tokenizer: a whole line is one piece).
 * The lowest (rank, position) is merged first, and the pairs a merge makes
 * join the heap at once: a pair of lower rank made in the middle of a run of
 * equal merges is taken before the rest of the run. GPT-2's reference loop
 * merges every occurrence of the lowest pair first; the two agree wherever a
 * merge never makes a pair of lower rank than its own, as in every file
 * trained by BPE, but not in one converted from SentencePiece's scores
 * (Gemma's runs of spaces), where Hugging Face's order is the reference.
 */
std::vector<int> BpeMerges::apply(const std::vector<int> &input) const
{
    const int n = int(input.size());
    if (n < 2)
        return input;
    std::vector<int> symbols = input, next(n), previous(n);
    std::vector<char> alive(n, 1);
    for (int i = 0; i < n; ++i) {
        next[i] = i + 1;
        previous[i] = i - 1;
    }
    struct Candidate
    {
        int rank, position, left, right, result;
        bool operator>(const Candidate &other) const
        {
            return rank != other.rank ? rank > other.rank : position > other.position;
        }
    };
    std::priority_queue<Candidate, std::vector<Candidate>, std::greater<>> heap;
    auto consider = [&](int position) {
        if (position < 0 || next[position] >= n)
            return;
        const int left = symbols[position], right = symbols[next[position]];
        if (const auto merge = m_merges.find(pairKey(left, right)); merge != m_merges.end())
            heap.push({merge->second.rank, position, left, right, merge->second.result});
    };
    for (int i = 0; i + 1 < n; ++i)
        consider(i);

    while (!heap.empty()) {
        const Candidate candidate = heap.top();
        heap.pop();
        const int at = candidate.position;
        if (!alive[at] || symbols[at] != candidate.left || next[at] >= n ||
            symbols[next[at]] != candidate.right)
            continue; // taken by an earlier merge, or changed since
        const int absorbed = next[at];
        symbols[at] = candidate.result;
        alive[absorbed] = 0;
        next[at] = next[absorbed];
        if (next[at] < n)
            previous[next[at]] = at;
        consider(previous[at]);
        consider(at);
    }
    std::vector<int> result;
    for (int i = 0; i < n; i = next[i])
        result.push_back(symbols[i]);
    return result;
}

} // namespace AttentionLab
