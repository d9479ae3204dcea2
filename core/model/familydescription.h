// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/kernels/modeloperands.h"
#include "core/maths/headpositions.h"
#include "core/model/modelconfig.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace AttentionLab {

enum class NormPlacement
{
    BeforeSublayer, ///< pre-norm: x + f(norm(x)) (GPT-2 and every decoder since)
    AfterResidual,  ///< post-norm: norm(x + f(x)) (BERT)
    Sandwich        ///< both: x + norm'(f(norm(x))) (Gemma 2 and 3)
};

/// How a family's layers differ in their window and positions
/// (ModelConfig::layerAttention), where config.json has no layer_types.
enum class LayerPattern
{
    Uniform,            ///< every layer alike (sliding_window, if any, in each)
    AlternatingWindows, ///< even layers local, odd ones global (Gemma 2)
    WindowPattern,      ///< global every sliding_window_pattern-th layer, the rest local (Gemma 3)
    NoRopeLayers        ///< no_rope_layers (or every no_rope_layer_interval-th) without
                        ///< positions (SmolLM3)
};

enum class PositionKind
{
    Learned,       ///< a position embedding added to the input (BART's from row 2 on)
    Rotary,        ///< q and k turned by angles proportional to the position (ModelConfig::rotary)
    RelativeBias,  ///< T5's learned bias per head and bucket of offsets, added to the scores
    SplitSinusoid, ///< Eq. 16.4's sinusoids added, sines in one half and cosines in the other
                   ///< (Marian)
};

enum class FeedForwardKind
{
    Plain, ///< out(act(in(x))), act from config.json
    Gated  ///< down(act(gate(x)) * up(x)): SwiGLU with SiLU, Flan-T5's with the tanh GELU
};

/// Where q, k and v come from.
enum class QueryKeyValueLayout
{
    Separate,    ///< three projections (BERT, Llama)
    FusedBlocks, ///< one projection: all of q, then all of k, then all of v (GPT-2's c_attn)
    FusedPerHead ///< one projection: head by head, its q, k and v (GPT-NeoX's query_key_value)
};

/// How a dense layer's weight is stored.
enum class LinearLayout
{
    InputMajor, ///< [in, out]: GPT-2's Conv1D
    OutputMajor ///< [out, in]: nn.Linear
};

/// What the last hidden states are read for.
enum class Readout
{
    NextToken, ///< the most likely tokens after the last position
    MaskedLm   ///< BERT's guesses at each [MASK]
};

/// Which files hold the tokenizer.
enum class TokenizerKind
{
    Gpt2Files,     ///< vocab.json and merges.txt
    WordPieceFile, ///< vocab.txt (and tokenizer_config.json)
    TokenizerJson, ///< tokenizer.json
    SentencePiece, ///< T5's tokenizer.json, else its spiece.model through libsentencepiece
    MarianFiles,   ///< Marian's source.spm and target.spm, with the ids of vocab.json
    BartFiles,     ///< GPT-2's vocab.json and merges.txt, each text between <s> and </s>
    MBartJson      ///< tokenizer.json, with tokenizer_config.json's src_lang and tgt_lang
};

/// config.json's names for each quantity, as transformers' attribute_map
/// gives them; empty where the family has no such key.
struct ConfigKeys
{
    std::string layers;
    std::string heads;
    std::string kvHeads; ///< absent from the file: as many as heads
    std::string modelDim;
    std::string headDim; ///< absent or null in the file: modelDim / heads
    std::string feedForward;
    int feedForwardTimesWidth =
        0; ///< a null or absent feedForward is this times modelDim; 0: required
    std::string positions;
    std::string vocabulary;
    std::string tokenTypes;
    std::string epsilon;
    std::string activation;
    std::string ropeTheta;
    std::string rotaryFraction;
    std::string ropeScaling;
    std::string slidingWindow;
    /// layer_types: "sliding_attention" or "full_attention" for each layer.
    std::string layerTypes;
    std::string slidingWindowPattern; ///< Gemma 3's older sliding_window_pattern
    std::string localRopeTheta;       ///< Gemma 3's rope_local_base_freq
    std::string noRopeLayers;         ///< SmolLM3's no_rope_layers: 1 rotated, 0 not
    std::string noRopeInterval;       ///< SmolLM3's no_rope_layer_interval
    std::string useSlidingWindow;     ///< SmolLM3's use_sliding_window
    std::string queryScale;           ///< Gemma's query_pre_attn_scalar: scores times its ^-0.5
    std::string attentionSoftCap;     ///< Gemma 2's attn_logit_softcapping
    std::string logitSoftCap;         ///< Gemma 2's final_logit_softcapping
    std::string tieEmbeddings;
    std::string parallelResidual;
    std::string attentionBias; ///< turns the q, k, v and output biases on
    std::string feedForwardBias;
    /// An encoder-decoder's decoder stack, where it differs from the encoder.
    std::string decoderLayers;      ///< absent: as many as the encoder
    std::string decoderHeads;       ///< absent: as many as the encoder
    std::string decoderFeedForward; ///< absent: as wide as the encoder's
    std::string decoderVocabulary;  ///< Marian's decoder_vocab_size; absent: vocabulary
    std::string decoderStart;       ///< decoder_start_token_id; absent: pad
    std::string pad;
    std::string relativeBuckets;
    std::string relativeMaxDistance;
    std::string scaleEmbedding; ///< scale_embedding: the embeddings times sqrt(d_model)
    /// T5's feed_forward_proj: "relu", or "gated-gelu" (its own gate and
    /// activation) in place of the activation key.
    std::string feedForwardProjection;
};

