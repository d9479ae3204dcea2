// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <cstddef>

namespace AttentionLab {

/**
 * out = alpha L R in float32 on the calling thread alone, with the kernel
 * sets' packed product (core/kernels/packedproductkernel.cpp; Eigen's
 * matrix-vector product for one column). The forward pass splits its
 * products between its own threads (core/support/threadpool.h), one join per
 * product.
 *
 * L is rows x depth, column-major with leading dimension ldL, or row-major
 * with row stride ldL when lRowMajor; R is depth x cols, column-major with
 * leading dimension ldR; out is rows x cols, column-major with leading
 * dimension ldOut, and is overwritten.
 */
void serialProduct(std::ptrdiff_t rows, std::ptrdiff_t cols, std::ptrdiff_t depth, const float *l,
                   std::ptrdiff_t ldL, bool lRowMajor, const float *r, std::ptrdiff_t ldR,
                   float *out, std::ptrdiff_t ldOut, float alpha = 1.0f);

} // namespace AttentionLab
