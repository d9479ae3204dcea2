// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/maths/positionalencoding.h"

#include <cmath>
#include <stdexcept>

namespace AttentionLab {

Matrix sinusoidalEncoding(Index positions, Index modelDim)
{
    if (positions < 1 || modelDim < 1)
        throw std::invalid_argument("a positional encoding needs at least one position and one "
                                    "dimension");
    Matrix pe(positions, modelDim);
    for (Index col = 0; col < modelDim; ++col) {
        const Index pair = col / 2; // i in 2i and 2i + 1
        const double rate =
            std::pow(10000.0, static_cast<double>(2 * pair) / static_cast<double>(modelDim));
        for (Index pos = 0; pos < positions; ++pos) {
            const double angle = static_cast<double>(pos) / rate;
            pe(pos, col) = col % 2 == 0 ? std::sin(angle) : std::cos(angle);
        }
    }
    return pe;
}

void splitSinusoidRow(Index position, Index modelDim, float *row)
{
    const Index half = modelDim / 2;
    for (Index i = 0; i < half; ++i) {
        const double angle =
            double(position) / std::pow(10000.0, 2.0 * double(i) / double(modelDim));
        row[i] = float(std::sin(angle));
        row[half + i] = float(std::cos(angle));
    }
}

} // namespace AttentionLab
