// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/maths/session.h"

#include <cmath>

namespace AttentionLab {

namespace {

/// "k1", "q2"... (appended rather than concatenated: GCC 12 misreports
/// operator+ on a literal and a temporary string, bug 105329).
std::string numbered(char prefix, Index index)
{
    std::string label(1, prefix);
    label += std::to_string(index + 1);
    return label;
}

} // namespace

namespace {

bool sameMatrix(const Matrix &a, const Matrix &b)
{
    return a.rows() == b.rows() && a.cols() == b.cols() && (a.size() == 0 || a == b);
}

} // namespace

bool Session::operator==(const Session &other) const
{
    return tokens == other.tokens && queryTokens == other.queryTokens &&
           sameMatrix(queries, other.queries) && sameMatrix(keys, other.keys) &&
           sameMatrix(values, other.values) && options == other.options &&
           positions == other.positions && sameMatrix(bias, other.bias);
}

std::optional<std::pair<Index, Index>> Session::firstOverflowingScore() const
{
    double maxQuery = 0.0, maxKey = 0.0;
    for (Index i = 0; i < queries.rows(); ++i)
        maxQuery = std::max(maxQuery, queries.row(i).stableNorm());
    for (Index j = 0; j < keys.rows(); ++j)
        maxKey = std::max(maxKey, keys.row(j).stableNorm());
    if (std::isfinite(maxQuery * maxKey) && maxQuery * maxKey < 1e300)
        return std::nullopt; // |q . k| <= |q| |k|: nothing can overflow
    for (Index i = 0; i < queries.rows(); ++i) {
        const RowVector scores = queries.row(i) * keys.transpose();
        for (Index j = 0; j < scores.size(); ++j) {
            if (!std::isfinite(scores[j]))
                return std::make_pair(i, j);
        }
    }
    return std::nullopt;
}

std::string Session::keyLabel(Index j) const
{
    if (j >= 0 && static_cast<size_t>(j) < tokens.size())
        return tokens[static_cast<size_t>(j)];
    return numbered('k', j);
}

std::string Session::queryLabel(Index i) const
{
    if (i >= 0 && static_cast<size_t>(i) < queryTokens.size())
        return queryTokens[static_cast<size_t>(i)];
    if (queryTokens.empty() && i >= 0 && static_cast<size_t>(i) < tokens.size())
        return tokens[static_cast<size_t>(i)];
    return numbered('q', i);
}

} // namespace AttentionLab
