// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <Eigen/Core>

namespace AttentionLab {

/// A model's activations inside its pass: d x n, one token per column, so
/// each token's vector is contiguous.
using Activations = Eigen::MatrixXf;

} // namespace AttentionLab
