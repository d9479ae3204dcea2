// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

// The Eigen aliases the whole project uses, collected in one place.

#include <Eigen/Core>

#include <cstdint>
#include <vector>

namespace AttentionLab {

using Index = Eigen::Index;

/// Row-major, so that one query's row of scores or weights is contiguous:
/// the softmax, the mask and the entropy all walk rows.
using Matrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using Vector = Eigen::VectorXd;
using RowVector = Eigen::RowVectorXd;
using IndexVector = Eigen::Matrix<Index, Eigen::Dynamic, 1>;

} // namespace AttentionLab
