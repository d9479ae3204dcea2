// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/model/rotarydemo.h"

#include "core/kernels/kernelset.h"
#include "core/maths/positionalencoding.h"
#include "core/model/modelconfig.h"
#include "core/model/rotarytable.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <vector>

namespace AttentionLab {

namespace {

/// \a v copied to each of \a n tokens (column-major, d x n) and turned by
/// each token's position, as a model turns its q and k.
std::vector<float> rotatedCopies(const Vector &v, int n, const RotaryTable &table)
{
    const auto d = std::ptrdiff_t(v.size());
    std::vector<float> rows(size_t(d) * size_t(n));
    for (int i = 0; i < n; ++i)
        for (std::ptrdiff_t c = 0; c < d; ++c)
            rows[size_t(i) * size_t(d) + size_t(c)] = float(v(c));
    activeKernels().rotary(HeadRows{rows.data(), d, d}, 1, n, table.rotated, table.cos.data(),
                           table.sin.data());
    return rows;
}

/// The largest max - min over the diagonals of \a m (its offsets).
double diagonalSpread(const Matrix &m)
{
    const Index p = m.rows();
    double widest = 0.0;
    for (Index offset = -(p - 1); offset <= p - 1; ++offset) {
        double lo = std::numeric_limits<double>::infinity(), hi = -lo;
        for (Index row = std::max<Index>(0, -offset); row < p && row + offset < p; ++row) {
            lo = std::min(lo, m(row, row + offset));
            hi = std::max(hi, m(row, row + offset));
        }
        widest = std::max(widest, hi - lo);
    }
    return widest;
}

} // namespace

RotaryOffsetDemo rotaryOffsetDemo(const Vector &q, const Vector &k, int positions, double theta)
{
    if (positions < 1)
        throw std::invalid_argument("the rotary demo needs at least one position");
    if (q.size() != k.size() || q.size() < 2)
        throw std::invalid_argument("the rotary demo needs a query and a key of the same size, "
                                    "at least 2 dimensions");
    if (!(theta > 1.0))
        throw std::invalid_argument("the rotary base theta must be above 1");
    const int d = int(q.size());
    // One head of d dimensions, rotated whole (an odd last one stays).
    ModelConfig config;
    config.heads = 1;
    config.modelDim = d;
    config.rotary.theta = theta;
    config.rotary.fraction = 1.0;
    const RotaryTable table = rotaryTable(config, positions);
    const std::vector<float> qs = rotatedCopies(q, positions, table);
    const std::vector<float> ks = rotatedCopies(k, positions, table);
    const Matrix pe = sinusoidalEncoding(positions, d);
    const double scale = 1.0 / std::sqrt(double(d));

    RotaryOffsetDemo demo;
    demo.rotatedDims = table.rotated;
    demo.rotaryScores.resize(positions, positions);
    demo.addedScores.resize(positions, positions);
    for (int m = 0; m < positions; ++m)
        for (int n = 0; n < positions; ++n) {
            double dot = 0.0;
            for (int c = 0; c < d; ++c)
                dot += double(qs[size_t(m) * size_t(d) + size_t(c)]) *
                       double(ks[size_t(n) * size_t(d) + size_t(c)]);
            demo.rotaryScores(m, n) = dot * scale;
            demo.addedScores(m, n) =
                (q + pe.row(m).transpose()).dot(k + pe.row(n).transpose()) * scale;
        }
    demo.rotarySpread = diagonalSpread(demo.rotaryScores);
    demo.addedSpread = diagonalSpread(demo.addedScores);
    return demo;
}

} // namespace AttentionLab
