// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/types.h"

namespace AttentionLab {

/**
 * A 2-D picture of d_k-dimensional queries and keys: either two chosen
 * coordinates, or (for d_k > 2) the plane of the keys' two principal
 * directions. Points can be moved in the picture and the move mapped back to
 * the full vectors (along the two axes only).
 */
class KeyGeometry
{
public:
    /// Two coordinates \a xAxis and \a yAxis (0-based) of d_k.
    static KeyGeometry coordinates(Index keyDim, Index xAxis, Index yAxis);
    /// The keys' first two principal directions (their mean removed for the
    /// directions, not for the picture: the origin stays the origin, so the
    /// arrows still show dot products). With one key, or keys that span
    /// fewer than two directions, the leftover axes are filled in order.
    static KeyGeometry principal(const Matrix &keys);

    bool isProjection() const { return m_projection; }
    /// The two unit axes, as d_k-vectors (rows 0 and 1).
    const Matrix &axes() const { return m_axes; }

    /// A vector's position in the picture.
    Eigen::Vector2d project(const Eigen::Ref<const RowVector> &v) const;
    /// \a v moved so that its picture lands on \a point; the part of \a v
    /// outside the picture's plane is kept.
    RowVector moveTo(const Eigen::Ref<const RowVector> &v, const Eigen::Vector2d &point) const;

private:
    Matrix m_axes; // 2 x d_k, orthonormal rows
    bool m_projection = false;
};

} // namespace AttentionLab
