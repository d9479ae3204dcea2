// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/maths/session.h"

namespace AttentionLab {

/// The slider range (either side of zero) a session opens with: wide enough
/// that no slider starts pinned at its end (1.25 times the largest entry),
/// and that a slider's half-length moves a logit by about two (a drag
/// visibly moves the weights: the largest entries of Q and K over the
/// divisor sqrt(d_k) tau set how much a coordinate moves a logit); rounded up
/// to 1, 2, 3, 5 or 8 times a power of ten, from 1 to 1000.
double suggestedSliderRange(const Session &session);

} // namespace AttentionLab
