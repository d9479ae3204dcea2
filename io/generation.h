// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/model/generator.h"
#include "core/sets/attentionset.h"
#include "core/sets/attentiontensor.h"
#include "io/tokenizedtext.h"

#include <memory>
#include <string>
#include <vector>

namespace AttentionLab {

class PretrainedModel;

/// A finished (or stopped) generation: the text, prompt then written tokens,
/// what was chosen at each step, and the attention of the whole text.
struct Generation
{
    std::vector<int> ids;
    std::vector<std::string> tokens; ///< as spelled in the vocabulary
    int promptLength = 0;
    std::vector<GenerationStep> steps;
    GenerationStop stop = GenerationStop::Running;
    /// What the generation holds beside the weights at most (the key/value
    /// cache, the rows kept, the prompt's pass), as the memory limit counts it.
    double memoryBytes = 0.0;
    /// L x H x N x N, N = ids.size() once finished (one fewer in a
    /// snapshot(): the newest token's row is not computed yet): the prompt's
    /// pass and each written token's row from the key/value cache, with the
    /// tokens, the mask and the key/value heads set.
    AttentionTensor attention;
    /// A translation's (an encoder-decoder's): the source's tokens, the
    /// cross-attention of the decoder's tokens over them (L x H x N x S, as
    /// many rows as attention) and the encoder's self-attention; empty for
    /// a causal model.
    std::vector<std::string> sourceTokens;
    std::vector<int> sourceIds;
    AttentionTensor crossAttention;
    AttentionTensor encoderAttention;
    bool translates() const { return !crossAttention.isEmpty(); }

    int tokenCount() const { return int(ids.size()); }
    /// The attention of the first \a count tokens: what the views show
    /// while the timeline stands at the token being written there.
    AttentionTensor attentionUpTo(int count) const;
    /// Every attention of the first \a count tokens as sets: the decoder's
    /// (attentionUpTo()), and a translation's encoder's and cross-attention
    /// (its first \a count rows) beside it.
    std::vector<AttentionSet> setsUpTo(int count) const;
    /// The text the timeline's step \a step chose its token after (step 1
    /// is the first token written): the prompt and what steps 1 to step - 1
    /// wrote. What the lens, Open Head in Attention Tab and an alternative
    /// taken at that step read.
    TokenizedText textBefore(int step) const;
    /// The token after the first \a count: what the row that read token
    /// count - 1 wrote ("" past the end).
    std::string tokenAfter(int count) const;
    /// A translation's source (empty for a causal model's generation).
    TokenizedText source() const { return {sourceIds, sourceTokens, {}}; }
    /// What \a generator wrote with \a model, finished (Generator::finish())
    /// and spelled: the window's generations and `animate --sweep generation`'s.
    static std::shared_ptr<const Generation> of(Generator &generator, const PretrainedModel &model);
    /// What \a generator has written so far, not finished: every token, and
    /// the attention of the rows computed (Generator::rowCount()), which is
    /// what the views show at its last step. The window's text as it is written.
    static std::shared_ptr<const Generation> snapshot(const Generator &generator,
                                                      const PretrainedModel &model);
};

} // namespace AttentionLab
