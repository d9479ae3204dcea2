// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/kernels/modeloperands.h"
#include "core/maths/headpositions.h"
#include "core/model/interventions.h"
#include "core/model/modelconfig.h"
#include "core/model/relativepositionbias.h"
#include "core/sets/attentionset.h"
#include "core/sets/attentiontensor.h"

#include <memory>
#include <vector>

namespace AttentionLab {

/// BERT's reading of one [MASK]: the most likely tokens at that position.
struct MaskedPrediction
{
    int position = 0;
    std::vector<TokenProbability> top;
};

/// How many of the most likely tokens a position lists, everywhere the
/// program lists them: a pass's predictions, a generation step's
/// alternatives and each cell of the logit lens.
inline constexpr int kTopTokens = 5;

struct ModelRun;

/// What one forward pass is asked to do.
struct ModelInput
{
    /// The tokens: a single stack's, or an encoder-decoder's decoder's (its
    /// start token, then the target's: teacher forcing).
    std::vector<int> ids;
    /// An encoder-decoder's source, which its encoder reads; empty for a single stack.
    std::vector<int> source;
    /// BERT's token types (0 for sentence A, 1 for B); empty means all 0.
    std::vector<int> tokenTypes;
    /// BERT: the positions whose masked-LM predictions are wanted.
    std::vector<int> maskPositions;
    /// How many tokens each prediction lists.
    int topCount = kTopTokens;
    /// Keep the residual stream after every block at every position
    /// (ModelRun::residuals), for the logit lens.
    bool keepResiduals = false;
    /// Changes to the pass (heads ablated, edges knocked out, patches); none when null.
    const Interventions *interventions = nullptr;
    /// A pass of the same input that kept its patch source: the layers below
    /// the first one the interventions change are taken from it, not recomputed.
    const ModelRun *reuse = nullptr;
    /// Keep each layer's input and head outputs (ModelRun::patchSource): for
    /// patching from this run, or for reusing its lower layers.
    bool keepPatchSource = false;
    /// Keep every head's attention and q, k and v rows (what the views
    /// show); a sweep's passes need none of them.
    bool keepHeads = true;
    /// Positions whose full logits are wanted (ModelRun::logits), in this order.
    std::vector<int> logitPositions;
};

/// One attention's q, k and v rows, each laid out [layer][head][position][d_h]
/// (q over the queries' positions, k and v over the keys').
struct KeptVectors
{
    std::vector<float> queries;
    std::vector<float> keys;
    std::vector<float> values;
};

/**
 * What one forward pass keeps: every layer's and head's attention matrix,
 * each head's q, k and v rows, and the model's own reading of the text.
 */
struct ModelRun
{
    ModelFamily family = ModelFamily::Gpt2;
    /// L x H matrices of n x n weights; the caller sets the tokens. An
    /// encoder-decoder's: its decoder's self-attention over the target.
    AttentionTensor attention;
    /// An encoder-decoder's encoder self-attention over the source, and its
    /// cross-attention (the target's queries over the source's keys); empty
    /// for a single stack.
    AttentionTensor encoderAttention;
    AttentionTensor crossAttention;
    /// Their q, k and v rows (the decoder's are queries, keys and values).
    KeptVectors encoderVectors;
    KeptVectors crossVectors;
    int headDim = 0;
    /// The key/value heads the query heads share: query head h read key/value
    /// head h / (heads / kvHeads); its kept k and v rows are that head's.
    int kvHeads = 0;
    /// The scores' scale where it was not 1/sqrt(d_h) (Gemma's
    /// query_pre_attn_scalar^-0.5), and their soft cap; 0: none.
    float scoreScale = 0.0f;
    float attentionSoftCap = 0.0f;
    /// Each layer's rotary positions (its base, or none in a NoPE layer);
    /// empty for a family whose positions are not rotary.
    std::vector<HeadPositions> layerPositions;
    /// An encoder-decoder's T5 relative bias tables, which its
    /// self-attentions added to their scores; null for other families.
    std::shared_ptr<const RelativeBiasTables> relativeBias;
    /// Each laid out [layer][head][position][d_h], float32 as computed.
    std::vector<float> queries;
    std::vector<float> keys;
    std::vector<float> values;
    /// Causal families: the topCount most likely tokens after the last one, most likely first.
    std::vector<TokenProbability> topNext;
    /// BERT: one entry per ModelInput::maskPositions, in that order.
    std::vector<MaskedPrediction> masked;
    /// Causal families: the last position's state after the final norm (d
    /// values), what the unembedding reads.
    std::vector<float> finalState;
    /// With ModelInput::keepResiduals: the residual stream after each block,
    /// laid out [layer][position][d], before the final norm.
    std::vector<float> residuals;
    /// With ModelInput::keepPatchSource: each layer's input and head outputs.
    std::shared_ptr<const PatchSource> patchSource;
    /// With ModelInput::logitPositions: [position][vocabulary] logits, each
    /// position's as the readout gives them (the next token's; BERT's masked LM's).
    std::vector<float> logits;
    std::vector<int> logitPositions; ///< the position of each row of logits
    int vocabulary = 0;
    /// The logits at \a position, or nullptr when they were not kept.
    const float *logitsOf(int position) const
    {
        for (size_t i = 0; i < logitPositions.size(); ++i)
            if (logitPositions[i] == position)
                return logits.data() + i * size_t(vocabulary);
        return nullptr;
    }

    bool encoderDecoder() const { return !crossAttention.isEmpty(); }
    /// Every attention of the run as sets, in kAttentionKinds' order: the
    /// decoder's (or encoder's) one, or an encoder-decoder's three.
    std::vector<AttentionSet> sets() const;

    int tokenCount() const { return attention.keys(); }
    /// Offset of head (layer, head)'s n x d_h block in queries, keys and values.
    long long headOffset(int layer, int head) const
    {
        return (static_cast<long long>(layer) * attention.heads() + head) * tokenCount() * headDim;
    }
};

} // namespace AttentionLab
