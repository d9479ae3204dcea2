// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/logitlens.h"

#include "core/familydescription.h"
#include "core/kernelset.h"
#include "core/memorybudget.h"
#include "core/transformerforward.h"

#include <stdexcept>
#include <string>
#include <utility>

namespace AttentionLab {

LogitLens logitLens(const ModelWeights &weights, const std::vector<int> &ids, int count,
                    ModelRun *run)
{
    const ModelConfig &config = weights.config();
    const FamilyDescription &family = familyDescription(config.family);
    if (!family.causal || family.readout != Readout::NextToken)
        throw std::invalid_argument(family.displayName +
                                    " is not a causal model: it has no next-token lens");
    const long long n = static_cast<long long>(ids.size());
    requireMemory(logitLensBytes(config, n),
                  "the logit lens over " + std::to_string(n) + " tokens");
    ModelInput input;
    input.ids = ids;
    input.topCount = count;
    input.keepResiduals = true;
    ModelRun pass = runModel(weights, input);

    const KernelSet &ops = activeKernels();
    const OutputWeights output = weights.output();
    const EmbeddingWeights embeddings = weights.embeddings();
    const float *unembed = output.matrix ? output.matrix : embeddings.word;
    const int d = config.modelDim;
    LogitLens lens;
    lens.layers = config.layers;
    lens.positions = int(n);
    lens.top.resize(size_t(lens.layers) * size_t(n));
    std::vector<float> state(static_cast<size_t>(d));
    for (int l = 0; l < lens.layers; ++l) {
        for (int i = 0; i < int(n); ++i) {
            const float *residual =
                pass.residuals.data() + (size_t(l) * size_t(n) + size_t(i)) * size_t(d);
            std::copy_n(residual, d, state.data());
            if (output.finalNorm.weight)
                ops.norm(family.norm, state.data(), d, 1, d, output.finalNorm, config.epsilon);
            lens.top[size_t(l) * size_t(n) + size_t(i)] =
                ops.topTokens(unembed, d, config.vocabulary, state.data(), nullptr, count);
        }
    }
    if (run) {
        pass.residuals = {};
        *run = std::move(pass);
    }
    return lens;
}

} // namespace AttentionLab
