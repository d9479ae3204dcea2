// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/support/types.h"

namespace AttentionLab {

/// Which plane a key-geometry picture shows.
enum class GeometryPlane
{
    /// x along the query, y the keys' main direction orthogonal to it: the
    /// query lies in the plane, so every q·k is exact in the picture.
    Query,
    /// The keys' two principal directions: a projection that may hold little
    /// of the query.
    Principal,
    /// Two chosen coordinates.
    Coordinates,
};

/**
 * A 2-D picture of d_k-dimensional queries and keys: the query's plane, the
 * keys' principal plane, or two chosen coordinates. Points can be moved in
 * the picture and the move mapped back to the full vectors (along the two
 * axes only).
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
    /**
     * The plane that holds \a query: x is q / |q|, so a key's x coordinate
     * times |q| is exactly q·k; y is the main direction of the parts of the
     * first \a seenKeys keys (those the query sees) orthogonal to q, the
     * direction that holds most of their remaining length. A zero query
     * takes the keys' main direction as x (every score is 0, still exact).
     * \a seenKeys of 0 (or more than there are) uses every key.
     */
    static KeyGeometry queryPlane(const Matrix &keys, const Eigen::Ref<const RowVector> &query,
                                  Index seenKeys = 0);

    GeometryPlane plane() const { return m_plane; }
    /// True when the picture is a projection (not two coordinates).
    bool isProjection() const { return m_plane != GeometryPlane::Coordinates; }
    /// The two unit axes, as d_k-vectors (rows 0 and 1).
    const Matrix &axes() const { return m_axes; }

    /// A vector's position in the picture.
    Eigen::Vector2d project(const Eigen::Ref<const RowVector> &v) const;
    /// The share of |v| that the picture holds, |projection| / |v|, in [0, 1];
    /// 1 for a zero vector.
    double inPlane(const Eigen::Ref<const RowVector> &v) const;
    /// \a v moved so that its picture lands on \a point; the part of \a v
    /// outside the picture's plane is kept.
    RowVector moveTo(const Eigen::Ref<const RowVector> &v, const Eigen::Vector2d &point) const;

private:
    Matrix m_axes; // 2 x d_k, orthonormal rows
    GeometryPlane m_plane = GeometryPlane::Coordinates;
};

} // namespace AttentionLab
