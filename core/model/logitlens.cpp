// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/model/logitlens.h"

#include "core/kernels/kernelset.h"
#include "core/model/familydescription.h"
#include "core/model/graphpieces.h"
#include "core/model/modelmemory.h"
#include "core/model/transformerforward.h"
#include "core/support/memorybudget.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>
#include <string>
#include <utility>

namespace AttentionLab {

namespace {

/// The \a count most likely of \a size logits, most likely first (equal
/// logits by id), with their probabilities from a softmax in double.
std::vector<TokenProbability> topOf(const float *logits, std::ptrdiff_t size, int count,
                                    std::vector<int> &order)
{
    const double largest = double(*std::max_element(logits, logits + size));
    double sum = 0.0;
    for (std::ptrdiff_t i = 0; i < size; ++i)
        sum += std::exp(double(logits[i]) - largest);
    order.resize(size_t(size));
    std::iota(order.begin(), order.end(), 0);
    const std::ptrdiff_t shown = std::min<std::ptrdiff_t>(size, std::max(count, 0));
    std::partial_sort(order.begin(), order.begin() + shown, order.end(), [&](int a, int b) {
        return logits[a] > logits[b] || (logits[a] == logits[b] && a < b);
    });
    std::vector<TokenProbability> top;
    for (std::ptrdiff_t i = 0; i < shown; ++i)
        top.push_back(
            {order[size_t(i)], std::exp(double(logits[order[size_t(i)]]) - largest) / sum});
    return top;
}

} // namespace

int lensBlockColumns(const ModelConfig &config)
{
    // About 64 MiB of logits at a time.
    const double perColumn = 4.0 * double(config.vocabulary);
    return int(std::clamp(64.0 * 1024 * 1024 / perColumn, 1.0, 256.0));
}

LogitLens logitLens(const ModelWeights &weights, const std::vector<int> &ids, int count,
                    ModelRun *run, const Interventions *interventions)
{
    const ModelConfig &config = weights.config();
    const FamilyDescription &family = familyDescription(config.family);
    if (!family.writes())
        throw std::invalid_argument(family.displayName +
                                    " is not a causal model: it has no next-token lens");
    const long long n = static_cast<long long>(ids.size());
    requireMemory(logitLensBytes(config, n),
                  "the logit lens over " + std::to_string(n) + " tokens");
    ModelInput input;
    input.ids = ids;
    input.topCount = count;
    input.keepResiduals = true;
    input.interventions = interventions;
    ModelRun pass = runModel(weights, input);

    const KernelSet &ops = activeKernels();
    const OutputWeights output = weights.output();
    const EmbeddingWeights embeddings = weights.embeddings();
    LinearWeights unembed;
    // Float32, or a bfloat16 file's matrix read in place (the kernel's product widens it).
    const bool own = output.matrix || output.matrixBf16;
    unembed.weight = own ? output.matrix : embeddings.word;
    unembed.bf16 = own ? output.matrixBf16 : embeddings.wordBf16;
    unembed.in = config.modelDim;
    unembed.out = config.vocabulary;
    unembed.inputMajor = false;
    const int d = config.modelDim;
    const std::ptrdiff_t vocabulary = config.vocabulary;
    LogitLens lens;
    lens.layers = config.layers;
    lens.positions = int(n);
    lens.top.resize(size_t(lens.layers) * size_t(n));
    // The logits of a block of positions at once, one matrix product, so
    // that the output matrix is read once per block, not once per cell.
    const int block = lensBlockColumns(config);
    std::vector<float> states;
    std::vector<float> logits;
    std::vector<int> order;
    for (int l = 0; l < lens.layers; ++l) {
        for (int first = 0; first < int(n); first += block) {
            const int columns = std::min<int>(block, int(n) - first);
            const float *residual =
                pass.residuals.data() + (size_t(l) * size_t(n) + size_t(first)) * size_t(d);
            states.assign(residual, residual + size_t(columns) * size_t(d));
            if (output.finalNorm.weight)
                ops.norm(family.norm, states.data(), d, columns, d, output.finalNorm,
                         config.epsilon);
            logits.resize(size_t(vocabulary) * size_t(columns));
            ops.linear(unembed, states.data(), d, columns, logits.data(), vocabulary);
            // As the model reads its last layer: Gemma 2's logits soft-capped.
            GraphPieces::capLogits(logits.data(), logits.size(), config.logitSoftCap);
            for (int j = 0; j < columns; ++j)
                lens.top[size_t(l) * size_t(n) + size_t(first + j)] =
                    topOf(logits.data() + size_t(j) * size_t(vocabulary), vocabulary, count, order);
        }
    }
    if (run) {
        pass.residuals = {};
        *run = std::move(pass);
    }
    return lens;
}

} // namespace AttentionLab
