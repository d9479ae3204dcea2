// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/maths/keygeometry.h"

namespace AttentionLab {

/**
 * What the key-geometry picture shows: a plane (KeyGeometry) and the square
 * of it that is drawn (its centre and half-width), which always holds the
 * origin, where the arrows start. The window holds one
 * still while a point is dragged and after, so a point dropped under the
 * mouse stays there; it is fitted afresh only when asked.
 */
struct GeometryFrame
{
    KeyGeometry geometry;
    Eigen::Vector2d centre = Eigen::Vector2d::Zero();
    double extent = 1.0;

    /// \a geometry with the square fitted around the origin, every key and
    /// the query: centred on them, their half-spread with a 50 % margin (room
    /// for the labels), and a half-width of at least 0.75.
    static GeometryFrame fit(const KeyGeometry &geometry, const Matrix &keys,
                             const Eigen::Ref<const RowVector> &query);

    /// The half-width to draw with: the held extent, widened only when a
    /// point has moved beyond it (a table edit, a longer query), so that
    /// every point stays in the picture.
    double extentFor(const Matrix &keys, const Eigen::Ref<const RowVector> &query) const;
};

/// The largest |coordinate - centre| of the origin and the pictures of
/// \a keys and \a query.
double geometryReach(const KeyGeometry &geometry, const Eigen::Vector2d &centre, const Matrix &keys,
                     const Eigen::Ref<const RowVector> &query);

} // namespace AttentionLab
