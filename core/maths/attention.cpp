// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/maths/attention.h"

#include "core/kernels/kernelset.h"
#include "core/maths/inputtext.h"
#include "core/maths/rowsoftmax.h"

#include <stdexcept>
#include <string>

namespace AttentionLab {

namespace {

std::string shape(const Matrix &m)
{
    return std::to_string(m.rows()) + " x " + std::to_string(m.cols());
}

void softmaxAllRows(AttentionResult &r)
{
    const Index m = r.scores.rows();
    const Index n = r.scores.cols();
    r.rows.resize(static_cast<size_t>(m));
#pragma omp parallel for schedule(static) if (double(m) * double(n) > kParallelAttentionWork)
    for (Index i = 0; i < m; ++i) {
        r.rows[static_cast<size_t>(i)] = softmaxRow(r.scores.row(i).data(), r.weights.row(i).data(),
                                                    i, m, n, r.keyDim, r.options);
    }
}

} // namespace

void checkAttentionShapes(const Matrix &q, const Matrix &k, const Matrix &v,
                          const AttentionOptions &options, const Matrix &bias)
{
    if (k.rows() == 0)
        throw std::invalid_argument("attention needs at least one key");
    if (q.rows() == 0)
        throw std::invalid_argument("attention needs at least one query");
    if (k.cols() == 0)
        throw std::invalid_argument("keys must have at least one dimension");
    if (q.cols() != k.cols())
        throw std::invalid_argument("queries are " + shape(q) + " but keys are " + shape(k) +
                                    ": a query and a key must have the same width d_k");
    if (v.rows() != k.rows())
        throw std::invalid_argument("there are " + std::to_string(v.rows()) + " values for " +
                                    std::to_string(k.rows()) + " keys: one value per key");
    if (!(options.temperature > 0.0) || !std::isfinite(options.temperature))
        throw std::invalid_argument("the temperature must be a positive number, not " +
                                    inputNumber(options.temperature));
    if (options.window < 0)
        throw std::invalid_argument("the sliding window must be a whole number of keys, 1 or "
                                    "more (0: none), not " +
                                    std::to_string(options.window));
    if (!(options.softCap >= 0.0) || !std::isfinite(options.softCap))
        throw std::invalid_argument("the soft cap must be a positive number (0: none), not " +
                                    inputNumber(options.softCap));
    if (bias.size() != 0 && (bias.rows() != q.rows() || bias.cols() != k.rows()))
        throw std::invalid_argument("the bias is " + shape(bias) + " but there are " +
                                    std::to_string(q.rows()) + " queries and " +
                                    std::to_string(k.rows()) + " keys: one number per pair");
    if (bias.size() != 0 && !bias.allFinite())
        throw std::invalid_argument("the bias must hold finite numbers");
}

AttentionResult attend(const Matrix &q, const Matrix &k, const Matrix &v,
                       const AttentionOptions &options)
{
    return attend(q, k, v, options, Matrix());
}

AttentionResult attend(const Matrix &q, const Matrix &k, const Matrix &v,
                       const AttentionOptions &options, const Matrix &bias)
{
    checkAttentionShapes(q, k, v, options, bias);
    AttentionResult r;
    r.options = options;
    r.divisor = options.divisor(k.cols());
    r.keyDim = k.cols();
    r.scores.noalias() = q * k.transpose();
    if (bias.size() != 0) {
        r.bias = bias;
        r.scores += bias;
    }
    r.weights.resize(q.rows(), k.rows());
    softmaxAllRows(r);
    r.output.noalias() = r.weights * v;
    return r;
}

AttentionResult attend(const Session &session)
{
    return attend(session.queries, session.keys, session.effectiveValues(), session.options,
                  session.bias);
}

AttentionResult attend(const Matrix &q, const Matrix &k, const AttentionOptions &options)
{
    return attend(q, k, k, options);
}

void updateQueryRow(AttentionResult &r, const Matrix &q, const Matrix &k, const Matrix &v,
                    Index row)
{
    checkAttentionShapes(q, k, v, r.options, r.bias);
    if (row < 0 || row >= r.scores.rows() || q.rows() != r.scores.rows() ||
        k.rows() != r.scores.cols())
        throw std::invalid_argument("updateQueryRow: the result does not match the inputs");
    const Index m = q.rows();
    const Index n = k.rows();
    r.scores.row(row).noalias() = q.row(row) * k.transpose();
    if (r.bias.size() != 0)
        r.scores.row(row) += r.bias.row(row);
    r.rows[static_cast<size_t>(row)] = softmaxRow(
        r.scores.row(row).data(), r.weights.row(row).data(), row, m, n, k.cols(), r.options);
    r.output.row(row).noalias() = r.weights.row(row) * v;
}

void updateKeyColumn(AttentionResult &r, const Matrix &q, const Matrix &k, const Matrix &v,
                     Index col)
{
    checkAttentionShapes(q, k, v, r.options, r.bias);
    if (col < 0 || col >= r.scores.cols() || q.rows() != r.scores.rows() ||
        k.rows() != r.scores.cols() || v.cols() != r.output.cols())
        throw std::invalid_argument("updateKeyColumn: the result does not match the inputs");
    r.scores.col(col).noalias() = q * k.row(col).transpose();
    if (r.bias.size() != 0)
        r.scores.col(col) += r.bias.col(col);
    softmaxAllRows(r);
    r.output.noalias() = r.weights * v;
}

void fusedAttention(const Matrix &q, const Matrix &k, const Matrix &v,
                    const AttentionOptions &options, FusedPassResult &out)
{
    checkAttentionShapes(q, k, v, options);
    if (options.window > 0 || options.softCap > 0.0) {
        // The fused kernel knows the mask alone: a window or a cap takes the lab's path.
        AttentionResult r = attend(q, k, v, options);
        out.weights = std::move(r.weights);
        out.output = std::move(r.output);
        out.rows = std::move(r.rows);
        return;
    }
    activeKernels().fusedAttention(q, k, v, options, out);
}

} // namespace AttentionLab
