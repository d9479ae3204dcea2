// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/figure/attentionimage.h"

#include "core/sets/attentionaggregates.h"

#include <QColor>

#include <algorithm>
#include <array>

namespace AttentionLab {

void paintMaskedPixels(QImage &image, const QRect &region, const KeyVisibility &visibility)
{
    if (!visibility.masksAny() || image.isNull() || region.isEmpty())
        return;
    // The cells each pixel covers, binned as downsampleMax bins them.
    const auto binBegin = [](int first, int count, int bins, int bin) {
        return first + int(static_cast<long long>(bin) * count / bins);
    };
    const auto binEnd = [&](int first, int count, int bins, int bin) {
        return std::max(binBegin(first, count, bins, bin) + 1,
                        binBegin(first, count, bins, bin + 1));
    };
    const QRgb masked = ColorMaps::maskedColor().rgb();
    const int rows = image.height();
    const int cols = image.width();
    for (int r = 0; r < rows; ++r) {
        auto *line = reinterpret_cast<QRgb *>(image.scanLine(r));
        const int rb = binBegin(region.top(), region.height(), rows, r);
        const int re = binEnd(region.top(), region.height(), rows, r);
        for (int c = 0; c < cols; ++c)
            if (visibility.masksBlock(rb, re, binBegin(region.left(), region.width(), cols, c),
                                      binEnd(region.left(), region.width(), cols, c)))
                line[c] = masked;
    }
}

QImage attentionImage(const float *data, long long stride, const QRect &region, const QSize &pixels,
                      ColorMaps::Name map, double lo, double hi, const KeyVisibility &visibility)
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
    paintMaskedPixels(image, region, visibility);
    return image;
}

} // namespace AttentionLab
