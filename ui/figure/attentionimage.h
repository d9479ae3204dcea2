// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/kernels/keyvisibility.h"
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
 * \a hi on \a map. A pixel that covers only keys its queries could not see
 * (\a visibility: a causal model's cells right of the diagonal) is the masked
 * grey of the Attention tab, never the colour of a weight of 0. \a region is
 * in the matrix's own rows and columns. The thumbnails, the large head view
 * and the exported figures all draw heads with this one function.
 */
QImage attentionImage(const float *data, long long stride, const QRect &region, const QSize &pixels,
                      ColorMaps::Name map, double lo = 0.0, double hi = 1.0,
                      const KeyVisibility &visibility = {});

/// Paints grey each pixel of \a image (32-bit) that covers only masked cells
/// of \a region, its pixels binning the region's rows and columns as
/// attentionImage's do.
void paintMaskedPixels(QImage &image, const QRect &region, const KeyVisibility &visibility);

} // namespace AttentionLab
