// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/keygeometry.h"

#include <Eigen/Eigenvalues>

#include <stdexcept>

namespace AttentionLab {

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
    g.m_projection = true;
    g.m_axes = Matrix::Zero(2, d);
    const RowVector mean = keys.colwise().mean();
    const Matrix centred = keys.rowwise() - mean;
    // The principal directions are the top eigenvectors of C^T C (d x d). With
    // fewer keys than dimensions the n x n Gram matrix C C^T has the same
    // nonzero eigenvalues and is far cheaper: its eigenvector u gives C^T u.
    const bool gram = centred.rows() < d;
    const Eigen::MatrixXd product = gram ? Eigen::MatrixXd(centred * centred.transpose())
                                         : Eigen::MatrixXd(centred.transpose() * centred);
    Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> solver(product);
    const Index size = product.rows();
    // Eigenvalues ascend: the last columns are the principal directions.
    Index filled = 0;
    for (Index k = size - 1; k >= 0 && filled < 2; --k) {
        if (solver.eigenvalues()[k] <= 1e-12 * std::max(1.0, solver.eigenvalues()[size - 1]))
            break;
        RowVector axis =
            gram ? RowVector((centred.transpose() * solver.eigenvectors().col(k)).transpose())
                 : RowVector(solver.eigenvectors().col(k).transpose());
        axis.normalize();
        // A fixed sign, so the picture does not flip as a key moves.
        Index biggest = 0;
        axis.cwiseAbs().maxCoeff(&biggest);
        if (axis[biggest] < 0)
            axis = -axis;
        g.m_axes.row(filled++) = axis;
    }
    // Degenerate keys: complete with coordinate axes, orthogonalised.
    for (Index e = 0; filled < 2 && e < d; ++e) {
        RowVector axis = RowVector::Unit(d, e);
        for (Index k = 0; k < filled; ++k)
            axis -= axis.dot(g.m_axes.row(k)) * g.m_axes.row(k);
        if (axis.norm() > 1e-9)
            g.m_axes.row(filled++) = axis.normalized();
    }
    return g;
}

Eigen::Vector2d KeyGeometry::project(const Eigen::Ref<const RowVector> &v) const
{
    return {v.dot(m_axes.row(0)), v.dot(m_axes.row(1))};
}

RowVector KeyGeometry::moveTo(const Eigen::Ref<const RowVector> &v,
                              const Eigen::Vector2d &point) const
{
    const Eigen::Vector2d now = project(v);
    return v + (point.x() - now.x()) * m_axes.row(0) + (point.y() - now.y()) * m_axes.row(1);
}

} // namespace AttentionLab
