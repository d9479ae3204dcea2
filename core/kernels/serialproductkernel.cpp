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
    // The kernel accumulates into its target, and is called without the
    // parallel information that would split it between threads.
    result.setZero();
    Eigen::internal::gemm_blocking_space<Eigen::ColMajor, float, float, Eigen::Dynamic,
                                         Eigen::Dynamic, Eigen::Dynamic>
        blocking(rows, cols, depth, 1, true);
    if (lRowMajor)
        Eigen::internal::general_matrix_matrix_product<Index, float, Eigen::RowMajor, false, float,
                                                       Eigen::ColMajor, false, Eigen::ColMajor,
                                                       1>::run(rows, cols, depth, l, ldL, r, ldR,
                                                               out, 1, ldOut, alpha, blocking,
                                                               nullptr);
    else
        Eigen::internal::general_matrix_matrix_product<Index, float, Eigen::ColMajor, false, float,
                                                       Eigen::ColMajor, false, Eigen::ColMajor,
                                                       1>::run(rows, cols, depth, l, ldL, r, ldR,
                                                               out, 1, ldOut, alpha, blocking,
                                                               nullptr);
}

} // namespace AttentionLab::ATTENTIONLAB_KERNEL_NAMESPACE
