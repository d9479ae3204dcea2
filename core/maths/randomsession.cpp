// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/maths/randomsession.h"

#include "core/support/normalgenerator.h"

namespace AttentionLab {

Session randomSession(std::uint64_t seed, Index queries, Index keys, Index dim, RandomValues values)
{
    NormalGenerator normal(seed);
    Session s;
    s.queries = normal.matrix(queries, dim);
    s.keys = normal.matrix(keys, dim);
    if (values == RandomValues::Drawn)
        s.values = normal.matrix(keys, dim);
    return s;
}

} // namespace AttentionLab
