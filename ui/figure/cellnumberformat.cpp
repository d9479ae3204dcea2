// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/figure/cellnumberformat.h"

#include "ui/figure/heatmapstyle.h"

#include <QFontMetricsF>

#include <algorithm>
#include <cmath>

namespace AttentionLab {

QString CellNumberFormat::text(double value) const
{
    if (std::isinf(value))
        return value > 0 ? QStringLiteral("+∞") : QStringLiteral("−∞");
    QString t = QString::number(value, 'f', m_decimals);
    if (m_bare && t.startsWith(QLatin1String("0.")))
        t.remove(0, 1);
    else if (m_bare && t.startsWith(QLatin1String("-0.")))
        t.remove(1, 1);
    return t;
}

QString CellNumberFormat::maskedText()
{
    return QStringLiteral("masked");
}

CellNumberFormat::Fit CellNumberFormat::fit(const QSizeF &cell, const HeatmapStyle &style,
                                            const QList<double> &values)
{
    // A fixed fifth of the width left the mask lab's numbers at 12 px in
    // cells of 65 px on a 1280 x 720 projector: the size is measured in the font.
    Fit out;
    const double tallest = std::min(cell.height() * 0.5, style.largestNumber);
    if (!style.numbers || tallest < style.smallestNumber)
        return out;
    QFont font = style.font;
    font.setPixelSize(100);
    const QFontMetricsF at100(font);
    const auto sizeFor = [&](double widestAt100) {
        return std::min(tallest, cell.width() * 0.92 / std::max(1e-9, widestAt100 / 100.0));
    };
    const auto sizeOf = [&](const CellNumberFormat &format) {
        double widest = 0.0;
        for (double v : values)
            if (!std::isnan(v))
                widest = std::max(widest, at100.horizontalAdvance(format.text(v)));
        return sizeFor(widest);
    };
    CellNumberFormat format;
    double size = sizeOf(format);
    if (size < 18.0) {
        if (const double bare = sizeOf({kDecimals, true}); bare > size * 1.05) {
            format.m_bare = true;
            size = bare;
        }
    }
    if (size < 16.0) {
        if (const double two = sizeOf({2, format.m_bare}); two > size * 1.2) {
            format.m_decimals = 2;
            size = two;
        }
    }
    if (size < style.smallestNumber)
        return out;
    out.format = format;
    out.pixelSize = std::max(1, int(size));
    // "masked" takes its own size, and stays out where it would be smaller
    // than a number may be: the grey says it.
    const double masked = std::min(size, sizeFor(at100.horizontalAdvance(maskedText())));
    out.maskedPixelSize = masked >= style.smallestNumber ? std::max(1, int(masked)) : 0;
    return out;
}

} // namespace AttentionLab
