#pragma once

#include "keygeometry.h"

namespace AttentionLab {

/**
 * What the key-geometry picture shows: a plane (KeyGeometry) and the
 * half-width of the square drawn around the origin. The window holds one
 * still while a point is dragged and after, so a point dropped under the
 * mouse stays there; it is fitted afresh only when asked.
 */
struct GeometryFrame
{
    KeyGeometry geometry;
    double extent = 1.0;

    /// \a geometry with room for every key and the query: their reach with a
    /// 30 % margin, and never less than 0.65.
    static GeometryFrame fit(const KeyGeometry &geometry, const Matrix &keys,
                             const Eigen::Ref<const RowVector> &query);

    /// The half-width to draw with: the held extent, widened only when a
    /// point has moved beyond it (a table edit, a longer query), so that
    /// every point stays in the picture.
    double extentFor(const Matrix &keys, const Eigen::Ref<const RowVector> &query) const;
};

/// The largest |coordinate| of the pictures of \a keys and \a query.
double geometryReach(const KeyGeometry &geometry, const Matrix &keys,
                     const Eigen::Ref<const RowVector> &query);

} // namespace AttentionLab
