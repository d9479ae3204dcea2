// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/support/pcg64.h"
#include "core/support/types.h"

#include <cstdint>

namespace AttentionLab {

/**
 * Standard normal numbers exactly as numpy.random.default_rng(seed)
 * .standard_normal() (and .normal(0, 1)) produce them: PCG64 words turned
 * into normals by the 256-level ziggurat of Marsaglia and Tsang with a
 * 52-bit mantissa, its tail sampled by Marsaglia's exponential method.
 */
class NormalGenerator
{
public:
    explicit NormalGenerator(std::uint64_t seed) : m_bits(seed) {}

    double next();

    /// \a rows x \a cols normals, filled row by row (numpy's C order).
    Matrix matrix(Index rows, Index cols);
    Vector vector(Index size);

private:
    Pcg64 m_bits;
};

} // namespace AttentionLab