/// The names of a family's tensors, each a module whose ".weight" (and
/// ".bias") the file holds; "%1" stands for the layer's index. Names are
/// under prefix (which some files leave out) unless listed in topLevel.
struct TensorNames
{
    std::string prefix;
    std::string wordEmbeddings;
    std::string positionEmbeddings;
    std::string tokenTypeEmbeddings;
    std::string embeddingNorm;
    std::string attentionNorm;
    std::string query; ///< or, fused, the one query_key_value projection
    std::string key;
    std::string value;
    std::string attentionOutput;
    std::string queryNorm;
    std::string keyNorm;
    std::string feedForwardNorm;
    /// Gemma's sandwich norms: after the attention, and after the MLP.
    std::string attentionOutputNorm;
    std::string feedForwardOutputNorm;
    std::string feedForwardGate;
    /// One fused [gate; up] projection (Phi-3's gate_up_proj), split in two when read.
    std::string feedForwardGateUp;
    std::string feedForwardIn;
    /// A gated MLP's up projection where it is not named as the plain one's
    /// input (T5's wi_1 beside wi); empty: feedForwardIn.
    std::string feedForwardUp;
    std::string feedForwardOut;
    std::string finalNorm;
    std::string output; ///< the separate output matrix when not tied
    std::string maskedLmTransform;
    std::string maskedLmNorm;
    std::string maskedLmBias; ///< a tensor, not a module
    /// An encoder-decoder's: the word embeddings both stacks share (tried
    /// before wordEmbeddings), the decoder's cross-attention, T5's relative
    /// position bias (block 0's, a module) and the output's bias (a tensor).
    std::string sharedEmbeddings;
    std::string crossQuery;
    std::string crossKey;
    std::string crossValue;
    std::string crossOutput;
    std::string crossNorm;
    std::string relativeBias;
    std::string finalLogitsBias;
    /// Names outside the prefix.
    std::vector<std::string> topLevel;
    /// Tensors there by design that the pass does not use (buffers, tied copies, other heads).
    std::vector<std::string> ignoredEndings;
    std::vector<std::string> ignoredBeginnings;
};

/**
 * Everything that sets a model family apart, as data: how its config.json
 * names things, how its block is built and what its tensors are called. The
 * reader (io/modelcheckpoint) and the forward pass (core/model/transformerforward)
 * take everything from here, and ask it for facts (causal, the readout, the
 * positions, the tokenizer) rather than comparing families. Each family's
 * description is a function in core/model/families/, listed once in the registry
 * (core/model/familyregistry.h).
 */
