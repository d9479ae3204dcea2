// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/figure/axisticks.h"

#include <QSet>
#include <QString>

#include <algorithm>
#include <cmath>

namespace AttentionLab::AxisTicks {

QList<double> ticks(double lo, double hi)
{
    const double span = hi - lo;
    if (!(span > 0))
        return {lo};
    const double raw = span / 5.0;
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    double step = magnitude;
    for (double m : {1.0, 2.0, 2.5, 5.0, 10.0}) {
        step = m * magnitude;
        if (span / step <= 6.0)
            break;
    }
    QList<double> out;
    // Each tick from the first (not by adding steps, whose errors add up).
    const double first = std::ceil(lo / step);
    for (int i = 0;; ++i) {
        const double t = (first + i) * step;
        if (t > hi + step * 1e-9 || i > 100)
            break;
        out << (std::abs(t) < step * 1e-9 ? 0.0 : t);
    }
    return out;
}

namespace {

/// \a number without the zeros after its decimal point, nor a bare point:
/// "2.50" is "2.5", "3.00" is "3".
QString withoutTrailingZeros(QString number)
{
    if (number.contains(QLatin1Char('.'))) {
        while (number.endsWith(QLatin1Char('0')))
            number.chop(1);
        if (number.endsWith(QLatin1Char('.')))
            number.chop(1);
    }
    return number;
}

/// \a value in scientific notation with \a digits significant digits, as
/// short as it reads: "2.5e5", "-1.25e-6", "0".
QString scientific(double value, int digits)
{
    if (value == 0.0)
        return QStringLiteral("0");
    const QString text = QString::number(value, 'e', std::max(0, digits - 1));
    const qsizetype e = text.indexOf(QLatin1Char('e'));
    return withoutTrailingZeros(text.left(e)) + QStringLiteral("e") +
           QString::number(text.mid(e + 1).toInt());
}

/// True when \a labels are distinct and each reads back as its tick to a
/// hundredth of a step.
bool faithful(const QStringList &labels, const QList<double> &ticks, double step)
{
    if (QSet<QString>(labels.begin(), labels.end()).size() != labels.size())
        return false;
    for (qsizetype i = 0; i < ticks.size(); ++i)
        if (!(std::abs(labels[i].toDouble() - ticks[i]) <= step * 0.01))
            return false;
    return true;
}

qsizetype longest(const QStringList &labels)
{
    qsizetype n = 0;
    for (const QString &l : labels)
        n = std::max(n, l.size());
    return n;
}

} // namespace

QStringList tickLabels(const QList<double> &ticks)
{
    if (ticks.isEmpty())
        return {};
    double step = ticks.size() > 1 ? std::abs(ticks[1] - ticks[0]) : std::abs(ticks[0]);
    if (!(step > 0))
        step = 1.0;
    // Plain decimals, as many as the step needs ("0.25", "999998.5") ...
    QStringList plain;
    for (int decimals = std::clamp(int(-std::floor(std::log10(step))), 0, 17); decimals <= 17;
         ++decimals) {
        plain.clear();
        for (double t : ticks) {
            const QString text = withoutTrailingZeros(QString::number(t, 'f', decimals));
            plain << (text == QLatin1String("-0") ? QStringLiteral("0") : text);
        }
        if (faithful(plain, ticks, step))
            break;
    }
    // ... or scientific ("2.5e5", "3e-7"), whichever is the shorter.
    QStringList sci;
    for (int digits = 1; digits <= 17; ++digits) {
        sci.clear();
        for (double t : ticks)
            sci << scientific(t, digits);
        if (faithful(sci, ticks, step))
            break;
    }
    return longest(sci) < longest(plain) ? sci : plain;
}

} // namespace AttentionLab::AxisTicks
