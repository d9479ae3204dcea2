// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/kernels/kernelvariant.h"

#include <Eigen/Core>

namespace AttentionLab::ATTENTIONLAB_KERNEL_NAMESPACE {

void serialProductKernel(std::ptrdiff_t rows, std::ptrdiff_t cols, std::ptrdiff_t depth,
                         const float *l, std::ptrdiff_t ldL, bool lRowMajor, const float *r,
                         std::ptrdiff_t ldR, float *out, std::ptrdiff_t ldOut, float alpha)
{
    using Eigen::Index;
    using Stride = Eigen::OuterStride<>;
    Eigen::Map<Eigen::MatrixXf, 0, Stride> result(out, rows, cols, Stride(ldOut));
    if (rows == 0 || cols == 0)
        return;
    if (depth == 0) {
        result.setZero();
        return;
    }
    if (cols == 1) {
        // Eigen's matrix-vector product never starts threads of its own.
        const Eigen::Map<const Eigen::VectorXf> vector(r, depth);
        if (lRowMajor)
            result.col(0).noalias() =
                alpha *
                Eigen::Map<
                    const Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>, 0,
                    Stride>(l, rows, depth, Stride(ldL)) *
                vector;
        else
            result.col(0).noalias() =
                alpha * Eigen::Map<const Eigen::MatrixXf, 0, Stride>(l, rows, depth, Stride(ldL)) *
                vector;
        return;
    }
    packedProductKernel(rows, cols, depth, l, ldL, lRowMajor, r, ldR, out, ldOut, alpha);
}

} // namespace AttentionLab::ATTENTIONLAB_KERNEL_NAMESPACE