struct FamilyDescription
{
    ModelFamily family = ModelFamily::Gpt2;
    std::string modelType; ///< config.json's model_type, the one messages name
    /// Other model_type names config.json may give the family (none today).
    std::vector<std::string> otherModelTypes;
    std::string displayName; ///< "GPT-2"
    /// The checkpoints people know the family by, for --help and the tour:
    /// {"Llama", "SmolLM", "TinyLlama"}; empty: the display name alone.
    std::vector<std::string> knownAs;
    ConfigKeys keys;
    NormKind norm = NormKind::LayerNorm;
    NormPlacement normPlacement = NormPlacement::BeforeSublayer;
    PositionKind positions = PositionKind::Learned;
    FeedForwardKind feedForward = FeedForwardKind::Plain;
    QueryKeyValueLayout queryKeyValue = QueryKeyValueLayout::Separate;
    LinearLayout linearLayout = LinearLayout::OutputMajor;
    bool queryKeyNorm = false; ///< an RMSNorm of each head's q and k before the rotary
    /// Added to every norm's weight as it is read: Gemma's RMSNorm scales by (1 + w).
    float normWeightOffset = 0.0f;
    /// The embeddings times sqrt(d_model), that factor in float32 (Gemma's normalizer).
    bool embeddingsScaledByWidth = false;
    LayerPattern layerPattern = LayerPattern::Uniform;
    /// The section of config.json that holds the text model's keys (a
    /// multimodal Gemma 3's "text_config"); empty: the file's top level.
    std::string configSection;
    /// Keys a file may leave out, as transformers' config class defaults them
    /// (key, JSON text): a multimodal Gemma 3's text_config gives only what
    /// differs from Gemma3TextConfig's.
    std::vector<std::pair<std::string, std::string>> configDefaults;
    bool causal = true;
    /// Two stacks: an encoder over the source, and a decoder over the
    /// target that also attends to the encoder's output (T5, BART, Marian).
    /// Its causal and readout are the decoder's.
    bool encoderDecoder = false;
    /// Scores divided by sqrt(d_k) (false: T5, whose scale is in its initialisation).
    bool scaledScores = true;
    /// With tied embeddings, the decoder's output times d_model^-0.5 (T5).
    bool scaledTiedOutput = false;
    /// The row of the learned position table that position 0 reads (BART's 2).
    int positionOffset = 0;
    /// Where config.json gives no epsilon key (BART, Marian: 1e-5).
    double epsilon = 1e-5;
    Readout readout = Readout::NextToken;
    /// Whether its (decoder's) last stack predicts the next token: causal,
    /// and reading out the next token. What a loss over a text needs.
    bool predictsNextToken() const { return causal && readout == Readout::NextToken; }
    /// Whether the model writes text from a prompt: it predicts the next
    /// token, and it is a single stack. What Generate, the logit lens and
    /// every writing command ask.
    bool writes() const { return predictsNextToken() && !encoderDecoder; }
    /// Defaults where config.json has no key for them (or the family none).
    bool tiedOutput = true;
    bool parallelResidual = false;
    bool queryKeyValueBias = true;
    bool outputBias = true;
    bool feedForwardBias = true;
    TokenizerKind tokenizer = TokenizerKind::TokenizerJson;
    /// The only stack's tensors, or an encoder-decoder's encoder's (with
    /// the prefix, the shared names and the lists of what is ignored).
    TensorNames tensors;
    /// An encoder-decoder's decoder stack, named under tensors.prefix.
    TensorNames decoderTensors;

    /// modelType, then otherModelTypes: every name findModelFamily() takes.
    std::vector<std::string> modelTypes() const;
    /// knownAs, or the display name when it is empty.
    std::vector<std::string> checkpointNames() const;
};

// The description of each family, one function per file of core/model/families/.
#define ATTENTIONLAB_FAMILY_DECLARATION(identity, description)                                     \
    const FamilyDescription &description();
ATTENTIONLAB_MODEL_FAMILIES(ATTENTIONLAB_FAMILY_DECLARATION)
#undef ATTENTIONLAB_FAMILY_DECLARATION

/// The description of \a family: its line of the registry.
const FamilyDescription &familyDescription(ModelFamily family);

/// Every family, in the registry's order, which is the order messages list them in.
const std::vector<ModelFamily> &modelFamilies();

/// Every family's display name, for people: "GPT-2, BERT, Llama, ... and GPT-NeoX".
std::string familyNames();

/// How \a config places its tokens, as `model --json` writes it: "learned",
/// "rotary theta=10000", "rotary theta=500000 llama3 x32", "rotary 25% theta=10000".
std::string positionSummary(const ModelConfig &config);
/// Layer \a layer's positions: "none" in a layer without them (SmolLM3's
/// NoPE layers), a local layer's own base (Gemma 3's), else positionSummary()
/// of the global layers.
std::string layerPositionSummary(const ModelConfig &config, int layer);

/// The same as numbers: layer \a layer's rotary base (a local layer's own),
/// or no positions; std::nullopt where the family's positions are not rotary.
std::optional<HeadPositions> layerPositions(const ModelConfig &config, int layer);

/// The family one of whose model_type names is \a modelType; false when there is none.
bool findModelFamily(const std::string &modelType, ModelFamily *family);

/// Every family's model_type, quoted, for the message that refuses another:
/// "\"gpt2\", \"bert\", ... and \"gpt_neox\"".
std::string supportedModelTypes();

/// \a names joined for people: "a", "a or b", "a, b or c" (\a last is " or " or " and ").
std::string joinNames(const std::vector<std::string> &names, const std::string &last);

} // namespace AttentionLab
