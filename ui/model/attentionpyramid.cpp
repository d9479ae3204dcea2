// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/model/attentionpyramid.h"

#include "ui/figure/attentionimage.h"

#include <algorithm>
#include <cmath>

namespace AttentionLab {

namespace {

/// The pyramid stops once a level is this small: drawing it costs nothing.
constexpr int kSmallestLevel = 256;

} // namespace

void AttentionPyramid::clear()
{
    m_levels.clear();
    m_rows = 0;
    m_cols = 0;
}

void AttentionPyramid::build(const float *data, int rows, int cols)
{
    clear();
    m_rows = rows;
    m_cols = cols;
    const float *level = data;
    while (std::max(rows, cols) > kSmallestLevel) {
        const int r = (rows + 1) / 2;
        const int c = (cols + 1) / 2;
        m_levels.push_back(downsampleMax(level, cols, 0, rows, 0, cols, r, c));
        level = m_levels.back().data();
        rows = r;
        cols = c;
    }
}

QImage AttentionPyramid::image(const float *data, const QRect &cells, const QRectF &target,
                               ColorMaps::Name map, double lo, double hi) const
{
    if (!data || cells.isEmpty() || m_rows == 0)
        return {};
    int rows = m_rows;
    int cols = m_cols;
    const int c0 = cells.left(), c1 = cells.left() + cells.width();
    const int r0 = cells.top(), r1 = cells.top() + cells.height();
    // The level with at least one cell per pixel, so no strong cell is lost.
    int level = 0;
    while (level < int(m_levels.size()) &&
           double(m_levels[size_t(level)].cols()) / m_cols * (c1 - c0) >= target.width() &&
           double(m_levels[size_t(level)].rows()) / m_rows * (r1 - r0) >= target.height())
        ++level;
    if (level > 0) {
        const FloatMatrix &p = m_levels[size_t(level - 1)];
        data = p.data();
        rows = int(p.rows());
        cols = int(p.cols());
    }
    const int lr0 = int(qint64(r0) * rows / m_rows);
    const int lr1 = std::max(lr0 + 1, int((qint64(r1) * rows + m_rows - 1) / m_rows));
    const int lc0 = int(qint64(c0) * cols / m_cols);
    const int lc1 = std::max(lc0 + 1, int((qint64(c1) * cols + m_cols - 1) / m_cols));
    const QSize pixels(std::max(1, int(std::ceil(target.width()))),
                       std::max(1, int(std::ceil(target.height()))));
    return attentionImage(data, cols, QRect(lc0, lr0, lc1 - lc0, lr1 - lr0), pixels, map, lo, hi);
}

} // namespace AttentionLab
