// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/kernels/kernelvariant.h"

#include <algorithm>

namespace AttentionLab::ATTENTIONLAB_KERNEL_NAMESPACE {

namespace {

/// Rows per block of the fused pass: large enough for an efficient GEMM,
/// small enough that causal blocks stop near their diagonal.
constexpr Index kBlockRows = 64;

} // namespace

void fusedAttentionKernel(const Matrix &q, const Matrix &k, const Matrix &v,
                          const AttentionOptions &options, FusedPassResult &out)
{
    const Index m = q.rows();
    const Index n = k.rows();
    const double divisor = options.divisor(k.cols());
    out.weights.resize(m, n);
    out.output.resize(m, v.cols());
    out.rows.resize(static_cast<size_t>(m));

    const Index blocks = (m + kBlockRows - 1) / kBlockRows;
    const double work = double(m) * double(n) * double(k.cols() + v.cols());
#pragma omp parallel for schedule(dynamic, 1) if (work > kParallelAttentionWork)
    for (Index b = 0; b < blocks; ++b) {
        const Index first = b * kBlockRows;
        const Index count = std::min(kBlockRows, m - first);
        // Columns any row of this block can see; the wrong order needs them all.
        const Index cols = options.mask == MaskMode::CausalAfterSoftmax
                               ? n
                               : visibleKeyCount(options.mask, first + count - 1, m, n);
        if (cols > 0) {
            out.weights.block(first, 0, count, cols).noalias() =
                q.middleRows(first, count) * k.topRows(cols).transpose();
        }
        for (Index i = first; i < first + count; ++i) {
            const Index visible = visibleKeyCount(options.mask, i, m, n);
            double *row = out.weights.row(i).data();
            out.rows[static_cast<size_t>(i)] =
                softmaxRowKernel(row, row, n, visible, divisor, options.mask);
        }
        if (cols > 0) {
            out.output.middleRows(first, count).noalias() =
                out.weights.block(first, 0, count, cols) * v.topRows(cols);
        } else {
            out.output.middleRows(first, count).setZero();
        }
    }
}

} // namespace AttentionLab::ATTENTIONLAB_KERNEL_NAMESPACE
