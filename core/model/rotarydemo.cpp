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
    // q and k at every position, each turned by its own.
    const Matrix qs = rotatedByPosition(q.transpose().replicate(positions, 1), theta);
    const Matrix ks = rotatedByPosition(k.transpose().replicate(positions, 1), theta);
    const Matrix pe = sinusoidalEncoding(positions, d);
    const double scale = 1.0 / std::sqrt(double(d));

    RotaryOffsetDemo demo;
    demo.rotatedDims = d / 2 * 2;
    demo.rotaryScores = qs * ks.transpose() * scale;
    demo.addedScores =
        ((pe.rowwise() + q.transpose()) * (pe.rowwise() + k.transpose()).transpose()) * scale;
    // A layer without positions: the same q and k wherever they stand.
    demo.plainScores = Matrix::Constant(positions, positions, q.dot(k) * scale);
    demo.rotarySpread = diagonalSpread(demo.rotaryScores);
    demo.addedSpread = diagonalSpread(demo.addedScores);
    demo.plainSpread = demo.plainScores.maxCoeff() - demo.plainScores.minCoeff();
    return demo;
}

Matrix rotatedByPosition(const Matrix &rows, double theta)
{
    if (rows.cols() < 2 || rows.rows() < 1)
        return rows;
    // One head of d dimensions, rotated whole (an odd last one stays).
    ModelConfig config;
    config.heads = 1;
    config.modelDim = int(rows.cols());
    config.rotary.theta = theta;
    config.rotary.fraction = 1.0;
    const int n = int(rows.rows());
    const RotaryTable table = rotaryTable(config, n);
    using FloatRows = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
    FloatRows turned = rows.cast<float>();
    activeKernels().rotary(HeadRows{turned.data(), turned.cols(), turned.cols()}, 1, n,
                           table.rotated, table.cos.data(), table.sin.data());
    return turned.cast<double>();
}

PermutationDemo rotaryPermutationDemo(const Matrix &q, const Matrix &k, const Matrix &v,
                                      const std::vector<Index> &order,
                                      const AttentionOptions &options, double theta)
{
    return permutationDemo(q, k, v, order, options,
                           [theta](Matrix &queries, Matrix &keys, Matrix &) {
                               queries = rotatedByPosition(queries, theta);
                               keys = rotatedByPosition(keys, theta);
                           });
}

} // namespace AttentionLab
