// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/kernels/kernelvariant.h"

#include <Eigen/Core>
#include <omp.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

namespace AttentionLab::ATTENTIONLAB_KERNEL_NAMESPACE {

namespace {

// Activations are d x n, one token per column, so each token's vector is contiguous.
using Activations = Eigen::MatrixXf;
using RowMatrix = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using ConstMatrixMap = Eigen::Map<const Activations>;
using ConstVectorMap = Eigen::Map<const Eigen::VectorXf>;

/// Below this many tokens a product takes a few milliseconds, less than a
/// join of threads can cost when the cores are shared: one thread does it.
constexpr Eigen::Index kParallelTokens = 64;

/// y = W x + b for every column of \a x, W's rows split between the threads.
Activations linear(const LinearWeights &layer, const Activations &x)
{
    Activations y(layer.out, x.cols());
    const int parts = x.cols() >= kParallelTokens ? omp_get_max_threads() : 1;
    // Rows per part, a multiple of the 16-float packing width.
    const Eigen::Index chunk = ((layer.out + parts - 1) / parts + 15) / 16 * 16;
#pragma omp parallel for schedule(static) if (parts > 1)
    for (int t = 0; t < parts; ++t) {
        const Eigen::Index begin = std::min<Eigen::Index>(Eigen::Index(t) * chunk, layer.out);
        const Eigen::Index rows = std::min<Eigen::Index>(chunk, layer.out - begin);
        if (rows <= 0)
            continue;
        // Conv1D's [in, out] row-major is W column-major (leading dimension
        // out); nn.Linear's [out, in] row-major is W row-major (stride in).
        const float *w = layer.weight + (layer.inputMajor ? begin : begin * layer.in);
        serialProductKernel(rows, x.cols(), layer.in, w, layer.inputMajor ? layer.out : layer.in,
                            !layer.inputMajor, x.data(), x.rows(), y.data() + begin, y.rows());
    }
    if (layer.bias)
        y.colwise() += ConstVectorMap(layer.bias, layer.out);
    return y;
}

/// LayerNorm of every column, in place; the statistics in double.
void layerNorm(Activations &x, const NormWeights &norm, double epsilon)
{
    const ConstVectorMap gamma(norm.weight, x.rows());
    const ConstVectorMap beta(norm.bias, x.rows());
#pragma omp parallel for schedule(static) if (x.cols() >= kParallelTokens)
    for (Eigen::Index j = 0; j < x.cols(); ++j) {
        auto column = x.col(j);
        double sum = 0.0;
        for (Eigen::Index i = 0; i < column.size(); ++i)
            sum += column[i];
        const double mean = sum / double(column.size());
        double squares = 0.0;
        for (Eigen::Index i = 0; i < column.size(); ++i)
            squares += (column[i] - mean) * (column[i] - mean);
        const float inverse = float(1.0 / std::sqrt(squares / double(column.size()) + epsilon));
        const float shift = float(mean);
        column = ((column.array() - shift) * inverse) * gamma.array() + beta.array();
    }
}

void gelu(Activations &x, GeluForm form)
{
#pragma omp parallel for schedule(static) if (x.cols() >= kParallelTokens)
    for (Eigen::Index j = 0; j < x.cols(); ++j) {
        auto column = x.col(j).array();
        if (form == GeluForm::Tanh) {
            const float c = 0.7978845608028654f; // sqrt(2 / pi)
            column = 0.5f * column * (1.0f + (c * (column + 0.044715f * column.cube())).tanh());
        } else {
            for (Eigen::Index i = 0; i < column.size(); ++i)
                column[i] = 0.5f * column[i] * (1.0f + std::erf(column[i] * 0.7071067811865476f));
        }
    }
}

/// Softmax of \a row's first \a visible entries; the rest (the future, under
/// GPT-2's causal mask) become 0, as exp(lowest - max) does in float.
template <typename Row> void softmaxRow(Row &&row, Eigen::Index visible)
{
    auto shown = row.head(visible).array();
    const float largest = shown.maxCoeff();
    shown = (shown - largest).exp();
    shown /= shown.sum();
    row.tail(row.size() - visible).setZero();
}

/// The \a count most likely tokens after \a x, the logits W^T x (+ \a bias)
/// of the unembedding \a unembed (d x vocabulary), and their probabilities
/// from a softmax over the whole vocabulary in double. The logits are made a
/// block at a time and never kept: the softmax's sum is rescaled whenever a
/// larger logit turns up, and only the best \a count stay, so a vocabulary of
/// any size needs no memory of its own.
std::vector<TokenProbability> topTokens(const ConstMatrixMap &unembed,
                                        const Eigen::Ref<const Eigen::VectorXf> &x,
                                        const float *bias, int count)
{
    constexpr Eigen::Index kBlock = 4096;
    const Eigen::Index vocabulary = unembed.cols();
    const size_t shown = size_t(std::min<Eigen::Index>(vocabulary, std::max(count, 0)));
    // Most likely first; equal logits by id, as a stable sort of the whole list orders them.
    std::vector<std::pair<float, int>> best;
    auto before = [](const std::pair<float, int> &a, const std::pair<float, int> &b) {
        return a.first > b.first || (a.first == b.first && a.second < b.second);
    };
    double largest = -std::numeric_limits<double>::infinity();
    double sum = 0.0;
    Eigen::VectorXf logits(std::min(kBlock, vocabulary));
    for (Eigen::Index start = 0; start < vocabulary; start += kBlock) {
        const Eigen::Index size = std::min(kBlock, vocabulary - start);
        auto block = logits.head(size);
        block.noalias() = unembed.middleCols(start, size).transpose() * x;
        if (bias)
            block += ConstVectorMap(bias + start, size);
        const double blockLargest = double(block.maxCoeff());
        if (blockLargest > largest) {
            sum *= std::exp(largest - blockLargest);
            largest = blockLargest;
        }
        for (Eigen::Index i = 0; i < size; ++i) {
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

/// Copies head rows of \a x (d x n) into \a target laid out [head][position][d_h].
void keepHeadRows(const Activations &x, int heads, int headDim, float *target)
{
    const Eigen::Index n = x.cols();
    for (int h = 0; h < heads; ++h) {
        for (Eigen::Index i = 0; i < n; ++i) {
            Eigen::Map<Eigen::VectorXf>(target + (h * n + i) * headDim, headDim) =
                x.col(i).segment(Eigen::Index(h) * headDim, headDim);
        }
    }
}

} // namespace

ModelRun runModelKernel(const ModelWeights &weights, const ModelInput &input)
{
    const ModelConfig &config = weights.config();
    const bool bert = config.family == ModelFamily::Bert;
    const int n = int(input.ids.size());
    const int d = config.modelDim;
    const int heads = config.heads;
    const int headDim = config.headDim();
    const int layers = config.layers;

    ModelRun run;
    run.family = config.family;
    run.headDim = headDim;
    const size_t headBlock = size_t(n) * size_t(headDim);
    const size_t qkvSize = size_t(layers) * size_t(heads) * headBlock;
    run.queries.resize(qkvSize);
    run.keys.resize(qkvSize);
    run.values.resize(qkvSize);
    const size_t matrixSize = size_t(n) * size_t(n);
    std::vector<float> attention(size_t(layers) * size_t(heads) * matrixSize);

    // Positions whose final state is read: GPT-2's last, BERT's masks. The
    // last block's output is computed for these columns alone.
    std::vector<int> readPositions;
    if (!bert)
        readPositions.push_back(n - 1);
    else if (weights.hasMaskedLmHead())
        readPositions = input.maskPositions;

    const EmbeddingWeights embeddings = weights.embeddings();
    Activations x(d, n);
    for (int i = 0; i < n; ++i) {
        x.col(i) = ConstVectorMap(embeddings.word + size_t(input.ids[size_t(i)]) * d, d) +
                   ConstVectorMap(embeddings.position + size_t(i) * d, d);
        if (bert) {
            const int type = input.tokenTypes.empty() ? 0 : input.tokenTypes[size_t(i)];
            x.col(i) += ConstVectorMap(embeddings.tokenType + size_t(type) * d, d);
        }
    }
    if (bert)
        layerNorm(x, embeddings.norm, config.epsilon);

    const float scale = 1.0f / std::sqrt(float(headDim));
    for (int l = 0; l < layers; ++l) {
        const LayerWeights layer = weights.layer(l);
        Activations attentionInput = x;
        if (!bert)
            layerNorm(attentionInput, layer.attentionNorm, config.epsilon);
        Activations q, k, v;
        if (layer.queryKeyValue.size() == 1) {
            const Activations fused = linear(layer.queryKeyValue[0], attentionInput);
            q = fused.topRows(d);
            k = fused.middleRows(d, d);
            v = fused.bottomRows(d);
        } else {
            q = linear(layer.queryKeyValue[0], attentionInput);
            k = linear(layer.queryKeyValue[1], attentionInput);
            v = linear(layer.queryKeyValue[2], attentionInput);
        }
        const size_t layerOffset = size_t(l) * size_t(heads) * headBlock;
        keepHeadRows(q, heads, headDim, run.queries.data() + layerOffset);
        keepHeadRows(k, heads, headDim, run.keys.data() + layerOffset);
        keepHeadRows(v, heads, headDim, run.values.data() + layerOffset);

        Activations context(d, n);
#pragma omp parallel for schedule(dynamic) if (n >= kParallelTokens)
        for (int h = 0; h < heads; ++h) {
            const Eigen::Index row = Eigen::Index(h) * headDim;
            float *weightsData = attention.data() + (size_t(l) * heads + h) * matrixSize;
            Eigen::Map<RowMatrix> a(weightsData, n, n);
            // Row-major scores S = Q_h^T K_h are column-major S^T = K_h^T Q_h;
            // q, k and v are d x n, so head h's rows have the leading dimension d.
            serialProductKernel(n, n, headDim, k.data() + row, d, true, q.data() + row, d,
                                weightsData, n, scale);
            for (int i = 0; i < n; ++i)
                softmaxRow(a.row(i), bert ? n : i + 1);
            // Z_h = V_h A^T, and the row-major A is A^T column-major.
            serialProductKernel(headDim, n, n, v.data() + row, d, false, weightsData, n,
                                context.data() + row, d);
        }

        const bool last = l == layers - 1;
        if (last && int(readPositions.size()) < n) {
            // Nothing after the last block's attention is kept for other positions.
            Activations pickedContext(d, Eigen::Index(readPositions.size()));
            Activations pickedX(d, Eigen::Index(readPositions.size()));
            for (size_t j = 0; j < readPositions.size(); ++j) {
                pickedContext.col(Eigen::Index(j)) = context.col(readPositions[j]);
                pickedX.col(Eigen::Index(j)) = x.col(readPositions[j]);
            }
            context = std::move(pickedContext);
            x = std::move(pickedX);
        }
        if (x.cols() == 0)
            continue;
        if (bert) {
            x += linear(layer.attentionOutput, context);
            layerNorm(x, layer.attentionNorm, config.epsilon);
            Activations inner = linear(layer.feedForwardIn, x);
            gelu(inner, config.gelu);
            x += linear(layer.feedForwardOut, inner);
            layerNorm(x, layer.feedForwardNorm, config.epsilon);
        } else {
            x += linear(layer.attentionOutput, context);
            Activations inner = x;
            layerNorm(inner, layer.feedForwardNorm, config.epsilon);
            inner = linear(layer.feedForwardIn, inner);
            gelu(inner, config.gelu);
            x += linear(layer.feedForwardOut, inner);
        }
    }

    const OutputWeights output = weights.output();
    // The tied output matrix: the word embeddings [vocabulary, d], row-major.
    const ConstMatrixMap unembed(embeddings.word, d, config.vocabulary);
    if (!bert) {
        Activations last = x.rightCols(1);
        layerNorm(last, output.finalNorm, config.epsilon);
        run.topNext = topTokens(unembed, last.col(0), nullptr, input.topCount);
    } else if (weights.hasMaskedLmHead()) {
        Activations transformed = linear(output.maskedLmTransform, x);
        gelu(transformed, config.gelu);
        layerNorm(transformed, output.maskedLmNorm, config.epsilon);
        for (size_t j = 0; j < readPositions.size(); ++j) {
            run.masked.push_back(
                {readPositions[j], topTokens(unembed, transformed.col(Eigen::Index(j)),
                                             output.maskedLmBias, input.topCount)});
        }
    }

    AttentionShape shape;
    shape.layers = layers;
    shape.heads = heads;
    shape.queries = n;
    shape.keys = n;
    run.attention = AttentionTensor(shape, std::move(attention));
    return run;
}

} // namespace AttentionLab::ATTENTIONLAB_KERNEL_NAMESPACE
