// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <QString>
#include <QStringList>

#include <functional>
#include <vector>

namespace AttentionLab {

/**
 * How a heatmap's colours span its values. Weights are fixed to 0..1 by
 * default, which leaves a 512-token session uniformly dark (its weights are
 * about 1/n); fitted spans the data's own range, and per row spans each row
 * from its smallest to its largest visible value, so every row shows its own
 * pattern. The colour bar always says which one is in use.
 */
class ColorRange
{
public:
    enum class Mode
    {
        Fixed,  ///< weights 0 to 1; scores and logits their data range
        Fitted, ///< the data's smallest to largest value
        PerRow, ///< each row from its smallest to its largest value
    };
    static constexpr int kModeCount = 3;
    static QStringList displayNames();

    /// Scans \a rows x \a cols values (NaN: masked, skipped); \a weights
    /// says the values are softmax weights, whose fixed range is 0 to 1.
    ColorRange(Mode mode, bool weights, int rows, int cols,
               const std::function<double(int, int)> &value);

    Mode mode() const { return m_mode; }
    /// Where \a value of row \a row sits on the colour bar, 0 to 1 (clamped).
    double position(int row, double value) const;
    /// The range the colour bar's axis shows: the data range, or 0 to 1 per row.
    double barLow() const { return m_mode == Mode::PerRow ? 0.0 : m_lo; }
    double barHigh() const { return m_mode == Mode::PerRow ? 1.0 : m_hi; }
    /// The colour bar's title: "weight", "weight (fitted to the data)",
    /// "weight, per row: 0 = row min, 1 = row max".
    QString barTitle(const QString &quantity) const;

private:
    Mode m_mode;
    bool m_weights;
    double m_lo = 0.0;
    double m_hi = 1.0;
    std::vector<double> m_rowLo;
    std::vector<double> m_rowHi;
};

} // namespace AttentionLab
