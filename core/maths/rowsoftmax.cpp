// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/maths/rowsoftmax.h"

#include "core/kernels/kernelset.h"

namespace AttentionLab {

RowStatistics softmaxRow(const double *scores, double *weights, Index keys, Index visible,
                         double divisor, MaskMode mode)
{
    return activeKernels().softmaxRow(scores, weights, keys, visible, divisor, mode);
}

} // namespace AttentionLab
