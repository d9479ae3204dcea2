// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/model/transformerforward.h"

#include "core/kernels/kernelset.h"
#include "core/model/familydescription.h"
#include "core/model/modelgraph.h"
#include "core/model/modelmemory.h"
#include "core/support/memorybudget.h"

#include <stdexcept>
#include <string>

namespace AttentionLab {

namespace {

void checkInput(const ModelConfig &config, const ModelInput &input, bool maskedLm)
{
    const long long n = static_cast<long long>(input.ids.size());
    if (n == 0)
        throw std::invalid_argument("the model needs at least one token");
    if (n > config.positions)
        throw std::invalid_argument(std::to_string(n) + " tokens are more than the model's " +
                                    std::to_string(config.positions) + " positions");
    for (size_t i = 0; i < input.ids.size(); ++i) {
        if (input.ids[i] < 0 || input.ids[i] >= config.vocabulary)
            throw std::invalid_argument(
                "token " + std::to_string(i) + " has the id " + std::to_string(input.ids[i]) +
                ", outside the vocabulary of " + std::to_string(config.vocabulary));
    }
    if (!maskedLm)
        return;
    if (!input.tokenTypes.empty()) {
        if (input.tokenTypes.size() != input.ids.size())
            throw std::invalid_argument(std::to_string(input.tokenTypes.size()) +
                                        " token types for " + std::to_string(n) + " tokens");
        for (int type : input.tokenTypes) {
            if (type < 0 || type >= config.tokenTypes)
                throw std::invalid_argument("token type " + std::to_string(type) +
                                            " is outside the model's " +
                                            std::to_string(config.tokenTypes));
        }
    }
    for (int position : input.maskPositions) {
        if (position < 0 || position >= n)
            throw std::invalid_argument("mask position " + std::to_string(position) +
                                        " is outside the " + std::to_string(n) + " tokens");
    }
}

} // namespace

ModelRun runModel(const ModelWeights &weights, const ModelInput &input)
{
    const ModelConfig &config = weights.config();
    // Token types and mask positions are read by the masked-LM families alone.
    checkInput(config, input, familyDescription(config.family).readout == Readout::MaskedLm);
    const long long n = static_cast<long long>(input.ids.size());
    requireMemory(modelPassBytes(config, n),
                  "a forward pass over " + std::to_string(n) + " tokens");
    return runModelGraph(activeKernels(), weights, input);
}

} // namespace AttentionLab
