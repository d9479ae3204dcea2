// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/model/generationoptions.h"
#include "core/model/keyvaluecache.h"
#include "core/model/modelrun.h"
#include "core/model/modelweights.h"
#include "core/model/tokensampler.h"
#include "core/sets/attentiontensor.h"

#include <vector>

namespace AttentionLab {

/// One token the model wrote: its id, the probability and rank (1: the most
/// likely) the model gave it, and the most likely tokens at that step, all
/// from the model's own softmax (temperature 1, nothing cut).
struct GenerationStep
{
    int id = 0;
    double p = 0.0;
    int rank = 0;
    std::vector<TokenProbability> top;
};

/// Why a generation stopped.
enum class GenerationStop
{
    Running,
    TokenCount,  ///< GenerationOptions::maxTokens written
    EndOfText,   ///< the model wrote GenerationOptions::endToken
    LastPosition ///< the text fills the model's positions
};

/**
 * A causal model writing after a prompt, one token per step(), with a
 * key/value cache: the prompt is one full pass (runModel()), and each token
 * after it one new row of q, k and v per layer (stepModelGraph(),
 * core/model/cachedstep.h). Every token's attention row is kept, the same numbers
 * as a full pass over the whole text gives (to float rounding).
 *
 * A caller in the background loops `while (generator.step())`, reading
 * steps() and stepAttention() between calls and stopping when cancelled
 * (finish() then completes the last token's row). Taking another token than
 * the model's is a new Generator on the text up to there and that token.
 */
class Generator
{
public:
    /**
     * Runs the prompt. Throws std::invalid_argument for a model that is not
     * causal (named), a prompt of no token, ids outside the vocabulary, a
     * prompt that fills or exceeds the model's positions, options out of
     * range (maxTokens < 1, temperature <= 0, topK < 0, topP outside (0, 1]),
     * or when the generation would exceed the memory limit (generationBytes()).
     */
    Generator(const ModelWeights &weights, std::vector<int> prompt,
              const GenerationOptions &options);
    /**
     * An encoder-decoder translating \a source: the encoder reads it once,
     * and the decoder writes after \a prompt (its start token, and a target
     * begun), each step over its own key/value cache and the cross-attention's
     * over the source. Throws as the other constructor does, and for a source
     * of no token or a model that is not an encoder-decoder.
     */
    Generator(const ModelWeights &weights, std::vector<int> source, std::vector<int> prompt,
              const GenerationOptions &options);

    /// Writes one token: false when the generation has stopped (having
    /// computed the last token's attention row).
    bool step();
    /// Stops here, computing the last written token's row if it is not yet.
    void finish();

    GenerationStop stop() const { return m_stop; }
    /// What the generation holds beside the weights at most, as the memory
    /// limit counts it (generationBytes(), core/model/modelmemory.h).
    double memoryBytes() const { return m_memoryBytes; }
    int promptLength() const { return m_promptLength; }
    /// The prompt then every token written.
    const std::vector<int> &ids() const { return m_ids; }
    const std::vector<GenerationStep> &steps() const { return m_steps; }
    /// The prompt's pass: its attention and top next tokens (its q, k and v
    /// rows moved into the cache).
    const ModelRun &promptRun() const { return m_prompt; }
    /// Tokens whose attention row is computed: the prompt and the written
    /// tokens but, until the next step() or finish(), the last written one.
    int rowCount() const { return m_promptLength + int(m_rows.size()); }
    /// Generated token \a index's attention row (the query being that token),
    /// laid out [layer][head][key] over promptLength() + index + 1 keys.
    const std::vector<float> &stepAttention(int index) const { return m_rows[size_t(index)]; }
    /**
     * The attention of the first rowCount() tokens as one L x H x N x N
     * tensor, the prompt's pass and each written token's row, the future 0:
     * what a full pass over that text gives. The caller sets the tokens.
     */
    AttentionTensor attention() const;
    /// An encoder-decoder's: whether it translates a source.
    bool translates() const { return !m_source.empty(); }
    /// The source it translates (empty for a causal model).
    const std::vector<int> &source() const { return m_source; }
    /// Its cross-attention of the first rowCount() decoder tokens over the
    /// source, L x H x N x S; and its encoder's self-attention. Empty tensors
    /// for a causal model.
    AttentionTensor crossAttention() const;
    const AttentionTensor &encoderAttention() const { return m_prompt.encoderAttention; }
    /// Written token \a index's cross-attention row, [layer][head][source key].
    const std::vector<float> &stepCrossAttention(int index) const
    {
        return m_crossRows[size_t(index)];
    }

private:
    void advance();
    /// The config of the stack that writes: the model's, or its decoder's.
    const ModelConfig &writingConfig() const;

    const ModelWeights &m_weights;
    std::vector<int> m_source;
    GenerationOptions m_options;
    TokenSampler m_sampler;
    std::vector<int> m_ids;
    int m_promptLength = 0;
    ModelRun m_prompt;
    KeyValueCache m_cache;
    /// An encoder-decoder's cross-attention keys and values over the source.
    KeyValueCache m_crossCache;
    std::vector<std::vector<float>> m_crossRows;
    std::vector<float> m_logits;
    std::vector<GenerationStep> m_steps;
    std::vector<std::vector<float>> m_rows;
    GenerationStop m_stop = GenerationStop::Running;
    double m_memoryBytes = 0.0;
};

} // namespace AttentionLab
