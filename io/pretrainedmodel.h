// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/kernels/keyvisibility.h"
#include "core/model/generationoptions.h"
#include "core/model/logitlens.h"
#include "core/model/modelconfig.h"
#include "core/model/modelmeasure.h"
#include "core/model/modelrun.h"
#include "core/model/relativepositionbias.h"
#include "io/tokenizedtext.h"

#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace AttentionLab {

class Generator;
class ModelCheckpoint;
class Tokenizer;

/// How a text is to be read: BERT's second sentence, GPT-2's leading <|endoftext|>.
struct ModelText
{
    QString text;
    std::optional<QString> pair; ///< BERT only: [CLS] text [SEP] pair [SEP]
    /// Begin with the beginning-of-text token (GPT-2's <|endoftext|>, as
    /// TransformerLens does; tokenizer.json's BOS), or not; unset, as the
    /// tokenizer does by itself (GPT-2 and BERT: none; tokenizer.json: its
    /// post-processor or tokenizer_config.json's add_bos_token).
    std::optional<bool> bos;
    /// An encoder-decoder's target: the decoder reads its start token, then
    /// these tokens (teacher forcing); unset, the start token alone.
    std::optional<QString> target;
    /// Heads knocked out of the pass (a single stack's; core/model/interventions.h).
    Interventions interventions;
    /// What to measure of the pass, with the interventions and without.
    std::vector<ModelMeasure> measures;
};

/**
 * A model folder as the Hugging Face hub distributes it, ready to run: the
 * checkpoint (config.json, model.safetensors) and the tokenizer of its
 * family (GPT-2's vocab.json and merges.txt; BERT's vocab.txt and, when
 * present, tokenizer_config.json; tokenizer.json, read by HubTokenizer,
 * for the others). The command line and the window both go
 * through it, so they tokenize and run alike. Immutable once open: one
 * instance can serve several threads.
 */
class PretrainedModel
{
public:
    /// Opens \a folder; throws ReadError with one line naming the file and
    /// what is missing or wrong.
    static std::shared_ptr<const PretrainedModel> open(const QString &folder);

    ~PretrainedModel();

    const ModelConfig &config() const;
    QString folder() const { return m_folder; }
    /// The folder's name ("gpt2", "bert-base-uncased").
    QString name() const;
    /// "GPT-2, 12 layers × 12 heads, d_model 768"; "Llama, 30 layers × 9 (3
    /// key/value) heads, d_model 576" where query heads share key/value heads.
    QString description() const;

    /// The tokens of \a text. Throws ReadError for text the model cannot take:
    /// empty, longer than its positions, a pair given to GPT-2 or --bos to BERT.
    TokenizedText tokenize(const ModelText &text) const;
    /// What is odd about the folder but does not stop it from running, one
    /// sentence each: tensors of the weights the configuration does not use.
    QStringList warnings() const;
    /// One forward pass over \a tokens; the run's attention carries their spelling.
    ModelRun run(const TokenizedText &tokens, int topCount = kTopTokens) const;
    /// What run() gives the model for \a tokens: their ids, token types and
    /// [MASK] positions (a single stack's; core/model/modelrun.h; an
    /// encoder-decoder's is input(source, decoder)).
    ModelInput input(const TokenizedText &tokens, int topCount = kTopTokens) const;
    /// The open checkpoint (its weights, mapped), for passes run elsewhere
    /// (io/headexperiments.h); keep it while they run.
    const std::shared_ptr<const ModelCheckpoint> &checkpoint() const { return m_checkpoint; }
    /// tokenize() then run(); for an encoder-decoder, the source's tokens,
    /// decoderTokens() of the target, and run() over both.
    ModelRun run(const ModelText &text, int topCount = kTopTokens) const;
    /// An encoder-decoder (T5, BART, Marian): a source read by the encoder
    /// and a target by the decoder.
    bool encoderDecoder() const;
    /// T5's learned relative position bias, both stacks', or none for a
    /// model without it: what the Position lab draws per head.
    std::optional<RelativeBiasTables> relativeBias() const;
    /// The tokenizer of the decoder's text: Marian's target.spm, else tokenizer().
    const Tokenizer &targetTokenizer() const { return *m_targetTokenizer; }
    /// What the decoder reads: its start token, then \a target's tokens as the
    /// target tokenizer gives them (with its end token); the start token
    /// alone for no target. ReadError for an empty or too long target.
    TokenizedText decoderTokens(const std::optional<QString> &target) const;
    /// One pass of an encoder-decoder over \a source and \a decoder tokens:
    /// its three attentions with their tokens (the cross-attention's queries
    /// the decoder's, its keys the source's) and the tokens after the last.
    ModelRun run(const TokenizedText &source, const TokenizedText &decoder,
                 int topCount = kTopTokens) const;
    /// What that pass gives the model: the source's ids and the decoder's.
    ModelInput input(const TokenizedText &source, const TokenizedText &decoder,
                     int topCount = kTopTokens) const;
    /// Gives \a run's three attentions, a pass of an encoder-decoder over \a
    /// source and \a decoder, their tokens, and the cross-attention's rows
    /// the token each wrote (the next target token; the last row, the
    /// model's most likely one).
    void labelTokens(ModelRun &run, const TokenizedText &source,
                     const TokenizedText &decoder) const;

