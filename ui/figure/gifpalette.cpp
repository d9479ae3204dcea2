// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/figure/gifpalette.h"

#include <algorithm>
#include <array>
#include <limits>
#include <vector>

namespace AttentionLab {

namespace {

struct Counted
{
    QRgb color;
    std::uint64_t count;
};

int channel(QRgb color, int axis)
{
    return axis == 0 ? qRed(color) : axis == 1 ? qGreen(color) : qBlue(color);
}

/// A box of the median cut: a range of the colours vector.
struct Box
{
    size_t begin, end;
    int widestAxis = 0;
    int width = 0;
    std::uint64_t weight = 0;
};

Box measure(const std::vector<Counted> &colors, size_t begin, size_t end)
{
    Box box{begin, end};
    std::array<int, 3> low{255, 255, 255}, high{0, 0, 0};
    for (size_t i = begin; i < end; ++i) {
        box.weight += colors[i].count;
        for (int axis = 0; axis < 3; ++axis) {
            low[axis] = std::min(low[axis], channel(colors[i].color, axis));
            high[axis] = std::max(high[axis], channel(colors[i].color, axis));
        }
    }
    for (int axis = 0; axis < 3; ++axis) {
        if (high[axis] - low[axis] > box.width) {
            box.width = high[axis] - low[axis];
            box.widestAxis = axis;
        }
    }
    return box;
}

QRgb mean(const std::vector<Counted> &colors, const Box &box)
{
    std::array<double, 3> sum{0, 0, 0};
    double weight = 0;
    for (size_t i = box.begin; i < box.end; ++i) {
        const double w = double(colors[i].count);
        sum[0] += w * qRed(colors[i].color);
        sum[1] += w * qGreen(colors[i].color);
        sum[2] += w * qBlue(colors[i].color);
        weight += w;
    }
    return qRgb(int(sum[0] / weight + 0.5), int(sum[1] / weight + 0.5), int(sum[2] / weight + 0.5));
}

} // namespace

void GifPalette::add(const QImage &frame)
{
    const QImage rgb = frame.convertToFormat(QImage::Format_RGB32);
    // A figure is mostly runs of one colour (the background, a cell): each
    // run is counted with one look-up instead of one a pixel.
    for (int y = 0; y < rgb.height(); ++y) {
        const auto *line = reinterpret_cast<const QRgb *>(rgb.constScanLine(y));
        for (int x = 0; x < rgb.width();) {
            const QRgb color = line[x];
            int end = x + 1;
            while (end < rgb.width() && line[end] == color)
                ++end;
            m_counts[color | 0xff000000u] += std::uint64_t(end - x);
            x = end;
        }
    }
    m_pixels += std::uint64_t(rgb.width()) * std::uint64_t(rgb.height());
}

void GifPalette::fit()
{
    m_colors.clear();
    m_lookup.clear();
    std::vector<Counted> colors;
    colors.reserve(m_counts.size());
    for (const auto &[color, count] : m_counts)
        colors.push_back({color, count});
    std::sort(colors.begin(), colors.end(), [](const Counted &a, const Counted &b) {
        return a.count != b.count ? a.count > b.count : a.color < b.color;
    });
    if (colors.size() <= size_t(kMaxColors)) {
        for (const Counted &c : colors)
            m_colors << c.color;
        return;
    }
    // Colours that each cover a thousandth of the pixels keep their own
    // entry, up to a quarter of the palette.
    size_t exact = 0;
    while (exact < size_t(kMaxColors / 4) && colors[exact].count * 1000 >= m_pixels)
        m_colors << colors[exact++].color;
    std::vector<Box> boxes{measure(colors, exact, colors.size())};
    const size_t entries = size_t(kMaxColors) - exact;
    while (boxes.size() < entries) {
        // Split the box whose colours spread widest, weighted by how many pixels it holds.
        auto widest = std::max_element(boxes.begin(), boxes.end(), [](const Box &a, const Box &b) {
            return double(a.width) * double(a.weight) < double(b.width) * double(b.weight);
        });
        if (widest->width == 0)
            break;
        const Box box = *widest;
        std::sort(colors.begin() + box.begin, colors.begin() + box.end,
                  [axis = box.widestAxis](const Counted &a, const Counted &b) {
                      return channel(a.color, axis) < channel(b.color, axis);
                  });
        std::uint64_t half = 0;
        size_t cut = box.begin;
        while (cut + 1 < box.end && half + colors[cut].count <= box.weight / 2)
            half += colors[cut++].count;
        cut = std::clamp(cut, box.begin + 1, box.end - 1);
        *widest = measure(colors, box.begin, cut);
        boxes.push_back(measure(colors, cut, box.end));
    }
    for (const Box &box : boxes)
        m_colors << mean(colors, box);
}

std::uint8_t GifPalette::index(QRgb color)
{
    color |= 0xff000000u;
    if (const auto found = m_lookup.find(color); found != m_lookup.end())
        return found->second;
    int best = 0;
    int bestDistance = std::numeric_limits<int>::max();
    for (int i = 0; i < int(m_colors.size()); ++i) {
        const int dr = qRed(color) - qRed(m_colors[i]), dg = qGreen(color) - qGreen(m_colors[i]),
                  db = qBlue(color) - qBlue(m_colors[i]);
        const int distance = dr * dr + dg * dg + db * db;
        if (distance < bestDistance) {
            bestDistance = distance;
            best = i;
        }
    }
    m_lookup.emplace(color, std::uint8_t(best));
    return std::uint8_t(best);
}

} // namespace AttentionLab
