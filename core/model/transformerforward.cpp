// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/model/transformerforward.h"

#include "core/kernels/kernelset.h"
#include "core/model/encoderdecodergraph.h"
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

namespace {

/// \a positions fit \a n tokens.
void checkPositions(const std::vector<int> &positions, long long n)
{
    for (int position : positions)
        if (position < 0 || position >= n)
            throw std::invalid_argument("position " + std::to_string(position) +
                                        " is outside the " + std::to_string(n) + " tokens");
}

/// \a input's interventions fit the pass, and the pass it reuses kept the
/// layers of these tokens: its patch source (its encoder's too, for an
/// encoder-decoder) and, where \a input keeps the heads, its attention.
void checkInterventions(const ModelConfig &config, const ModelInput &input)
{
    const int n = int(input.ids.size());
    const int sources = int(input.source.size());
    if (input.interventions)
        if (const std::string problem =
                interventionProblem(*input.interventions, config, n, sources);
            !problem.empty())
            throw std::invalid_argument(problem);
    if (input.reuse && !keptLayersOf(*input.reuse, input))
        throw std::invalid_argument("the pass to reuse kept no layers of this text");
}

/// Bytes beside the pass: the logits kept (a loss's span keeps a row of the
/// vocabulary for each of its tokens).
double logitBytes(const ModelConfig &config, const ModelInput &input)
{
    return 4.0 * double(input.logitPositions.size()) * double(config.vocabulary);
}

/// Bytes of a stack's layers kept for patching over \a n tokens: its
/// inputs, and its head outputs (the cross-attention's too where \a cross).
double patchBytes(const ModelConfig &config, const ModelInput &input, long long n,
                  bool cross = false)
{
    if (!input.keepPatchSource)
        return 0.0;
    return 4.0 * double(config.layers) * double(n) *
           double(config.modelDim + (cross ? 2 : 1) * config.heads * config.headDim());
}

} // namespace

bool keptLayersOf(const ModelRun &run, const ModelInput &input)
{
    const PatchSource *kept = run.patchSource.get();
    if (!kept || kept->positions != int(input.ids.size()) ||
        (input.keepHeads && run.attention.isEmpty()))
        return false;
    if (!input.source.empty() &&
        (!kept->encoder || kept->encoder->positions != int(input.source.size())))
        return false;
    return true;
}

ModelRun runModel(const ModelWeights &weights, const ModelInput &input)
{
    if (weights.decoder())
        return runEncoderDecoder(weights, input);
    const ModelConfig &config = weights.config();
    if (!input.source.empty())
        throw std::invalid_argument(std::string(modelTypeName(config.family)) +
                                    " reads one text: it has no encoder over a source");
    // Token types and mask positions are read by the masked-LM families alone.
    checkInput(config, input, familyDescription(config.family).readout == Readout::MaskedLm);
    const long long n = static_cast<long long>(input.ids.size());
    checkPositions(input.logitPositions, n);
    checkInterventions(config, input);
    requireMemory(modelPassBytes(config, n) + logitBytes(config, input) +
                      patchBytes(config, input, n),
                  "a forward pass over " + std::to_string(n) + " tokens");
    return runModelGraph(activeKernels(), weights, input);
}

ModelRun runEncoderDecoder(const ModelWeights &weights, const ModelInput &input)
{
    if (!weights.decoder())
        throw std::invalid_argument(std::string(modelTypeName(weights.config().family)) +
                                    " has no decoder over a source: it is not an encoder-decoder");
    const ModelConfig &encoder = weights.config();
    const ModelConfig &decoder = weights.decoder()->config();
    checkIds(encoder, input.source, "the source");
    checkIds(decoder, input.ids, "the decoder");
    const long long source = static_cast<long long>(input.source.size());
    const long long target = static_cast<long long>(input.ids.size());
    checkPositions(input.logitPositions, target);
    checkInterventions(encoder, input);
    requireMemory(encoderDecoderPassBytes(encoder, source, target) + logitBytes(decoder, input) +
                      patchBytes(decoder, input, target, true) + patchBytes(encoder, input, source),
                  "a pass over " + std::to_string(source) + " source and " +
                      std::to_string(target) + " target tokens");
    return runEncoderDecoderGraph(activeKernels(), weights, input);
}

} // namespace AttentionLab
