// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/kernels/modeloperands.h"
#include "core/model/modelconfig.h"
#include "core/model/relativepositionbias.h"
#include "core/model/weighttensor.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace AttentionLab {

/// A dense layer y = W x + b. GPT-2's Conv1D stores W as [in, out]
/// (inputMajor), BERT's nn.Linear as [out, in].
struct LinearTensors
{
    WeightTensor weight;
    WeightTensor bias;
    bool inputMajor = false;
};

/// A norm's scale and shift (weight/bias, or gamma/beta in older files); an
/// RMSNorm has no shift.
struct NormTensors
{
    WeightTensor weight;
    WeightTensor bias;
};

/// One transformer block's tensors.
struct LayerTensors
{
    /// One fused projection (FamilyDescription::queryKeyValue says how its
    /// outputs are laid out), or three: query, key, value.
    std::vector<LinearTensors> queryKeyValue;
    LinearTensors attentionOutput;
    /// Qwen3's RMSNorm of each head's q and k, [d_h].
    NormTensors queryNorm;
    NormTensors keyNorm;
    /// GPT-2's ln_1 (before the attention), BERT's attention.output.LayerNorm (after it).
    NormTensors attentionNorm;
    /// SwiGLU's gate_proj; absent in a plain MLP.
    LinearTensors feedForwardGate;
    LinearTensors feedForwardIn; ///< c_fc, up_proj, dense_h_to_4h
    LinearTensors feedForwardOut;
    /// GPT-2's ln_2 (before the MLP), BERT's output.LayerNorm (after it).
    NormTensors feedForwardNorm;
    /// Gemma's sandwich norms of the attention's and the MLP's outputs.
    NormTensors attentionOutputNorm;
    NormTensors feedForwardOutputNorm;
    /// An encoder-decoder's decoder block: the cross-attention's query, key
    /// and value (over the encoder's output), its output and its norm.
    std::vector<LinearTensors> crossQueryKeyValue;
    LinearTensors crossOutput;
    NormTensors crossNorm;
};

/// Every tensor of a checkpoint that the forward pass uses.
struct ModelTensors
{
    WeightTensor wordEmbeddings;      ///< [vocabulary, d], also the tied output matrix
    WeightTensor positionEmbeddings;  ///< [positions, d]; absent with rotary positions
    WeightTensor tokenTypeEmbeddings; ///< BERT: [token types, d]
    NormTensors embeddingNorm;        ///< BERT
    std::vector<LayerTensors> layers;
    NormTensors finalNorm; ///< GPT-2's ln_f
    /// A separate output matrix [vocabulary, d] (lm_head, embed_out); absent when tied.
    WeightTensor outputMatrix;
    /// BERT's masked-LM head (cls.predictions), absent in a bare BertModel.
    LinearTensors maskedLmTransform;
    NormTensors maskedLmNorm;
    WeightTensor maskedLmBias;
    /// T5's relative position bias [buckets, heads], block 0's.
    WeightTensor relativeBias;
    /// BART's and Marian's final_logits_bias [1, vocabulary], added to the logits.
    WeightTensor finalLogitsBias;
    /// An encoder-decoder's decoder stack (its embeddings, blocks with
    /// cross-attention, final norm and output); these fields are then the
    /// encoder's. Null for a single stack.
    std::shared_ptr<ModelTensors> decoder;
};

/// Values loaded for one step of the pass; converted copies go with it.
struct LoadedWeights
{
    std::vector<std::shared_ptr<const void>> owners;
};

/// One block's values, loaded when the pass reaches it.
struct LayerWeights : LoadedWeights
{
    std::vector<LinearWeights> queryKeyValue;
    LinearWeights attentionOutput;
    NormWeights attentionNorm;
    NormWeights queryNorm;
    NormWeights keyNorm;
    LinearWeights feedForwardGate;
    LinearWeights feedForwardIn;
    LinearWeights feedForwardOut;
    NormWeights feedForwardNorm;
    NormWeights attentionOutputNorm;
    NormWeights feedForwardOutputNorm;
    std::vector<LinearWeights> crossQueryKeyValue;
    LinearWeights crossOutput;
    NormWeights crossNorm;
};

/// The embeddings (held through the pass: the word embeddings are also the output matrix).
struct EmbeddingWeights : LoadedWeights
{
    const float *word = nullptr;
    /// The word embeddings of a bfloat16 file, read in place (word null).
    const std::uint16_t *wordBf16 = nullptr;
    const float *position = nullptr;
    const float *tokenType = nullptr;
    NormWeights norm;
    /// T5's relative position bias, [buckets, heads] row-major.
    const float *relativeBias = nullptr;
};

/// What follows the last block: GPT-2's ln_f, BERT's masked-LM head.
struct OutputWeights : LoadedWeights
{
    NormWeights finalNorm;
    /// [vocabulary, d] row-major: the separate output matrix, or nullptr when tied.
    const float *matrix = nullptr;
    /// The same of a bfloat16 file, read in place (matrix null).
    const std::uint16_t *matrixBf16 = nullptr;
    LinearWeights maskedLmTransform;
    NormWeights maskedLmNorm;
    const float *maskedLmBias = nullptr;
    /// BART's and Marian's bias of the logits, [vocabulary].
    const float *logitsBias = nullptr;
};

/**
 * A checkpoint's configuration and tensors, with their values loaded one step
 * at a time: a float16 or bfloat16 file is converted layer by layer as the
 * pass uses it, and each converted copy dropped after.
 */
class ModelWeights
{
public:
    /// The caller (ModelCheckpoint) has checked every shape against \a config.
    ModelWeights(ModelConfig config, ModelTensors tensors);

    const ModelConfig &config() const { return m_config; }
    const ModelTensors &tensors() const { return m_tensors; }
    /// BERT with cls.predictions: masked positions can be read.
    bool hasMaskedLmHead() const;

    /// An encoder-decoder's decoder stack, a model of its own (its config
    /// decoderConfig()); null for a single stack.
    const ModelWeights *decoder() const { return m_decoder.get(); }

    EmbeddingWeights embeddings() const;
    /// An encoder-decoder's T5 relative bias tables, both stacks' (block
    /// 0's), copied; std::nullopt where it has none. Its model name is empty.
    std::optional<RelativeBiasTables> relativeBiasTables() const;
    LayerWeights layer(int index) const;
    OutputWeights output() const;

private:
    ModelConfig m_config;
    ModelTensors m_tensors;
    std::unique_ptr<ModelWeights> m_decoder;
};

} // namespace AttentionLab
