// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/kernels/keyvisibility.h"

namespace AttentionLab {

class AttentionTensor;

/// Causal when \a tensor has as many or more keys than queries and every
/// head's every weight right of its diagonal is exactly 0, as a decoder's
/// files are; otherwise every key is seen. It stops at the first non-zero
/// weight there, so an encoder's file costs a few reads.
KeyVisibility inferredVisibility(const AttentionTensor &tensor);

} // namespace AttentionLab
