// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <array>
#include <cstdint>
#include <vector>

namespace AttentionLab {

/**
 * numpy's SeedSequence (O'Neill's seed_seq hash, as NEP 19 describes it):
 * turns a seed of any size into well-mixed state words. Reproduces
 * numpy.random.SeedSequence(seed).generate_state() exactly for a seed with no
 * spawn key and the default pool of four 32-bit words.
 */
class SeedSequence
{
public:
    /// A seed that fits 64 bits.
    explicit SeedSequence(std::uint64_t seed);
    /// A seed of any size, given as 32-bit words, least significant first
    /// (numpy's own conversion of a Python int).
    explicit SeedSequence(const std::vector<std::uint32_t> &entropyWords);

    /// The first \a count 32-bit words of state.
    std::vector<std::uint32_t> generateState32(std::size_t count) const;
    /// The first \a count 64-bit words of state (pairs of 32-bit words, low first).
    std::vector<std::uint64_t> generateState64(std::size_t count) const;

private:
    static constexpr std::size_t kPoolSize = 4;
    std::array<std::uint32_t, kPoolSize> m_pool{};
};

} // namespace AttentionLab
