// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/support/normalgenerator.h"

#include <array>
#include <cmath>

namespace AttentionLab {

namespace {

constexpr int kLevels = 256;
/// Where the tail starts, and the area under each level of the ziggurat
/// (r f(r) plus the tail beyond r, for f(x) = exp(-x^2 / 2)).
constexpr double kR = 3.6541528853610087963519472518;
constexpr double kInverseR = 0.27366123732975827203338247596;
constexpr double kArea = 0.0049286732339746519;
constexpr double kMantissaScale = 4503599627370496.0; // 2^52

double density(double x)
{
    return std::exp(-0.5 * x * x);
}

/// The ziggurat as numpy builds it, in double precision: the level edges x_i
/// walk down from r, each level's rectangle having the same area; then for
/// level i, ki[i] is the acceptance bound of a 52-bit integer (x_{i-1} / x_i),
/// wi[i] turns that integer into x, and fi[i] = f(x_i). Level 0 is the base
/// strip together with the tail.
struct ZigguratTables
{
    std::array<std::uint64_t, kLevels> ki{};
    std::array<double, kLevels> wi{};
    std::array<double, kLevels> fi{};

    ZigguratTables()
    {
        std::array<double, kLevels> x{}; // x[0] = 0 < x[1] < ... < x[255] = r
        x[kLevels - 1] = kR;
        for (int i = kLevels - 2; i >= 1; --i)
            x[i] = std::sqrt(-2.0 * std::log(density(x[i + 1]) + kArea / x[i + 1]));
        ki[0] = static_cast<std::uint64_t>(std::round(kR * density(kR) / kArea * kMantissaScale));
        for (int i = 1; i < kLevels; ++i)
            ki[i] = static_cast<std::uint64_t>(std::round(x[i - 1] / x[i] * kMantissaScale));
        wi[0] = kArea / density(kR) / kMantissaScale;
        for (int i = 1; i < kLevels; ++i)
            wi[i] = x[i] / kMantissaScale;
        for (int i = 0; i < kLevels; ++i)
            fi[i] = density(x[i]);
    }
};

const ZigguratTables &tables()
{
    static const ZigguratTables instance;
    return instance;
}

} // namespace

double NormalGenerator::next()
{
    const ZigguratTables &t = tables();
    for (;;) {
        // One 64-bit word: 8 bits of level, 1 bit of sign, 52 bits of x.
        std::uint64_t r = m_bits.nextUint64();
        const int level = static_cast<int>(r & 0xff);
        r >>= 8;
        const bool negative = r & 0x1;
        const std::uint64_t magnitude = (r >> 1) & 0x000fffffffffffffull;
        double x = static_cast<double>(magnitude) * t.wi[level];
        if (negative)
            x = -x;
        if (magnitude < t.ki[level])
            return x; // inside the rectangle: about 99% of draws
        if (level == 0) {
            // The tail beyond kR. 1 - U keeps log away from 0.
            for (;;) {
                const double xx = -kInverseR * std::log1p(-m_bits.nextDouble());
                const double yy = -std::log1p(-m_bits.nextDouble());
                if (yy + yy > xx * xx)
                    return ((magnitude >> 8) & 0x1) ? -(kR + xx) : kR + xx;
            }
        }
        // The wedge between two levels.
        if ((t.fi[level - 1] - t.fi[level]) * m_bits.nextDouble() + t.fi[level] <
            std::exp(-0.5 * x * x))
            return x;
    }
}

Matrix NormalGenerator::matrix(Index rows, Index cols)
{
    Matrix m(rows, cols);
    for (Index i = 0; i < rows; ++i)
        for (Index j = 0; j < cols; ++j)
            m(i, j) = next();
    return m;
}

Vector NormalGenerator::vector(Index size)
{
    Vector v(size);
    for (Index i = 0; i < size; ++i)
        v[i] = next();
    return v;
}

} // namespace AttentionLab
