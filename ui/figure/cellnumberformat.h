// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <QList>
#include <QSizeF>
#include <QString>

namespace AttentionLab {

struct HeatmapStyle;

/**
 * How a heatmap writes a cell's value: four decimals ("0.3611"), the leading
 * zero left out where it does not fit (".3611"), or two decimals (".36").
 * The large head view, the exported figures and the Attention tab write
 * their numbers with it; fit() is the one rule that lets a cell's size
 * decide how many digits it holds, on screen and in exports alike.
 */
class CellNumberFormat
{
public:
    static constexpr int kDecimals = 4;

    CellNumberFormat() = default;
    CellNumberFormat(int decimals, bool bare) : m_decimals(decimals), m_bare(bare) {}

    int decimals() const { return m_decimals; }
    /// True when "0." is written "." (".1824", as tables of values under 1 do).
    bool bare() const { return m_bare; }
    /// \a value as a cell writes it; +-inf (a logit a tiny temperature
    /// overflows) as "+∞" and "−∞".
    QString text(double value) const;
    /// The word a masked cell writes.
    static QString maskedText();

    bool operator==(const CellNumberFormat &other) const = default;

    struct Fit;
    /// The rule: numbers as large as the widest of \a values allows in 92% of
    /// a cell's width and half its height, at most style.largestNumber. Where
    /// four decimals would stay under 18 px the leading zero goes; where they
    /// would still stay under 16 px, two decimals are written larger
    /// instead. Under style.smallestNumber, none.
    static Fit fit(const QSizeF &cell, const HeatmapStyle &style, const QList<double> &values);

private:
    int m_decimals = kDecimals;
    bool m_bare = false;
};

/// The numbers of cells of one size: their format and font size in
/// pixels, and the masked word's size; a pixel size of 0 writes none (the
/// masked word's is 0 where it would be smaller than style.smallestNumber).
struct CellNumberFormat::Fit
{
    CellNumberFormat format;
    int pixelSize = 0;
    int maskedPixelSize = 0;
    bool shown() const { return pixelSize > 0; }
};

} // namespace AttentionLab
