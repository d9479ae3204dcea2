// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/support/seedsequence.h"

namespace AttentionLab {

namespace {

// The constants of O'Neill's seed_seq_fe hash, as numpy uses them.
constexpr std::uint32_t kInitA = 0x43b0d7e5u;
constexpr std::uint32_t kMultA = 0x931e8875u;
constexpr std::uint32_t kInitB = 0x8b51f9ddu;
constexpr std::uint32_t kMultB = 0x58f38dedu;
constexpr std::uint32_t kMixMultL = 0xca01f9ddu;
constexpr std::uint32_t kMixMultR = 0x4973f715u;
constexpr unsigned kXShift = 16;

/// Hashes one word; the multiplier walks on with every call.
class HashMix
{
public:
    std::uint32_t operator()(std::uint32_t value)
    {
        value ^= m_hashConst;
        m_hashConst *= kMultA;
        value *= m_hashConst;
        value ^= value >> kXShift;
        return value;
    }

private:
    std::uint32_t m_hashConst = kInitA;
};

std::uint32_t mix(std::uint32_t x, std::uint32_t y)
{
    std::uint32_t result = kMixMultL * x - kMixMultR * y;
    result ^= result >> kXShift;
    return result;
}

std::vector<std::uint32_t> wordsOf(std::uint64_t seed)
{
    // numpy turns 0 into one zero word and drops leading zero words otherwise.
    std::vector<std::uint32_t> words{static_cast<std::uint32_t>(seed)};
    if (seed >> 32)
        words.push_back(static_cast<std::uint32_t>(seed >> 32));
    return words;
}

} // namespace

SeedSequence::SeedSequence(std::uint64_t seed) : SeedSequence(wordsOf(seed)) {}

SeedSequence::SeedSequence(const std::vector<std::uint32_t> &entropy)
{
    HashMix hash;
    for (std::size_t i = 0; i < kPoolSize; ++i)
        m_pool[i] = hash(i < entropy.size() ? entropy[i] : 0u);
    for (std::size_t src = 0; src < kPoolSize; ++src) {
        for (std::size_t dst = 0; dst < kPoolSize; ++dst) {
            if (src != dst)
                m_pool[dst] = mix(m_pool[dst], hash(m_pool[src]));
        }
    }
    for (std::size_t src = kPoolSize; src < entropy.size(); ++src) {
        for (std::size_t dst = 0; dst < kPoolSize; ++dst)
            m_pool[dst] = mix(m_pool[dst], hash(entropy[src]));
    }
}

std::vector<std::uint32_t> SeedSequence::generateState32(std::size_t count) const
{
    std::vector<std::uint32_t> state(count);
    std::uint32_t hashConst = kInitB;
    for (std::size_t i = 0; i < count; ++i) {
        std::uint32_t value = m_pool[i % kPoolSize];
        value ^= hashConst;
        hashConst *= kMultB;
        value *= hashConst;
        value ^= value >> kXShift;
        state[i] = value;
    }
    return state;
}

std::vector<std::uint64_t> SeedSequence::generateState64(std::size_t count) const
{
    const std::vector<std::uint32_t> words = generateState32(2 * count);
    std::vector<std::uint64_t> state(count);
    for (std::size_t i = 0; i < count; ++i)
        state[i] = std::uint64_t(words[2 * i]) | (std::uint64_t(words[2 * i + 1]) << 32);
    return state;
}

} // namespace AttentionLab
