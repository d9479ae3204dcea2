// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/maths/chapterexamples.h"

namespace AttentionLab::ChapterExamples {

namespace {

Matrix rows(std::initializer_list<std::initializer_list<double>> values)
{
    Matrix m(Index(values.size()), Index(values.begin()->size()));
    Index i = 0;
    for (const auto &row : values) {
        Index j = 0;
        for (double v : row)
            m(i, j++) = v;
        ++i;
    }
    return m;
}

} // namespace

Session lecture()
{
    Session s;
    s.tokens = {"is", "the", "best"};
    s.queryTokens = {"who"};
    s.queries = rows({{0.1, 0.2, 0.3}});
    s.keys = rows({{0.4, 0.5, 0.6}, {0.2, 0.1, 0.3}, {0.6, 0.7, 0.8}});
    s.options.scale = true;
    return s;
}

std::vector<NamedQuery> selectionQueries()
{
    return {{"an animal query", {5.0, 0.0, 0.0}},
            {"a verb query", {0.0, 0.0, 5.0}},
            {"an undecided query", {2.0, 2.0, 2.0}},
            // Not in the chapter's script: a query long enough to put more
            // than 0.9 of its weight on one key.
            {"a confident animal query", {8.0, 0.0, 0.0}}};
}

Session selection()
{
    Session s;
    s.tokens = {"dog", "truck", "barked"};
    s.keys = rows({{0.9, 0.0, 0.1}, {0.0, 0.9, 0.1}, {0.1, 0.0, 0.9}});
    s.values = rows({{1.0, 0.0, 0.0}, {0.0, 1.0, 0.0}, {0.0, 0.0, 1.0}});
    const auto queries = selectionQueries();
    s.queries.resize(Index(queries.size()), 3);
    for (size_t i = 0; i < queries.size(); ++i) {
        s.queryTokens.push_back(queries[i].name);
        for (Index j = 0; j < 3; ++j)
            s.queries(Index(i), j) = queries[i].query[size_t(j)];
    }
    s.options.scale = true;
    return s;
}

Matrix causalMaskScores()
{
    return rows(
        {{2.0, 1.0, 0.5, 1.5}, {0.5, 2.0, 1.0, 0.5}, {1.0, 0.5, 2.0, 1.0}, {1.5, 1.0, 0.5, 2.0}});
}

Session causalMask()
{
    // Q = S and K = I give Q K^T = S exactly, so the session reproduces the
    // chapter's raw scores; unscaled, they are the logits themselves.
    Session s;
    s.tokens = {"the", "dog", "barked", "loudly"};
    s.queries = causalMaskScores();
    s.keys = Matrix::Identity(4, 4);
    s.options.scale = false;
    s.options.mask = MaskMode::Causal;
    return s;
}

} // namespace AttentionLab::ChapterExamples
