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

/// \a ids fit \a config's positions and vocabulary; \a what names them
/// ("the source's ") in the message, or is empty.
void checkIds(const ModelConfig &config, const std::vector<int> &ids, const std::string &what)
{
    const long long n = static_cast<long long>(ids.size());
    if (n == 0)
        throw std::invalid_argument("the model needs at least one token" +
                                    (what.empty() ? std::string() : " in " + what));
    if (n > config.positions)
        throw std::invalid_argument(
            std::to_string(n) + " tokens" + (what.empty() ? std::string() : " of " + what) +
            " are more than the model's " + std::to_string(config.positions) + " positions");
    for (size_t i = 0; i < ids.size(); ++i) {
        if (ids[i] < 0 || ids[i] >= config.vocabulary)
            throw std::invalid_argument((what.empty() ? std::string() : what + "'s ") + "token " +
                                        std::to_string(i) + " has the id " +
                                        std::to_string(ids[i]) + ", outside the vocabulary of " +
                                        std::to_string(config.vocabulary));
    }
}

void checkInput(const ModelConfig &config, const ModelInput &input, bool maskedLm)
{
    const long long n = static_cast<long long>(input.ids.size());
    checkIds(config, input.ids, {});
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
    if (weights.decoder())
        throw std::invalid_argument(std::string(modelTypeName(config.family)) +
                                    " is an encoder-decoder: it reads a source and a target "
                                    "(runEncoderDecoder)");
    // Token types and mask positions are read by the masked-LM families alone.
    checkInput(config, input, familyDescription(config.family).readout == Readout::MaskedLm);
    const long long n = static_cast<long long>(input.ids.size());
    for (int position : input.logitPositions)
        if (position < 0 || position >= n)
            throw std::invalid_argument("position " + std::to_string(position) +
                                        " is outside the " + std::to_string(n) + " tokens");
    if (input.interventions)
        if (const std::string problem = interventionProblem(*input.interventions, config, int(n));
            !problem.empty())
            throw std::invalid_argument(problem);
    if (input.reuse && (!input.reuse->patchSource || input.reuse->patchSource->positions != n ||
                        (input.keepHeads && input.reuse->attention.isEmpty())))
        throw std::invalid_argument("the pass to reuse kept no layers of this text");
    // Beside the pass: the logits kept (a loss's span keeps a row of the
    // vocabulary for each of its tokens) and the layers kept for patching.
    const double logits = 4.0 * double(input.logitPositions.size()) * double(config.vocabulary);
    const double patchSource = input.keepPatchSource
                                   ? 4.0 * double(config.layers) * double(n) *
                                         double(config.modelDim + config.heads * config.headDim())
                                   : 0.0;
    requireMemory(modelPassBytes(config, n) + logits + patchSource,
                  "a forward pass over " + std::to_string(n) + " tokens");
    return runModelGraph(activeKernels(), weights, input);
}

ModelRun runEncoderDecoder(const ModelWeights &weights, const EncoderDecoderInput &input)
{
    if (!weights.decoder())
        throw std::invalid_argument(std::string(modelTypeName(weights.config().family)) +
                                    " has no decoder over a source: it is not an encoder-decoder");
    const ModelConfig &encoder = weights.config();
    const ModelConfig &decoder = weights.decoder()->config();
    checkIds(encoder, input.source, "the source");
    checkIds(decoder, input.decoder, "the decoder");
    const long long source = static_cast<long long>(input.source.size());
    const long long target = static_cast<long long>(input.decoder.size());
    requireMemory(encoderDecoderPassBytes(encoder, source, target),
                  "a pass over " + std::to_string(source) + " source and " +
                      std::to_string(target) + " target tokens");
    return runEncoderDecoderGraph(activeKernels(), weights, input);
}

} // namespace AttentionLab
