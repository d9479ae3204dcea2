// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/model/generator.h"

#include "core/kernels/kernelset.h"
#include "core/model/cachedstep.h"
#include "core/model/encoderdecodergraph.h"
#include "core/model/familydescription.h"
#include "core/model/modelgraph.h"
#include "core/model/modelmemory.h"
#include "core/model/rotarytable.h"
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

void checkOptions(const GenerationOptions &options)
{
    if (options.maxTokens < 1)
        throw std::invalid_argument("generation needs at least 1 token to write, not " +
                                    std::to_string(options.maxTokens));
    if (options.sampling.greedy)
        return;
    const SamplingOptions &s = options.sampling;
    if (!(s.temperature > 0.0) || !std::isfinite(s.temperature))
        throw std::invalid_argument("the temperature must be above 0 to sample");
    if (s.topK < 0)
        throw std::invalid_argument("top-k must be at least 1");
    if (!(s.topP > 0.0 && s.topP <= 1.0))
        throw std::invalid_argument("top-p must be in (0, 1]");
}

/// The model's own reading of the step: the chosen token's probability and
/// rank, and the \a count most likely tokens, softmax in double.
GenerationStep describeStep(const std::vector<float> &logits, int chosen, int count)
{
    const double largest = double(*std::max_element(logits.begin(), logits.end()));
    double sum = 0.0;
    for (float logit : logits)
        sum += std::exp(double(logit) - largest);
    const float mine = logits[size_t(chosen)];
    GenerationStep step;
    step.id = chosen;
    step.p = std::exp(double(mine) - largest) / sum;
    step.rank = 1;
    for (size_t i = 0; i < logits.size(); ++i) {
        if (logits[i] > mine || (logits[i] == mine && int(i) < chosen))
            ++step.rank;
    }
    std::vector<int> order(logits.size());
    std::iota(order.begin(), order.end(), 0);
    const size_t shown = std::min(order.size(), size_t(std::max(count, 0)));
    std::partial_sort(order.begin(), order.begin() + std::ptrdiff_t(shown), order.end(),
                      [&](int a, int b) {
                          return logits[size_t(a)] > logits[size_t(b)] ||
                                 (logits[size_t(a)] == logits[size_t(b)] && a < b);
                      });
    for (size_t i = 0; i < shown; ++i)
        step.top.push_back({order[i], std::exp(double(logits[size_t(order[i])]) - largest) / sum});
    return step;
}

} // namespace

Generator::Generator(const ModelWeights &weights, std::vector<int> prompt,
                     const GenerationOptions &options)
    : m_weights(weights), m_options(options), m_sampler(options.sampling), m_ids(std::move(prompt))
{
    const ModelConfig &config = weights.config();
    const FamilyDescription &family = familyDescription(config.family);
    if (!family.writes())
        throw std::invalid_argument(family.displayName +
                                    " is not a causal model: it does not write text");
    checkOptions(options);
    m_promptLength = int(m_ids.size());
    if (m_promptLength >= config.positions)
        throw std::invalid_argument(std::to_string(m_promptLength) + " tokens fill the model's " +
                                    std::to_string(config.positions) +
                                    " positions: there is no room to write");
    const int total =
        std::min<long long>(config.positions, (long long)m_promptLength + options.maxTokens);
    m_memoryBytes = generationBytes(config, m_promptLength, total);
    requireMemory(m_memoryBytes, "writing " + std::to_string(total - m_promptLength) +
                                     " tokens after " + std::to_string(m_promptLength));
    ModelInput input;
    input.ids = m_ids;
    input.topCount = options.topCount;
    m_prompt = runModel(weights, input);
    m_cache = emptyCache(config, total);
    fillCache(m_cache, m_prompt);
    // The kept q, k and v rows are in the cache now, once per key/value head.
    m_prompt.queries = {};
    m_prompt.keys = {};
    m_prompt.values = {};
    m_logits = nextTokenLogits(activeKernels(), weights, m_prompt.finalState.data());
}

