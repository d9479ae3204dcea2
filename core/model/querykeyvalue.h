// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/kernels/kernelset.h"
#include "core/model/activations.h"

namespace AttentionLab {

/// One block's q, k and v, where their projection put them: the heads are
/// read in place through their strides.
struct QueryKeyValue
{
    Activations fused, q, k, v;
    HeadRows qRows, kRows, vRows;
};

} // namespace AttentionLab
