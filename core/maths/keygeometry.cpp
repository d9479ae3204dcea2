// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/maths/keygeometry.h"

#include <Eigen/Eigenvalues>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace AttentionLab {

namespace {

/// \a axis with a fixed sign (its largest entry positive), so the picture
/// does not flip as a key moves.
RowVector signFixed(RowVector axis)
{
    Index biggest = 0;
    axis.cwiseAbs().maxCoeff(&biggest);
    return axis[biggest] < 0 ? RowVector(-axis) : axis;
}

/// Up to \a wanted unit directions that the rows of \a rows span most, the
/// largest first (the top eigenvectors of R^T R); fewer when the rows span
/// fewer directions.
std::vector<RowVector> topDirections(const Eigen::Ref<const Matrix> &rows, int wanted)
{
    const Index d = rows.cols();
    // With fewer rows than dimensions the n x n Gram matrix R R^T has the same
    // nonzero eigenvalues and is far cheaper: its eigenvector u gives R^T u.
    const bool gram = rows.rows() < d;
    const Eigen::MatrixXd product =
        gram ? Eigen::MatrixXd(rows * rows.transpose()) : Eigen::MatrixXd(rows.transpose() * rows);
    std::vector<RowVector> found;
    if (product.rows() == 0)
        return found;
    Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> solver(product);
    const Index size = product.rows();
    // Eigenvalues ascend: the last columns are the principal directions.
    for (Index k = size - 1; k >= 0 && int(found.size()) < wanted; --k) {
        if (!(solver.eigenvalues()[k] > 1e-12 * std::max(1.0, solver.eigenvalues()[size - 1])))
            break;
        RowVector axis =
            gram ? RowVector((rows.transpose() * solver.eigenvectors().col(k)).transpose())
                 : RowVector(solver.eigenvectors().col(k).transpose());
        axis.normalize();
        found.push_back(signFixed(axis));
    }
    return found;
}

/// Fills \a axes (2 x d) from row \a filled on with coordinate axes,
/// orthogonalised against the rows already there.
void complete(Matrix &axes, Index filled)
{
    const Index d = axes.cols();
    for (Index e = 0; filled < 2 && e < d; ++e) {
        RowVector axis = RowVector::Unit(d, e);
        for (Index k = 0; k < filled; ++k)
            axis -= axis.dot(axes.row(k)) * axes.row(k);
        if (axis.norm() > 1e-9)
            axes.row(filled++) = axis.normalized();
    }
}

} // namespace

KeyGeometry KeyGeometry::coordinates(Index keyDim, Index xAxis, Index yAxis)
{
    if (xAxis < 0 || yAxis < 0 || xAxis >= keyDim || yAxis >= keyDim)
        throw std::invalid_argument("the plotted coordinates must be between 1 and d_k");
    if (xAxis == yAxis)
        throw std::invalid_argument("the two plotted coordinates must differ");
    KeyGeometry g;
    g.m_axes = Matrix::Zero(2, keyDim);
    g.m_axes(0, xAxis) = 1.0;
    g.m_axes(1, yAxis) = 1.0;
    return g;
}

KeyGeometry KeyGeometry::principal(const Matrix &keys)
{
    const Index d = keys.cols();
    if (d < 2)
        throw std::invalid_argument("a 2-D picture needs d_k of at least 2");
    KeyGeometry g;
    g.m_plane = GeometryPlane::Principal;
    g.m_axes = Matrix::Zero(2, d);
    const RowVector mean = keys.colwise().mean();
    const std::vector<RowVector> found = topDirections(keys.rowwise() - mean, 2);
    for (size_t k = 0; k < found.size(); ++k)
        g.m_axes.row(Index(k)) = found[k];
    // Degenerate keys: complete with coordinate axes, orthogonalised.
    complete(g.m_axes, Index(found.size()));
    return g;
}

KeyGeometry KeyGeometry::queryPlane(const Matrix &keys, const Eigen::Ref<const RowVector> &query,
                                    Index seenKeys)
{
    const Index d = keys.cols();
    if (d < 2)
        throw std::invalid_argument("a 2-D picture needs d_k of at least 2");
    if (query.size() != d)
        throw std::invalid_argument("the query and the keys must have the same d_k");
    const Index n = seenKeys > 0 && seenKeys <= keys.rows() ? seenKeys : keys.rows();
    const auto seen = keys.topRows(n);
    KeyGeometry g;
    g.m_plane = GeometryPlane::Query;
    g.m_axes = Matrix::Zero(2, d);
    const double length = query.norm();
    Index filled = 0;
    if (std::isfinite(length) && length > 1e-12) {
        // Not sign-fixed: x points along q, so q·k grows to the right.
        g.m_axes.row(filled++) = query / length;
    } else {
        const std::vector<RowVector> main = topDirections(seen, 1);
        if (main.empty()) { // no query and no keys to speak of
            complete(g.m_axes, 0);
            return g;
        }
        g.m_axes.row(filled++) = main.front();
    }
    // The keys' parts orthogonal to x, and the direction they spread most in
    // (about the origin: the picture's arrows start there).
    const RowVector x = g.m_axes.row(0);
    const Matrix orthogonal = seen - (seen * x.transpose()) * x;
    const std::vector<RowVector> rest = topDirections(orthogonal, 1);
    if (!rest.empty()) {
        // Numerically orthogonal to x already; make it exactly so.
        RowVector y = rest.front() - rest.front().dot(x) * x;
        g.m_axes.row(filled++) = y.normalized();
    }
    complete(g.m_axes, filled);
    return g;
}

Eigen::Vector2d KeyGeometry::project(const Eigen::Ref<const RowVector> &v) const
{
    return {v.dot(m_axes.row(0)), v.dot(m_axes.row(1))};
}

double KeyGeometry::inPlane(const Eigen::Ref<const RowVector> &v) const
{
    const double length = v.norm();
    if (!(length > 0))
        return 1.0;
    return std::clamp(project(v).norm() / length, 0.0, 1.0);
}

RowVector KeyGeometry::moveTo(const Eigen::Ref<const RowVector> &v,
                              const Eigen::Vector2d &point) const
{
    const Eigen::Vector2d now = project(v);
    return v + (point.x() - now.x()) * m_axes.row(0) + (point.y() - now.y()) * m_axes.row(1);
}

} // namespace AttentionLab