Generator::Generator(const ModelWeights &weights, std::vector<int> source, std::vector<int> prompt,
                     const GenerationOptions &options)
    : m_weights(weights), m_source(std::move(source)), m_options(options),
      m_sampler(options.sampling), m_ids(std::move(prompt))
{
    if (!weights.decoder())
        throw std::invalid_argument(familyDescription(weights.config().family).displayName +
                                    " is not an encoder-decoder: it translates nothing");
    if (m_source.empty())
        throw std::invalid_argument("a translation needs a source of at least one token");
    checkOptions(options);
    const ModelConfig &decoder = weights.decoder()->config();
    m_promptLength = int(m_ids.size());
    if (m_promptLength >= decoder.positions)
        throw std::invalid_argument(std::to_string(m_promptLength) + " tokens fill the model's " +
                                    std::to_string(decoder.positions) +
                                    " positions: there is no room to write");
    const int total =
        std::min<long long>(decoder.positions, (long long)m_promptLength + options.maxTokens);
    const long long sources = static_cast<long long>(m_source.size());
    m_memoryBytes = generationBytes(decoder, m_promptLength, total) +
                    encoderDecoderPassBytes(weights.config(), sources, m_promptLength) +
                    4.0 * double(decoder.layers) * double(decoder.heads) * double(sources) *
                        (double(total) + 2.0 * double(decoder.headDim()));
    requireMemory(m_memoryBytes, "translating into " + std::to_string(total - m_promptLength) +
                                     " tokens after " + std::to_string(m_promptLength));
    ModelInput input;
    input.source = m_source;
    input.ids = m_ids;
    input.topCount = options.topCount;
    m_prompt = runEncoderDecoder(weights, input);
    EncoderDecoderCache cache = encoderDecoderCache(weights, m_prompt, total);
    m_cache = std::move(cache.self);
    m_crossCache = std::move(cache.cross);
    m_logits = encoderDecoderLogits(activeKernels(), weights, m_prompt.finalState.data());
}

const ModelConfig &Generator::writingConfig() const
{
    return m_weights.decoder() ? m_weights.decoder()->config() : m_weights.config();
}

void Generator::advance()
{
    const ModelConfig &config = writingConfig();
    const size_t layerHeads = size_t(config.layers) * size_t(config.heads);
    std::vector<float> row(layerHeads * size_t(m_cache.length + 1));
    const int m = m_cache.length + 1;
    if (!translates() && longRotary(config, m) && !longRotary(config, m - 1)) {
        // The text passes original_max_position_embeddings: longrope's long
        // factors from here on. transformers' Phi-3 then drops its cache and
        // reads the whole text again (prepare_inputs_for_generation); so
        // does this, once, so that the keys are all rotated alike.
        ModelInput input;
        input.ids = m_ids;
        input.topCount = m_options.topCount;
        ModelRun again = runModel(m_weights, input);
        for (int l = 0; l < config.layers; ++l)
            for (int h = 0; h < config.heads; ++h)
                std::copy_n(again.attention.headData(l, h) + size_t(m - 1) * size_t(m), m,
                            row.data() + (size_t(l) * size_t(config.heads) + size_t(h)) * m);
        const int capacity = m_cache.capacity;
        m_cache = emptyCache(config, capacity);
        fillCache(m_cache, again);
        m_logits = nextTokenLogits(activeKernels(), m_weights, again.finalState.data());
        m_rows.push_back(std::move(row));
        return;
    }
    if (!translates()) {
        stepModelGraph(activeKernels(), m_weights, m_cache, m_ids.back(), row.data(),
                       m_logits.data());
        m_rows.push_back(std::move(row));
        return;
    }
    std::vector<float> crossRow(layerHeads * m_source.size());
    EncoderDecoderCache cache{std::move(m_cache), std::move(m_crossCache)};
    try {
        stepEncoderDecoderGraph(activeKernels(), m_weights, cache, m_ids.back(), row.data(),
                                crossRow.data(), m_logits.data());
    } catch (...) {
        // A step refused (a value not finite): the caches stay the generator's.
        m_cache = std::move(cache.self);
        m_crossCache = std::move(cache.cross);
        throw;
    }
    m_cache = std::move(cache.self);
    m_crossCache = std::move(cache.cross);
    m_rows.push_back(std::move(row));
    m_crossRows.push_back(std::move(crossRow));
}

