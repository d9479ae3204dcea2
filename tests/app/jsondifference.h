// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

// The largest difference between the numbers of two JSON values, for the
// tests that hold the binary's JSON against numpy's.

#include <QJsonArray>
#include <QJsonValue>

#include <algorithm>
#include <cmath>

/// The largest difference between two equally shaped nested number lists;
/// infinity when their shapes differ.
inline double jsonDifference(const QJsonValue &a, const QJsonValue &b)
{
    if (a.isArray() != b.isArray())
        return INFINITY;
    if (!a.isArray())
        return std::abs(a.toDouble() - b.toDouble());
    const QJsonArray x = a.toArray();
    const QJsonArray y = b.toArray();
    if (x.size() != y.size())
        return INFINITY;
    double worst = 0.0;
    for (qsizetype i = 0; i < x.size(); ++i)
        worst = std::max(worst, jsonDifference(x[i], y[i]));
    return worst;
}
