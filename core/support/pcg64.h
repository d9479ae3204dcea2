// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/support/seedsequence.h"

#include <cstdint>

namespace AttentionLab {

/**
 * The PCG64 generator (128-bit LCG, XSL-RR output) seeded the way
 * numpy.random.PCG64 seeds it: four 64-bit SeedSequence words give the
 * initial state (first two) and the stream increment (last two).
 */
class Pcg64
{
public:
    explicit Pcg64(const SeedSequence &seeds);
    explicit Pcg64(std::uint64_t seed) : Pcg64(SeedSequence(seed)) {}

    std::uint64_t nextUint64();
    /// A double in [0, 1) from the top 53 bits, as numpy's next_double.
    double nextDouble()
    {
        return static_cast<double>(nextUint64() >> 11) * (1.0 / 9007199254740992.0);
    }

private:
    __extension__ using Uint128 = unsigned __int128;
    void step();

    Uint128 m_state = 0;
    Uint128 m_increment = 0;
};

} // namespace AttentionLab