bool Generator::step()
{
    if (m_stop != GenerationStop::Running)
        return false;
    if (rowCount() < int(m_ids.size()))
        advance();
    if (!m_steps.empty()) {
        GenerationStop stop = GenerationStop::Running;
        if (int(m_steps.size()) >= m_options.maxTokens)
            stop = GenerationStop::TokenCount;
        else if (m_options.stopAtEnd && m_steps.back().id == m_options.endToken)
            stop = GenerationStop::EndOfText;
        else if (int(m_ids.size()) >= m_cache.capacity)
            stop = GenerationStop::LastPosition;
        if (stop != GenerationStop::Running) {
            m_stop = stop;
            return false;
        }
    }
    const int chosen = m_sampler.choose(m_logits);
    m_steps.push_back(describeStep(m_logits, chosen, m_options.topCount));
    m_ids.push_back(chosen);
    return true;
}

void Generator::finish()
{
    if (rowCount() < int(m_ids.size()))
        advance();
    if (m_stop == GenerationStop::Running)
        m_stop = GenerationStop::TokenCount;
}

AttentionTensor Generator::attention() const
{
    const int layers = m_prompt.attention.layers();
    const int heads = m_prompt.attention.heads();
    const size_t n = size_t(rowCount());
    const size_t prompt = size_t(m_promptLength);
    std::vector<float> values(size_t(layers) * size_t(heads) * n * n, 0.0f);
    for (int l = 0; l < layers; ++l) {
        for (int h = 0; h < heads; ++h) {
            float *matrix = values.data() + (size_t(l) * size_t(heads) + size_t(h)) * n * n;
            const float *first = m_prompt.attention.headData(l, h);
            for (size_t i = 0; i < prompt; ++i)
                std::copy_n(first + i * prompt, prompt, matrix + i * n);
            for (size_t s = 0; s < m_rows.size(); ++s) {
                const size_t keys = prompt + s + 1;
                const float *row =
                    m_rows[s].data() + (size_t(l) * size_t(heads) + size_t(h)) * keys;
                std::copy_n(row, keys, matrix + (prompt + s) * n);
            }
        }
    }
    AttentionShape shape;
    shape.layers = layers;
    shape.heads = heads;
    shape.queries = int(n);
    shape.keys = int(n);
    AttentionTensor tensor(shape, std::move(values));
    tensor.setVisibility(modelVisibility(writingConfig(), int(n), int(n)));
    tensor.setLayerWindows(layerWindows(writingConfig()));
    tensor.setKeyValueHeads(writingConfig().keyValueHeads());
    return tensor;
}

AttentionTensor Generator::crossAttention() const
{
    if (!translates())
        return {};
    const int layers = m_prompt.crossAttention.layers();
    const int heads = m_prompt.crossAttention.heads();
    const size_t n = size_t(rowCount());
    const size_t prompt = size_t(m_promptLength);
    const size_t sources = m_source.size();
    std::vector<float> values(size_t(layers) * size_t(heads) * n * sources, 0.0f);
    for (int l = 0; l < layers; ++l) {
        for (int h = 0; h < heads; ++h) {
            const size_t head = size_t(l) * size_t(heads) + size_t(h);
            float *matrix = values.data() + head * n * sources;
            std::copy_n(m_prompt.crossAttention.headData(l, h), prompt * sources, matrix);
            for (size_t s = 0; s < m_crossRows.size(); ++s)
                std::copy_n(m_crossRows[s].data() + head * sources, sources,
                            matrix + (prompt + s) * sources);
        }
    }
    AttentionShape shape;
    shape.layers = layers;
    shape.heads = heads;
    shape.queries = int(n);
    shape.keys = int(sources);
    return AttentionTensor(shape, std::move(values));
}

} // namespace AttentionLab
