// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <QImage>
#include <QList>
#include <QRgb>

#include <cstdint>
#include <unordered_map>

namespace AttentionLab {

/**
 * One palette of at most 256 colours fitted to every frame of an animation.
 * Frames are counted first (add()), then fit() chooses the colours: all of
 * them when the frames use no more than 256, which is exact; otherwise the
 * colours that cover large areas (the background, the text, a heatmap's
 * cells) each keep an entry of their own and a median cut shares the rest
 * among the remaining ones (the edges that antialiasing blends). Pixels map
 * to their nearest entry, with no dithering, so text and numbers stay clean.
 */
class GifPalette
{
public:
    /// Counts the colours of \a frame (its alpha is ignored).
    void add(const QImage &frame);
    /// Chooses the palette from what add() counted.
    void fit();

    /// The palette's colours, fit() first.
    const QList<QRgb> &colors() const { return m_colors; }
    /// The entry nearest to \a color (in RGB), fit() first.
    std::uint8_t index(QRgb color);

    static constexpr int kMaxColors = 256;

private:
    std::unordered_map<QRgb, std::uint64_t> m_counts;
    std::uint64_t m_pixels = 0;
    QList<QRgb> m_colors;
    std::unordered_map<QRgb, std::uint8_t> m_lookup;
};

} // namespace AttentionLab
