// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/support/pcg64.h"

namespace AttentionLab {

namespace {

__extension__ using Uint128 = unsigned __int128;

constexpr Uint128 kMultiplier =
    (Uint128(0x2360ed051fc65da4ull) << 64) | Uint128(0x4385df649fccf645ull);

Uint128 join(std::uint64_t high, std::uint64_t low)
{
    return (Uint128(high) << 64) | Uint128(low);
}

} // namespace

Pcg64::Pcg64(const SeedSequence &seeds)
{
    const std::vector<std::uint64_t> words = seeds.generateState64(4);
    const Uint128 initState = join(words[0], words[1]);
    const Uint128 initSequence = join(words[2], words[3]);
    m_state = 0;
    m_increment = (initSequence << 1) | 1u;
    step();
    m_state += initState;
    step();
}

void Pcg64::step()
{
    m_state = m_state * kMultiplier + m_increment;
}

std::uint64_t Pcg64::nextUint64()
{
    step();
    const auto high = static_cast<std::uint64_t>(m_state >> 64);
    const auto low = static_cast<std::uint64_t>(m_state);
    const unsigned rotation = static_cast<unsigned>(m_state >> 122);
    const std::uint64_t x = high ^ low;
    return (x >> rotation) | (x << ((64u - rotation) & 63u));
}

} // namespace AttentionLab
