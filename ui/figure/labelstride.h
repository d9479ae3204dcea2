// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

namespace AttentionLab {

/**
 * The one thinning of axis labels, for the exported figures and the views on
 * screen alike: of \a count labels side by side along \a extent pixels, every
 * k-th is drawn, k the smallest stride that gives each drawn label
 * \a lineHeight pixels (its text's height with a margin, or its width when
 * rotated), and, when \a maxLabels is above 0, draws at most that many. A
 * \a lineHeight of 0 asks only for the cap; an extent of 0 with a line
 * height leaves room for one label.
 */
int labelStride(int count, double lineHeight, double extent, int maxLabels = 0);

} // namespace AttentionLab
