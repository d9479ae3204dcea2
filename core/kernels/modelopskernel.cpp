// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// The operations of a model's forward pass, compiled once per instruction
// set; the block graph that calls them is core/model/modelgraph.cpp.

#include "core/kernels/attentionoptions.h"
#include "core/kernels/kernelvariant.h"
#include "core/support/threadpool.h"

#include <Eigen/Core>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <utility>

namespace AttentionLab::ATTENTIONLAB_KERNEL_NAMESPACE {

namespace {

using RowMatrix = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using ColumnMap = Eigen::Map<Eigen::MatrixXf, 0, Eigen::OuterStride<>>;
using ConstMatrixMap = Eigen::Map<const Eigen::MatrixXf>;
using ConstVectorMap = Eigen::Map<const Eigen::VectorXf>;

/// Below this many tokens a product takes a few milliseconds, less than a
/// join of threads can cost when the cores are shared: one thread does it.
constexpr std::ptrdiff_t kParallelTokens = 64;

#if defined(ATTENTIONLAB_TILE_KERNELS)
/// From this many tokens a bfloat16 product goes to the tile unit: a tile
/// holds 16 tokens, and a single token is a matrix-vector product whose time
/// is the reading of the weights.
constexpr std::ptrdiff_t kTileTokens = 2;
#endif

/// Queries per block of a causal head's scores: a multiple of the packed
/// product's register tiles (32 and 12), small enough that the blocks stop
/// near the diagonal (55% of the square at 1,024 tokens).
constexpr int kCausalQueryBlock = 96;

/// Rows of a bfloat16 matrix widened at a time: 256 x 2048 floats, 2 MiB,
/// stay in cache for the product that reads them next, and each product's
/// packing of x is shared by enough rows to cost little.
constexpr std::ptrdiff_t kWidenedRows = 256;

/// \a count bfloat16 values as float32 (the upper halves of their bits).
void widen(const std::uint16_t *from, std::ptrdiff_t count, float *to)
{
    for (std::ptrdiff_t i = 0; i < count; ++i) {
        const std::uint32_t bits = std::uint32_t(from[i]) << 16;
        std::memcpy(to + i, &bits, sizeof bits);
    }
}

/// y = W x for \a rows rows of a row-major bfloat16 W: a block of rows at
/// a time widened into a buffer of this thread's that is reused, so a
/// bfloat16 checkpoint has no float32 copy of its layers and no page to
/// fault in for one.
void bfloat16Product(std::ptrdiff_t rows, std::ptrdiff_t n, std::ptrdiff_t depth,
                     const std::uint16_t *w, const float *x, std::ptrdiff_t ldX, float *y,
                     std::ptrdiff_t ldY)
{
    thread_local std::vector<float> widened;
    const std::ptrdiff_t block = std::min(rows, kWidenedRows);
    if (widened.size() < size_t(block * depth))
        widened.resize(size_t(block * depth));
    for (std::ptrdiff_t begin = 0; begin < rows; begin += block) {
        const std::ptrdiff_t count = std::min(block, rows - begin);
        widen(w + begin * depth, count * depth, widened.data());
        serialProductKernel(count, n, depth, widened.data(), depth, true, x, ldX, y + begin, ldY);
    }
}

/// Softmax of \a row's entries [begin, end); the rest (the future under a
/// causal mask, the past beyond a window) become 0, as exp(lowest - max) does
/// in float.
void softmaxRange(float *row, std::ptrdiff_t size, std::ptrdiff_t begin, std::ptrdiff_t end)
{
    Eigen::Map<Eigen::ArrayXf> all(row, size);
    auto shown = all.segment(begin, end - begin);
    const float largest = shown.maxCoeff();
    shown = (shown - largest).exp();
    shown /= shown.sum();
    all.head(begin).setZero();
    all.tail(size - end).setZero();
}

/// y += the layer's bias, if it has one, for each of the n columns.
void addBias(const LinearWeights &layer, float *y, std::ptrdiff_t n, std::ptrdiff_t ldY)
{
    if (layer.bias) {
        ColumnMap(y, layer.out, n, Eigen::OuterStride<>(ldY)).colwise() +=
            ConstVectorMap(layer.bias, layer.out);
    }
}

/// body(begin, end) over [0, count), split into one range per thread of
/// the pool when \a parallel.
template <typename Body> void forRanges(std::ptrdiff_t count, bool parallel, Body body)
{
    const int parts = parallel ? ThreadPool::shared().threads() : 1;
    if (parts == 1) {
        body(std::ptrdiff_t(0), count);
        return;
    }
    runParts(parts, [&](int p) { body(count * p / parts, count * (p + 1) / parts); });
}

} // namespace

void linearKernel(const LinearWeights &layer, const float *x, std::ptrdiff_t ldX, std::ptrdiff_t n,
                  float *y, std::ptrdiff_t ldY)
{
    const int parts = n >= kParallelTokens ? ThreadPool::shared().threads() : 1;
#if defined(ATTENTIONLAB_TILE_KERNELS)
    if (layer.bf16 && n >= kTileTokens) {
        tileProductBFloat16Kernel(layer.out, n, layer.in, layer.bf16, layer.in, x, ldX, y, ldY,
                                  parts);
        addBias(layer, y, n, ldY);
        return;
    }
#endif
    // Rows per part, a multiple of the 16-float packing width.
    runRowParts(layer.out, parts, 16, [&](std::ptrdiff_t begin, std::ptrdiff_t rows) {
        if (layer.bf16 && n == 1) {
            bfloat16Product(rows, n, layer.in, layer.bf16 + begin * layer.in, x, ldX, y + begin,
                            ldY);
            return;
        }
        if (layer.bf16) {
            // Widened as it is packed.
            packedProductBFloat16Kernel(rows, n, layer.in, layer.bf16 + begin * layer.in, layer.in,
                                        x, ldX, y + begin, ldY);
            return;
        }
        // Conv1D's [in, out] row-major is W column-major (leading dimension
        // out); nn.Linear's [out, in] row-major is W row-major (stride in).
        const float *w = layer.weight + (layer.inputMajor ? begin : begin * layer.in);
        serialProductKernel(rows, n, layer.in, w, layer.inputMajor ? layer.out : layer.in,
                            !layer.inputMajor, x, ldX, y + begin, ldY);
    });
    addBias(layer, y, n, ldY);
}

void normKernel(NormKind kind, float *x, std::ptrdiff_t rows, std::ptrdiff_t n, std::ptrdiff_t ld,
                const NormWeights &weights, double epsilon)
{
    const ConstVectorMap gamma(weights.weight, rows);
    forRanges(n, n >= kParallelTokens, [&](std::ptrdiff_t first, std::ptrdiff_t last) {
        for (std::ptrdiff_t j = first; j < last; ++j) {
            Eigen::Map<Eigen::VectorXf> column(x + j * ld, rows);
            // The statistics in double.
            switch (kind) {
            case NormKind::LayerNorm: {
                const ConstVectorMap beta(weights.bias, rows);
                double sum = 0.0;
                for (std::ptrdiff_t i = 0; i < rows; ++i)
                    sum += column[i];
                const double mean = sum / double(rows);
                double squares = 0.0;
                for (std::ptrdiff_t i = 0; i < rows; ++i)
                    squares += (column[i] - mean) * (column[i] - mean);
                const float inverse = float(1.0 / std::sqrt(squares / double(rows) + epsilon));
                const float shift = float(mean);
                column = ((column.array() - shift) * inverse) * gamma.array() + beta.array();
                break;
            }
            case NormKind::RmsNorm: {
                double squares = 0.0;
                for (std::ptrdiff_t i = 0; i < rows; ++i)
                    squares += double(column[i]) * double(column[i]);
                const float inverse = float(1.0 / std::sqrt(squares / double(rows) + epsilon));
                column = (column.array() * inverse) * gamma.array();
                break;
            }
            }
        }
    });
}

namespace {

/// \a form of the values of \a x, in place.
template <typename Values> void activate(Values &&x, Activation form)
{
    switch (form) {
    case Activation::GeluTanh: {
        const float c = 0.7978845608028654f; // sqrt(2 / pi)
        x = 0.5f * x * (1.0f + (c * (x + 0.044715f * x.cube())).tanh());
        break;
    }
    case Activation::GeluErf:
        for (Eigen::Index i = 0; i < x.size(); ++i)
            x[i] = 0.5f * x[i] * (1.0f + std::erf(x[i] * 0.7071067811865476f));
        break;
    case Activation::Relu:
        x = x.max(0.0f);
        break;
    case Activation::Silu:
        // silu(x) = x * sigmoid(x) = x / (1 + exp(-x)).
        x = x / (1.0f + (-x).exp());
        break;
    }
}

} // namespace

void activationKernel(float *x, std::ptrdiff_t rows, std::ptrdiff_t columns, Activation form)
{
    forRanges(columns, columns >= kParallelTokens, [&](std::ptrdiff_t first, std::ptrdiff_t last) {
        for (std::ptrdiff_t j = first; j < last; ++j)
            activate(Eigen::Map<Eigen::ArrayXf>(x + j * rows, rows), form);
    });
}

void gatedProductKernel(float *gate, const float *up, std::ptrdiff_t count, Activation form)
{
    constexpr std::ptrdiff_t kPart = 16384;
    const std::ptrdiff_t parts = (count + kPart - 1) / kPart;
    forRanges(parts, parts > 4, [&](std::ptrdiff_t first, std::ptrdiff_t last) {
        for (std::ptrdiff_t p = first; p < last; ++p) {
            const std::ptrdiff_t begin = p * kPart;
            const std::ptrdiff_t size = std::min(kPart, count - begin);
            Eigen::Map<Eigen::ArrayXf> g(gate + begin, size);
            activate(g, form);
            g *= Eigen::Map<const Eigen::ArrayXf>(up + begin, size);
        }
    });
}

void rotaryKernel(HeadRows x, int heads, int n, int rotated, const float *cos, const float *sin)
{
    const int half = rotated / 2;
    forRanges(n, n >= kParallelTokens, [&](std::ptrdiff_t first, std::ptrdiff_t last) {
        for (int i = int(first); i < int(last); ++i) {
            const float *c = cos + std::ptrdiff_t(i) * half;
            const float *s = sin + std::ptrdiff_t(i) * half;
            for (int h = 0; h < heads; ++h) {
                float *first = x.data + std::ptrdiff_t(i) * x.ld + std::ptrdiff_t(h) * x.headStride;
                float *second = first + half;
                // q cos + rotate_half(q) sin, with rotate_half(q) = (-second, first).
                for (int j = 0; j < half; ++j) {
                    const float a = first[j];
                    const float b = second[j];
                    first[j] = a * c[j] - b * s[j];
                    second[j] = b * c[j] + a * s[j];
                }
            }
        }
    });
}

void attentionKernel(HeadRows q, HeadRows k, HeadRows v, int heads, int kvHeads, int queries,
                     int keys, int headDim, const AttentionScoring &scoring, float *weights,
                     float *context, std::ptrdiff_t ldContext)
{
    const int group = heads / kvHeads;
    const KeyVisibility &visibility = scoring.visibility;
    const bool causal = visibility.causal;
    const int offset = visibility.keyOffset;
    const size_t matrixSize = size_t(queries) * size_t(keys);
    // Under a causal mask, queries [first, last) see keys [0, last + offset)
    // only: the scores and their product with v are made a block of queries
    // at a time over those keys, about half the work of the whole square.
    // Without one, a single block of every query.
    const int block = causal ? kCausalQueryBlock : std::max(queries, 1);
    // A head at a time to whichever thread is free.
    auto head = [&](int h) {
        const int g = h / group;
        float *a = weights + size_t(h) * matrixSize;
        const float *kg = k.data + g * k.headStride;
        const float *vg = v.data + g * v.headStride;
        for (int first = 0; first < queries; first += block) {
            const int count = std::min(block, queries - first);
            const int seen = causal ? std::clamp(first + count + offset, 0, keys) : keys;
            float *rows = a + size_t(first) * size_t(keys);
            // Row-major scores S = Q_h K_g^T are column-major S^T = K_g Q_h^T.
            serialProductKernel(seen, count, headDim, kg, k.ld, true,
                                q.data + h * q.headStride + std::ptrdiff_t(first) * q.ld, q.ld,
                                rows, keys, scoring.scale);
            for (int i = first; i < first + count; ++i) {
                float *row = a + size_t(i) * size_t(keys);
                const int end = causal ? std::clamp(i + 1 + offset, 0, keys) : keys;
                const int begin = visibility.window > 0 ? std::max(0, end - visibility.window) : 0;
                if (end <= begin) { // a query that sees no key (none does in a real model)
                    std::fill(row, row + keys, 0.0f);
                    continue;
                }
                // The cap first, then the bias: a knocked-out edge's minus
                // infinity stays minus infinity, as a mask after the cap does.
                if (scoring.softCap > 0.0f)
                    for (int j = begin; j < end; ++j)
                        row[j] = softCapped(row[j], scoring.softCap);
                if (scoring.bias) {
                    const float *bias = scoring.bias + size_t(h) * matrixSize + size_t(i) * keys;
                    for (int j = begin; j < end; ++j)
                        row[j] += bias[j];
                }
                softmaxRange(row, keys, begin, end);
            }
            // Z_h = V_g A^T, and the row-major A is A^T column-major.
            serialProductKernel(headDim, count, seen, vg, v.ld, false, rows, keys,
                                context + std::ptrdiff_t(h) * headDim +
                                    std::ptrdiff_t(first) * ldContext,
                                ldContext);
        }
    };
    if (queries >= kParallelTokens) {
        runParts(heads, head);
    } else {
        for (int h = 0; h < heads; ++h)
            head(h);
    }
}

/// The logits W x (+ bias) are made a block at a time and never kept: the
/// softmax's sum (in double) is rescaled whenever a larger logit turns up,
/// and only the best \a count stay, so a vocabulary of any size needs no
/// memory of its own.
namespace {

constexpr std::ptrdiff_t kVocabularyBlock = 4096;

/// \a logitsOf(start, size, block) writes the logits of tokens [start, start + size).
template <typename LogitsOf>
std::vector<TokenProbability> topTokensOf(std::ptrdiff_t vocabulary, const float *bias,
                                          float softCap, int count, LogitsOf logitsOf)
{
    constexpr std::ptrdiff_t kBlock = kVocabularyBlock;
    const size_t shown = size_t(std::min<std::ptrdiff_t>(vocabulary, std::max(count, 0)));
    // Most likely first; equal logits by id, as a stable sort of the whole list orders them.
    std::vector<std::pair<float, int>> best;
    auto before = [](const std::pair<float, int> &a, const std::pair<float, int> &b) {
        return a.first > b.first || (a.first == b.first && a.second < b.second);
    };
    double largest = -std::numeric_limits<double>::infinity();
    double sum = 0.0;
    Eigen::VectorXf logits(std::min(kBlock, vocabulary));
    for (std::ptrdiff_t start = 0; start < vocabulary; start += kBlock) {
        const std::ptrdiff_t size = std::min(kBlock, vocabulary - start);
        auto block = logits.head(size);
        logitsOf(start, size, block);
        if (bias)
            block += ConstVectorMap(bias + start, size);
        if (softCap > 0.0f)
            for (std::ptrdiff_t i = 0; i < size; ++i)
                block[i] = softCapped(block[i], softCap);
        const double blockLargest = double(block.maxCoeff());
        if (blockLargest > largest) {
            sum *= std::exp(largest - blockLargest);
            largest = blockLargest;
        }
        for (std::ptrdiff_t i = 0; i < size; ++i) {
            const float logit = block[i];
            sum += std::exp(double(logit) - largest);
            const std::pair<float, int> candidate{logit, int(start + i)};
            if (best.size() == shown && (shown == 0 || !before(candidate, best.back())))
                continue;
            best.insert(std::upper_bound(best.begin(), best.end(), candidate, before), candidate);
            if (best.size() > shown)
                best.pop_back();
        }
    }
    std::vector<TokenProbability> top;
    for (const auto &[logit, id] : best)
        top.push_back({id, std::exp(double(logit) - largest) / sum});
    return top;
}

} // namespace

std::vector<TokenProbability> topTokensKernel(const float *unembedData, std::ptrdiff_t d,
                                              std::ptrdiff_t vocabulary, const float *xData,
                                              const float *bias, float softCap, int count)
{
    const ConstMatrixMap unembed(unembedData, d, vocabulary);
    const ConstVectorMap x(xData, d);
    return topTokensOf(vocabulary, bias, softCap, count,
                       [&](std::ptrdiff_t start, std::ptrdiff_t size, auto &block) {
                           block.noalias() = unembed.middleCols(start, size).transpose() * x;
                       });
}

std::vector<TokenProbability> topTokensBFloat16Kernel(const std::uint16_t *unembed,
                                                      std::ptrdiff_t d, std::ptrdiff_t vocabulary,
                                                      const float *xData, const float *bias,
                                                      float softCap, int count)
{
    const ConstVectorMap x(xData, d);
    // A block of the vocabulary's rows widened at a time, as bfloat16Product does.
    std::vector<float> widened(size_t(std::min(kVocabularyBlock, vocabulary) * d));
    return topTokensOf(vocabulary, bias, softCap, count,
                       [&](std::ptrdiff_t start, std::ptrdiff_t size, auto &block) {
                           widen(unembed + start * d, size * d, widened.data());
                           block.noalias() =
                               ConstMatrixMap(widened.data(), d, size).transpose() * x;
                       });
}

} // namespace AttentionLab::ATTENTIONLAB_KERNEL_NAMESPACE
