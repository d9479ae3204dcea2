// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/maths/multiheadattention.h"

#include "core/maths/labmemory.h"
#include "core/support/memorybudget.h"

#include <stdexcept>
#include <string>

namespace AttentionLab {

MultiHeadResult multiHeadAttention(const Matrix &q, const Matrix &k, const Matrix &v, int heads,
                                   const AttentionOptions &options, const Matrix &outputProjection)
{
    const Index d = q.cols();
    if (heads < 1)
        throw std::invalid_argument("the number of heads must be at least 1");
    if (d % heads != 0)
        throw std::invalid_argument("D = " + std::to_string(d) + " cannot be split into " +
                                    std::to_string(heads) + " equal heads: h must divide D");
    if (k.cols() != d || v.cols() != d)
        throw std::invalid_argument("multi-head attention needs queries, keys and values of the "
                                    "same width D");
    if (outputProjection.size() != 0 &&
        (outputProjection.rows() != d || outputProjection.cols() != d))
        throw std::invalid_argument("W^O must be D x D (" + std::to_string(d) + " x " +
                                    std::to_string(d) + ")");

    requireMemory(multiHeadBytes(q.rows(), k.rows(), d, heads),
                  std::to_string(heads) + " heads over " + std::to_string(q.rows()) +
                      " queries and " + std::to_string(k.rows()) + " keys");
    MultiHeadResult r;
    r.heads = heads;
    r.headDim = d / heads;
    r.concatenated.resize(q.rows(), d);
    r.perHead.reserve(static_cast<size_t>(heads));
    for (int h = 0; h < heads; ++h) {
        const Index first = h * r.headDim;
        r.perHead.push_back(attend(q.middleCols(first, r.headDim), k.middleCols(first, r.headDim),
                                   v.middleCols(first, r.headDim), options));
        r.concatenated.middleCols(first, r.headDim) = r.perHead.back().output;
    }
    if (outputProjection.size() == 0)
        r.output = r.concatenated;
    else
        r.output.noalias() = r.concatenated * outputProjection;
    return r;
}

ProjectedInputs project(const Matrix &x, const Projections &w)
{
    auto check = [&](const Matrix &weights, const char *name) {
        if (weights.rows() != x.cols())
            throw std::invalid_argument(
                std::string(name) + " has " + std::to_string(weights.rows()) +
                " rows but the inputs are " + std::to_string(x.cols()) + " wide");
    };
    check(w.queryWeights, "W^Q");
    check(w.keyWeights, "W^K");
    check(w.valueWeights, "W^V");
    if (w.queryWeights.cols() != w.keyWeights.cols())
        throw std::invalid_argument("W^Q and W^K must give queries and keys the same width d_k");
    return {x * w.queryWeights, x * w.keyWeights, x * w.valueWeights};
}

} // namespace AttentionLab
