// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/figure/attentionimage.h"

#include "core/attentionaggregates.h"

#include <QColor>

#include <algorithm>
#include <array>

namespace AttentionLab {

QImage attentionImage(const float *data, long long stride, const QRect &region, const QSize &pixels,
                      ColorMaps::Name map, double lo, double hi)
{
    if (region.isEmpty() || pixels.isEmpty())
        return {};
    const int outRows = std::min(region.height(), pixels.height());
    const int outCols = std::min(region.width(), pixels.width());
    const FloatMatrix cells =
        downsampleMax(data, stride, region.top(), region.top() + region.height(), region.left(),
                      region.left() + region.width(), outRows, outCols);

    // A 256-entry palette: one colour look-up per pixel, not an interpolation.
    std::array<QRgb, 256> palette;
    for (int i = 0; i < 256; ++i)
        palette[static_cast<size_t>(i)] = ColorMaps::colorAt(map, i / 255.0).rgb();
    const double span = hi > lo ? hi - lo : 1.0;

    QImage image(outCols, outRows, QImage::Format_RGB32);
    for (int r = 0; r < outRows; ++r) {
        auto *line = reinterpret_cast<QRgb *>(image.scanLine(r));
        for (int c = 0; c < outCols; ++c) {
            const double t = std::clamp((cells(r, c) - lo) / span, 0.0, 1.0);
            line[c] = palette[static_cast<size_t>(t * 255.0 + 0.5)];
        }
    }
    return image;
}

} // namespace AttentionLab
