#include "geometryframe.h"

#include <algorithm>
#include <cmath>

namespace AttentionLab {

namespace {

constexpr double kMargin = 1.3;
constexpr double kSmallest = 0.5;

} // namespace

double geometryReach(const KeyGeometry &geometry, const Matrix &keys,
                     const Eigen::Ref<const RowVector> &query)
{
    const Eigen::Vector2d q = geometry.project(query);
    double reach = std::max(std::abs(q.x()), std::abs(q.y()));
    for (Index j = 0; j < keys.rows(); ++j) {
        const Eigen::Vector2d k = geometry.project(keys.row(j));
        reach = std::max({reach, std::abs(k.x()), std::abs(k.y())});
    }
    return reach;
}

GeometryFrame GeometryFrame::fit(const KeyGeometry &geometry, const Matrix &keys,
                                 const Eigen::Ref<const RowVector> &query)
{
    GeometryFrame frame;
    frame.geometry = geometry;
    frame.extent = std::max(kSmallest, geometryReach(geometry, keys, query)) * kMargin;
    return frame;
}

double GeometryFrame::extentFor(const Matrix &keys, const Eigen::Ref<const RowVector> &query) const
{
    return std::max(extent, geometryReach(geometry, keys, query));
}

} // namespace AttentionLab