    /// The model card shown when a model opens: its family, layers, query and
    /// key/value heads, head size, positions, norm, MLP, residual, output,
    /// parameter count and the file's number type, as (what, value) pairs.
    QList<QPair<QString, QString>> card() const;
    /// The card on one line: "Llama · 30 layers · 9 query heads sharing 3
    /// key/value heads · head size 64 · rotary theta=100000 · RMSNorm · SwiGLU
    /// · 134.5 million parameters · bfloat16".
    QString cardLine() const;

    /// The beginning-of-text token a text may start with (GPT-2's
    /// "<|endoftext|>", Llama's "<s>" or "<|begin_of_text|>"), or none (BERT,
    /// Qwen).
    std::optional<std::string> bosToken() const;
    /// The token a masked-language model guesses at, as the tokenizer spells
    /// it (BERT's "[MASK]"), or none (a causal model).
    std::optional<std::string> maskToken() const;
    /// Whether a text starts with it when ModelText::bos is unset.
    bool addsBosByDefault() const;

    /// Olsson et al.'s induction probe for this model: \a count distinct
    /// random tokens of its vocabulary, its special tokens left out, then the
    /// same again (core/sets/repeatprobe.h, PCG64(\a seed)), spelled; after the
    /// beginning-of-text token when \a bos says so (unset: as the tokenizer
    /// does by itself). Throws ReadError when the probe does not fit the
    /// vocabulary or the positions.
    TokenizedText repeatedRandomTokens(int count, std::uint64_t seed,
                                       std::optional<bool> bos) const;

    /// Token \a id as spelled in the vocabulary (an encoder-decoder's
    /// target vocabulary: what its decoder writes); "<id>" for an id it has no
    /// token for (a vocabulary padded past its tokens).
    std::string tokenSpelling(int id) const;
    /// The text of \a ids, UTF-8, as Hugging Face's decode() with special
    /// tokens kept (GPT-2's bytes back from their characters; tokenizer.json's
    /// decoder). A character spread over several tokens comes whole only
    /// once all of them are there.
    std::string decode(const std::vector<int> &ids) const;
    /// The end-of-text token generation stops at (GPT-2's <|endoftext|>,
    /// tokenizer_config.json's eos_token), or none.
    std::optional<int> endOfTextId() const;
    /// The tokenizer of the family's files (io/tokenizer.h).
    const Tokenizer &tokenizer() const { return *m_tokenizer; }

    /**
     * A generation after \a prompt (core/model/generator.h), stopping at the
     * model's end-of-text token unless \a options names another. It reads
     * this model's weights: keep the model open while it runs. Throws
     * ReadError, one line, for what Generator refuses (a model that is not
     * causal, options out of range, a prompt that fills the positions, the
     * memory limit).
     */
    std::unique_ptr<Generator> generator(const TokenizedText &prompt,
                                         GenerationOptions options) const;
    /// An encoder-decoder translating \a source, its decoder writing after
    /// \a prefix (translationPrefix()), stopping at the target's end token
    /// unless \a options names another. ReadError as generator() throws.
    std::unique_ptr<Generator> translator(const TokenizedText &source, const TokenizedText &prefix,
                                          GenerationOptions options) const;
    /// What a translation starts from: the decoder's start token, then the
    /// target begun (\a target's tokens without the end token its tokenizer
    /// appends); the start token alone for no target.
    TokenizedText translationPrefix(const std::optional<QString> &target) const;
    /// The logit lens over \a tokens (core/model/logitlens.h), with the pass that
    /// read it in \a run when given (its attention carrying the tokens), with
    /// \a interventions applied (heads knocked out);
    /// ReadError for what logitLens() refuses.
    LogitLens lens(const TokenizedText &tokens, int count = kTopTokens, ModelRun *run = nullptr,
                   const Interventions &interventions = {}) const;

private:
    PretrainedModel() = default;

    QString m_folder;
    std::shared_ptr<const ModelCheckpoint> m_checkpoint;
    /// GPT-2's files, BERT's vocab.txt or a tokenizer.json, as the family says.
    std::shared_ptr<const Tokenizer> m_tokenizer;
    /// An encoder-decoder's target tokenizer (the same one but for Marian's).
    std::shared_ptr<const Tokenizer> m_targetTokenizer;
};

} // namespace AttentionLab
