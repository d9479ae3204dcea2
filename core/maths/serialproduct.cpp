// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/maths/serialproduct.h"

#include "core/kernels/kernelset.h"

namespace AttentionLab {

void serialProduct(std::ptrdiff_t rows, std::ptrdiff_t cols, std::ptrdiff_t depth, const float *l,
                   std::ptrdiff_t ldL, bool lRowMajor, const float *r, std::ptrdiff_t ldR,
                   float *out, std::ptrdiff_t ldOut, float alpha)
{
    activeKernels().serialProduct(rows, cols, depth, l, ldL, lRowMajor, r, ldR, out, ldOut, alpha);
}

} // namespace AttentionLab
