// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/maths/sessionedits.h"

#include <stdexcept>

namespace AttentionLab::SessionEdits {

namespace {

constexpr Index kMaxTokens = 4096;
constexpr Index kMaxDim = 4096;

void insertRow(Matrix &m, Index at)
{
    Matrix out = Matrix::Zero(m.rows() + 1, m.cols());
    out.topRows(at) = m.topRows(at);
    out.bottomRows(m.rows() - at) = m.bottomRows(m.rows() - at);
    m = std::move(out);
}

void removeRow(Matrix &m, Index row)
{
    Matrix out(m.rows() - 1, m.cols());
    out.topRows(row) = m.topRows(row);
    out.bottomRows(m.rows() - row - 1) = m.bottomRows(m.rows() - row - 1);
    m = std::move(out);
}

void moveRow(Matrix &m, Index from, Index to)
{
    const RowVector row = m.row(from);
    removeRow(m, from);
    insertRow(m, to);
    m.row(to) = row;
}

template <typename T> void moveItem(std::vector<T> &v, Index from, Index to)
{
    if (v.empty())
        return;
    T item = v[size_t(from)];
    v.erase(v.begin() + from);
    v.insert(v.begin() + to, item);
}

/// Writes out every key label, so that edits by position keep them.
void materializeKeyLabels(Session &s)
{
    if (!s.tokens.empty())
        return;
    for (Index j = 0; j < s.keys.rows(); ++j)
        s.tokens.push_back(s.keyLabel(j));
}

void materializeQueryLabels(Session &s)
{
    if (!s.queryTokens.empty())
        return;
    for (Index i = 0; i < s.queries.rows(); ++i)
        s.queryTokens.push_back(s.queryLabel(i));
}

/// Applies a row edit to the bias's columns (the keys'), where it has one.
template <typename Edit> void editBiasColumns(Session &s, Edit edit)
{
    if (!s.hasBias())
        return;
    Matrix columns = s.bias.transpose();
    edit(columns);
    s.bias = columns.transpose();
}

/// Applies a row edit to the bias's rows (the queries'), where it has one.
template <typename Edit> void editBiasRows(Session &s, Edit edit)
{
    if (s.hasBias())
        edit(s.bias);
}

void checkIndex(Index index, Index count, const char *what)
{
    if (index < 0 || index >= count)
        throw std::invalid_argument(std::string("there is no ") + what + " number " +
                                    std::to_string(index + 1));
}

} // namespace

void insertKey(Session &s, Index at, const std::string &label)
{
    if (at < 0 || at > s.keys.rows())
        throw std::invalid_argument("a key can only be inserted next to the others");
    if (s.keys.rows() >= kMaxTokens)
        throw std::invalid_argument("a session holds at most 4096 keys");
    materializeQueryLabels(s); // query labels no longer follow the keys by index
    materializeKeyLabels(s);
    insertRow(s.keys, at);
    if (s.hasValues())
        insertRow(s.values, at);
    // A new key carries no bias: 0 from every query.
    editBiasColumns(s, [at](Matrix &m) { insertRow(m, at); });
    s.tokens.insert(s.tokens.begin() + at, label);
}

void insertQuery(Session &s, Index at, const std::string &label)
{
    if (at < 0 || at > s.queries.rows())
        throw std::invalid_argument("a query can only be inserted next to the others");
    if (s.queries.rows() >= kMaxTokens)
        throw std::invalid_argument("a session holds at most 4096 queries");
    materializeQueryLabels(s);
    insertRow(s.queries, at);
    editBiasRows(s, [at](Matrix &m) { insertRow(m, at); });
    s.queryTokens.insert(s.queryTokens.begin() + at, label);
}

void removeKey(Session &s, Index row)
{
    checkIndex(row, s.keys.rows(), "key");
    if (s.keys.rows() == 1)
        throw std::invalid_argument("attention needs at least one key");
    materializeQueryLabels(s);
    materializeKeyLabels(s);
    removeRow(s.keys, row);
    if (s.hasValues())
        removeRow(s.values, row);
    editBiasColumns(s, [row](Matrix &m) { removeRow(m, row); });
    s.tokens.erase(s.tokens.begin() + row);
}

void removeQuery(Session &s, Index row)
{
    checkIndex(row, s.queries.rows(), "query");
    if (s.queries.rows() == 1)
        throw std::invalid_argument("attention needs at least one query");
    materializeQueryLabels(s);
    removeRow(s.queries, row);
    editBiasRows(s, [row](Matrix &m) { removeRow(m, row); });
    s.queryTokens.erase(s.queryTokens.begin() + row);
}

void moveKey(Session &s, Index from, Index to)
{
    checkIndex(from, s.keys.rows(), "key");
    checkIndex(to, s.keys.rows(), "key");
    materializeQueryLabels(s);
    materializeKeyLabels(s);
    moveRow(s.keys, from, to);
    if (s.hasValues())
        moveRow(s.values, from, to);
    editBiasColumns(s, [from, to](Matrix &m) { moveRow(m, from, to); });
    moveItem(s.tokens, from, to);
}

void moveQuery(Session &s, Index from, Index to)
{
    checkIndex(from, s.queries.rows(), "query");
    checkIndex(to, s.queries.rows(), "query");
    materializeQueryLabels(s);
    moveRow(s.queries, from, to);
    editBiasRows(s, [from, to](Matrix &m) { moveRow(m, from, to); });
    moveItem(s.queryTokens, from, to);
}

void renameKey(Session &s, Index row, const std::string &label)
{
    checkIndex(row, s.keys.rows(), "key");
    materializeKeyLabels(s);
    s.tokens[size_t(row)] = label;
}

void renameQuery(Session &s, Index row, const std::string &label)
{
    checkIndex(row, s.queries.rows(), "query");
    materializeQueryLabels(s);
    s.queryTokens[size_t(row)] = label;
}

void setKeyDim(Session &s, Index dim)
{
    if (dim < 1 || dim > kMaxDim)
        throw std::invalid_argument("d_k must be between 1 and 4096");
    const Index old = s.keys.cols();
    const Index keep = std::min(old, dim);
    auto resize = [&](Matrix &m) {
        Matrix out = Matrix::Zero(m.rows(), dim);
        out.leftCols(keep) = m.leftCols(keep);
        m = std::move(out);
    };
    // Explicit values keep their width; without them V = K follows the keys.
    resize(s.queries);
    resize(s.keys);
}

} // namespace AttentionLab::SessionEdits
