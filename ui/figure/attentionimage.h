// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "ui/figure/colormaps.h"

#include <QImage>
#include <QRect>
#include <QSize>

namespace AttentionLab {

/**
 * A region of an attention matrix as an image of at most \a pixels: each
 * pixel the colour of the largest weight it covers (downsampleMax), so a
 * strong cell never vanishes from a 4096-token head drawn in 800 pixels.
 * When the region is smaller than \a pixels the image has one pixel per cell
 * (scale it up with smooth transformation off). Colours run from \a lo to
 * \a hi on \a map. The thumbnails, the large head view and the exported
 * figures all draw heads with this one function.
 */
QImage attentionImage(const float *data, long long stride, const QRect &region, const QSize &pixels,
                      ColorMaps::Name map, double lo = 0.0, double hi = 1.0);

} // namespace AttentionLab
