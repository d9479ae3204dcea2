// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/sets/attentionaggregates.h"

#include "core/sets/attentiontensor.h"
#include "core/sets/headscores.h"
#include "core/sets/tokenlabels.h"
#include "core/support/memorybudget.h"

#include <algorithm>
#include <cassert>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <limits>
#include <stdexcept>

namespace AttentionLab {

FloatMatrix layerAverage(const AttentionTensor &tensor, int layer)
{
    FloatMatrix sum = FloatMatrix::Zero(tensor.queries(), tensor.keys());
    for (int h = 0; h < tensor.heads(); ++h)
        sum += tensor.head(layer, h);
    return sum / static_cast<float>(std::max(1, tensor.heads()));
}

bool hasRollout(const AttentionTensor &tensor)
{
    return !tensor.isEmpty() && tensor.queries() == tensor.keys();
}

namespace {

/// The product of two lower triangular matrices, itself lower triangular:
/// only the blocks on and below the diagonal, each a sum over the blocks
/// between, a third of a full product's work, in parallel over the blocks.
FloatMatrix lowerTriangularProduct(const FloatMatrix &a, const FloatMatrix &b)
{
    const Eigen::Index n = a.rows();
    constexpr Eigen::Index kBlock = 128;
    const Eigen::Index blocks = (n + kBlock - 1) / kBlock;
    std::vector<std::pair<Eigen::Index, Eigen::Index>> pairs;
    for (Eigen::Index i = 0; i < blocks; ++i)
        for (Eigen::Index j = 0; j <= i; ++j)
            pairs.emplace_back(i, j);
    FloatMatrix c = FloatMatrix::Zero(n, n);
    const auto size = [&](Eigen::Index block) { return std::min(kBlock, n - block * kBlock); };
#pragma omp parallel for schedule(dynamic)
    for (long long p = 0; p < static_cast<long long>(pairs.size()); ++p) {
        const auto [i, j] = pairs[static_cast<size_t>(p)];
        auto out = c.block(i * kBlock, j * kBlock, size(i), size(j));
        for (Eigen::Index k = j; k <= i; ++k)
            out.noalias() += a.block(i * kBlock, k * kBlock, size(i), size(k)) *
                             b.block(k * kBlock, j * kBlock, size(k), size(j));
    }
    return c;
}

} // namespace

namespace {

/// B_l = 0.5 A_l + 0.5 I, with A_l the mean of layer \a layer's heads, built in place.
FloatMatrix rolloutStep(const AttentionTensor &tensor, int layer)
{
    FloatMatrix b = FloatMatrix::Zero(tensor.queries(), tensor.keys());
    for (int h = 0; h < tensor.heads(); ++h)
        b += tensor.head(layer, h);
    b /= static_cast<float>(std::max(1, tensor.heads()));
    b *= 0.5f;
    b.diagonal().array() += 0.5f;
    return b;
}

bool strictlyUpperIsZero(const FloatMatrix &m)
{
    for (Eigen::Index i = 0; i < m.rows(); ++i)
        for (Eigen::Index j = i + 1; j < m.cols(); ++j)
            if (m(i, j) != 0.0f)
                return false;
    return true;
}

} // namespace

double rolloutMultiplyAdds(int layers, long long tokens, bool causal)
{
    const double n = double(tokens);
    const double products = double(std::max(0, layers - 1));
    return products * n * n * n / (causal ? 6.0 : 1.0);
}

double rolloutBytes(long long tokens)
{
    // The product so far, the next B_l, and their product.
    return 3.0 * double(tokens) * double(tokens) * sizeof(float);
}

std::string rolloutRefusal(const AttentionTensor &tensor)
{
    const long long n = tensor.keys();
    const std::string what = "the rollout of " + std::to_string(n) + " tokens over " +
                             std::to_string(tensor.layers()) +
                             (tensor.layers() == 1 ? " layer" : " layers");
    // Beside the tensor itself.
    const double bytes =
        attentionTensorBytes(double(tensor.shape().elementCount())) + rolloutBytes(n);
    if (!fitsInMemory(bytes))
        return memoryMessage(bytes, what);
    const bool causal = isCausal(tensor);
    const double work = rolloutMultiplyAdds(tensor.layers(), n, causal);
    if (work <= kRolloutMultiplyAddLimit)
        return {};
    char text[160];
    std::snprintf(text, sizeof text,
                  " would take %.3g multiply-adds%s; the limit is %.3g (at most %lld tokens at "
                  "this depth)",
                  work, causal ? " (causal)" : "", kRolloutMultiplyAddLimit,
                  rolloutTokenLimit(tensor.layers(), causal));
    return what + text;
}

long long rolloutTokenLimit(int layers, bool causal)
{
    if (layers <= 1)
        return std::numeric_limits<int>::max();
    long long n = static_cast<long long>(
        std::cbrt(kRolloutMultiplyAddLimit * (causal ? 6.0 : 1.0) / double(layers - 1)));
    while (rolloutMultiplyAdds(layers, n + 1, causal) <= kRolloutMultiplyAddLimit)
        ++n;
    while (n > 0 && rolloutMultiplyAdds(layers, n, causal) > kRolloutMultiplyAddLimit)
        --n;
    return n;
}

FloatMatrix rollout(const AttentionTensor &tensor)
{
    assert(hasRollout(tensor));
    if (const std::string why = rolloutRefusal(tensor); !why.empty())
        throw std::invalid_argument(why);
    FloatMatrix result;
    bool lower = true; // causal heads: every B_l, and so R, lower triangular
    for (int l = 0; l < tensor.layers(); ++l) {
        FloatMatrix b = rolloutStep(tensor, l);
        lower = lower && strictlyUpperIsZero(b);
        // R_l = B_l R_{l-1}: the later layer on the left; R_0 = B_0.
        if (l == 0)
            result = std::move(b);
        else if (lower)
            result = lowerTriangularProduct(b, result);
        else
            result = (b * result).eval();
    }
    return result;
}

Eigen::VectorXf rolloutRow(const AttentionTensor &tensor, int query)
{
    assert(hasRollout(tensor) && query >= 0 && query < tensor.queries());
    const Eigen::Index n = tensor.keys();
    // e_q^T B_{L-1} ... B_0, from the left: one vector-matrix product per head.
    Eigen::RowVectorXf row = Eigen::RowVectorXf::Zero(n);
    row[query] = 1.0f;
    constexpr Eigen::Index kColumns = 2048;
    const Eigen::Index parts = (n + kColumns - 1) / kColumns;
    for (int l = tensor.layers() - 1; l >= 0; --l) {
        Eigen::RowVectorXf mixed = Eigen::RowVectorXf::Zero(n);
        // Columns split between the threads; rows where the vector is 0 add nothing.
#pragma omp parallel for schedule(static) if (n * n * tensor.heads() > (1 << 22))
        for (Eigen::Index p = 0; p < parts; ++p) {
            const Eigen::Index c0 = p * kColumns;
            const Eigen::Index width = std::min(kColumns, n - c0);
            auto out = mixed.segment(c0, width);
            for (int h = 0; h < tensor.heads(); ++h) {
                const float *a = tensor.headData(l, h);
                for (Eigen::Index i = 0; i < n; ++i) {
                    if (row[i] != 0.0f)
                        out += row[i] * Eigen::Map<const Eigen::RowVectorXf>(a + i * n + c0, width);
                }
            }
        }
        mixed /= static_cast<float>(std::max(1, tensor.heads()));
        row = 0.5f * mixed + 0.5f * row;
    }
    return row.transpose();
}

namespace {

bool startsWith(const std::string &text, const char *prefix)
{
    return text.rfind(prefix, 0) == 0;
}

bool isWordCharacter(unsigned char c)
{
    return std::isalnum(c) || c >= 0x80;
}

/// GPT-2's pre-tokenizer splits these contractions off the word before them.
bool isContraction(const std::string &token)
{
    for (const char *c : {"'s", "'t", "'re", "'ve", "'m", "'ll", "'d"})
        if (token == c)
            return true;
    return false;
}

bool isSpecial(const std::string &token)
{
    return token.size() > 1 && token.front() == '<' && token.back() == '>';
}

} // namespace

WordGroups groupWords(const std::vector<std::string> &tokens)
{
    bool wordPiece = false;
    bool byteLevel = false;
    bool gpt2Space = false;
    for (const auto &t : tokens) {
        wordPiece = wordPiece || (startsWith(t, "##") && t.size() > 2);
        byteLevel = byteLevel || startsWith(t, "\xC4\xA0") || startsWith(t, "\xE2\x96\x81");
        gpt2Space = gpt2Space || startsWith(t, "\xC4\xA0");
    }
    // SentencePiece marks every space with "▁" and splits nothing else off:
    // a piece without one was glued to the piece before it in the text.
    const bool sentencePiece = byteLevel && !gpt2Space;
    WordGroups groups;
    groups.wordOf.reserve(tokens.size());
    for (size_t i = 0; i < tokens.size(); ++i) {
        const std::string &t = tokens[i];
        bool joins = false;
        if (i > 0 && wordPiece) {
            joins = startsWith(t, "##") && t.size() > 2;
        } else if (i > 0 && sentencePiece) {
            joins = !t.empty() && !startsWith(t, "\xE2\x96\x81") && !isSpecial(t) &&
                    !isSpecial(tokens[i - 1]);
        } else if (i > 0 && byteLevel) {
            const std::string &before = tokens[i - 1];
            const bool glued = !t.empty() && !before.empty() && !startsWith(t, "\xC4\xA0") &&
                               !startsWith(t, "\xC4\x8A") && !startsWith(t, "\xE2\x96\x81") &&
                               isWordCharacter(static_cast<unsigned char>(before.back()));
            joins = glued && !isSpecial(t) && !isSpecial(before) &&
                    (isWordCharacter(static_cast<unsigned char>(t.front())) || isContraction(t));
        }
        // Each piece as shown (displayToken), a continuation without its
        // "##"; SentencePiece's pieces joined first and shown as one token, so
        // that "▁" "minimal" is " minimal", not "·minimal".
        const std::string piece = joins && wordPiece ? t.substr(2) : t;
        const std::string shown = sentencePiece ? piece : displayToken(piece);
        if (joins)
            groups.words.back() += shown;
        else
            groups.words.push_back(shown);
        groups.wordOf.push_back(groups.count() - 1);
    }
    if (sentencePiece)
        for (std::string &word : groups.words)
            word = displayToken(word);
    return groups;
}

FloatMatrix mergeWords(const Eigen::Ref<const FloatMatrix> &matrix, const WordGroups &rowWords,
                       const WordGroups &colWords)
{
    assert(static_cast<Eigen::Index>(rowWords.wordOf.size()) == matrix.rows());
    assert(static_cast<Eigen::Index>(colWords.wordOf.size()) == matrix.cols());
    // Sum over the key pieces of each word...
    FloatMatrix columns = FloatMatrix::Zero(matrix.rows(), colWords.count());
    for (Eigen::Index c = 0; c < matrix.cols(); ++c)
        columns.col(colWords.wordOf[static_cast<size_t>(c)]) += matrix.col(c);
    // ...then the mean over the query pieces.
    FloatMatrix merged = FloatMatrix::Zero(rowWords.count(), colWords.count());
    std::vector<int> pieces(static_cast<size_t>(rowWords.count()), 0);
    for (Eigen::Index r = 0; r < matrix.rows(); ++r) {
        const int word = rowWords.wordOf[static_cast<size_t>(r)];
        merged.row(word) += columns.row(r);
        ++pieces[static_cast<size_t>(word)];
    }
    for (int w = 0; w < rowWords.count(); ++w)
        merged.row(w) /= static_cast<float>(std::max(1, pieces[static_cast<size_t>(w)]));
    return merged;
}

FloatMatrix downsampleMax(const float *data, long long stride, int r0, int r1, int c0, int c1,
                          int outRows, int outCols)
{
    assert(r1 > r0 && c1 > c0 && outRows > 0 && outCols > 0);
    const int rows = r1 - r0;
    const int cols = c1 - c0;
    // Column j of the output covers input columns [colStart[j], colStart[j + 1]), at least one.
    std::vector<int> colBegin(static_cast<size_t>(outCols));
    std::vector<int> colEnd(static_cast<size_t>(outCols));
    for (int j = 0; j < outCols; ++j) {
        colBegin[static_cast<size_t>(j)] =
            c0 + static_cast<int>(static_cast<long long>(j) * cols / outCols);
        colEnd[static_cast<size_t>(j)] =
            std::max(colBegin[static_cast<size_t>(j)] + 1,
                     c0 + static_cast<int>(static_cast<long long>(j + 1) * cols / outCols));
    }
    FloatMatrix out(outRows, outCols);
#pragma omp parallel for schedule(static) if (static_cast <long long>(rows) * cols > 262144)
    for (int i = 0; i < outRows; ++i) {
        const int rb = r0 + static_cast<int>(static_cast<long long>(i) * rows / outRows);
        const int re =
            std::max(rb + 1, r0 + static_cast<int>(static_cast<long long>(i + 1) * rows / outRows));
        // The maximum over the covered rows first (contiguous, vectorised), then over columns.
        Eigen::ArrayXf rowMax = Eigen::Map<const Eigen::ArrayXf>(data + rb * stride + c0, cols);
        for (int r = rb + 1; r < re; ++r)
            rowMax = rowMax.max(Eigen::Map<const Eigen::ArrayXf>(data + r * stride + c0, cols));
        for (int j = 0; j < outCols; ++j) {
            const int b = colBegin[static_cast<size_t>(j)] - c0;
            const int e = colEnd[static_cast<size_t>(j)] - c0;
            out(i, j) = rowMax.segment(b, e - b).maxCoeff();
        }
    }
    return out;
}

} // namespace AttentionLab
