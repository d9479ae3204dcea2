// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/maths/geometryframe.h"

#include <algorithm>
#include <cmath>

namespace AttentionLab {

namespace {

constexpr double kMargin = 1.5;
constexpr double kSmallest = 0.5;

} // namespace

namespace {

/// Calls \a visit with the origin and the picture of every key and the query.
template <typename Visit>
void visitPoints(const KeyGeometry &geometry, const Matrix &keys,
                 const Eigen::Ref<const RowVector> &query, Visit visit)
{
    visit(Eigen::Vector2d::Zero());
    visit(geometry.project(query));
    for (Index j = 0; j < keys.rows(); ++j)
        visit(geometry.project(keys.row(j)));
}

} // namespace

double geometryReach(const KeyGeometry &geometry, const Eigen::Vector2d &centre, const Matrix &keys,
                     const Eigen::Ref<const RowVector> &query)
{
    double reach = 0.0;
    visitPoints(geometry, keys, query, [&](const Eigen::Vector2d &p) {
        reach = std::max({reach, std::abs(p.x() - centre.x()), std::abs(p.y() - centre.y())});
    });
    return reach;
}

GeometryFrame GeometryFrame::fit(const KeyGeometry &geometry, const Matrix &keys,
                                 const Eigen::Ref<const RowVector> &query)
{
    Eigen::Vector2d lo = Eigen::Vector2d::Zero(), hi = Eigen::Vector2d::Zero();
    visitPoints(geometry, keys, query, [&](const Eigen::Vector2d &p) {
        lo = lo.cwiseMin(p);
        hi = hi.cwiseMax(p);
    });
    GeometryFrame frame;
    frame.geometry = geometry;
    frame.centre = (lo + hi) / 2;
    frame.extent = std::max(kSmallest, (hi - lo).maxCoeff() / 2) * kMargin;
    return frame;
}

double GeometryFrame::extentFor(const Matrix &keys, const Eigen::Ref<const RowVector> &query) const
{
    return std::max(extent, geometryReach(geometry, centre, keys, query));
}

} // namespace AttentionLab
