// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/attentionaggregates.h"

#include "core/tokenlabels.h"

#include <algorithm>
#include <cassert>
#include <cctype>

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

FloatMatrix rollout(const AttentionTensor &tensor)
{
    assert(hasRollout(tensor));
    const int n = tensor.keys();
    FloatMatrix result = FloatMatrix::Identity(n, n);
    bool lower = true; // causal heads: every B_l, and so R, lower triangular
    for (int l = 0; l < tensor.layers(); ++l) {
        FloatMatrix b = 0.5f * layerAverage(tensor, l);
        b.diagonal().array() += 0.5f;
        lower = lower && b.triangularView<Eigen::StrictlyUpper>().toDenseMatrix().isZero(0.0f);
        // R_l = B_l R_{l-1}: the later layer on the left.
        if (lower)
            result = lowerTriangularProduct(b, result);
        else
            result = (b * result).eval();
    }
    return result;
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
    for (const auto &t : tokens) {
        wordPiece = wordPiece || (startsWith(t, "##") && t.size() > 2);
        byteLevel = byteLevel || startsWith(t, "\xC4\xA0") || startsWith(t, "\xE2\x96\x81");
    }
    WordGroups groups;
    groups.wordOf.reserve(tokens.size());
    for (size_t i = 0; i < tokens.size(); ++i) {
        const std::string &t = tokens[i];
        bool joins = false;
        if (i > 0 && wordPiece) {
            joins = startsWith(t, "##") && t.size() > 2;
        } else if (i > 0 && byteLevel) {
            const std::string &before = tokens[i - 1];
            const bool glued = !t.empty() && !before.empty() && !startsWith(t, "\xC4\xA0") &&
                               !startsWith(t, "\xC4\x8A") && !startsWith(t, "\xE2\x96\x81") &&
                               isWordCharacter(static_cast<unsigned char>(before.back()));
            joins = glued && !isSpecial(t) && !isSpecial(before) &&
                    (isWordCharacter(static_cast<unsigned char>(t.front())) || isContraction(t));
        }
        // Each piece as shown (displayToken), a continuation without its "##".
        const std::string shown = displayToken(joins && wordPiece ? t.substr(2) : t);
        if (joins)
            groups.words.back() += shown;
        else
            groups.words.push_back(shown);
        groups.wordOf.push_back(groups.count() - 1);
    }
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
