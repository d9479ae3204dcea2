// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/figure/labelstride.h"

#include <algorithm>
#include <cmath>

namespace AttentionLab {

int labelStride(int count, double lineHeight, double extent, int maxLabels)
{
    int stride = 1;
    if (maxLabels > 0)
        stride = std::max(stride, (count + maxLabels - 1) / maxLabels);
    if (lineHeight > 0.0)
        stride = std::max(stride, extent > 0.0 ? int(std::ceil(count * lineHeight / extent))
                                               : std::max(1, count));
    return stride;
}

} // namespace AttentionLab
