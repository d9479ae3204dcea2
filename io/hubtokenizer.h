// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "io/tokenizer.h"

#include <QString>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace AttentionLab {

/**
 * A tokenizer read from a Hugging Face tokenizer.json, giving the ids of
 * Hugging Face's tokenizers library: byte-level BPE (GPT-2, Llama 3, Qwen2
 * and 3, SmolLM, Pythia), SentencePiece-style BPE with byte fallback
 * (Llama 2, TinyLlama, Mistral) and Unigram (T5, mBART and most models
 * converted from SentencePiece, with its Precompiled normalizer). The text goes through the file's
 * pipeline: added tokens found whole, the normalizer (TokenizerNormalizer), the pre-tokenizer
 * (PreTokenizer), the BPE model (merged by BpeMerges, the BPE Gpt2Tokenizer uses too) and the
 * post-processor; labels come from the decoder (TokenizerDecoder). An added token with "normalized"
 * true is spelled (token()) as normalized, as in Hugging Face.
 *
 * Copies share the tables and the cache of encoded pieces, so a copy is cheap;
 * encode() may be called from several threads at once.
 */
class HubTokenizer final : public Tokenizer
{
public:
    /// \a folder's tokenizer.json, and its tokenizer_config.json when there is
    /// one. Throws ReadError (io/readerror.h) with one line "PATH: what is
    /// wrong" (not JSON, a model other than BPE or Unigram, a pre-tokenizer, normalizer,
    /// decoder or post-processor it does not know, named; a merge of tokens
    /// not in the vocabulary).
    static HubTokenizer fromFolder(const QString &folder);
    /// The same from the files; \a tokenizerConfigJson may be empty (none).
    static HubTokenizer fromFiles(const QString &tokenizerJson,
                                  const QString &tokenizerConfigJson = QString());

    /// Ids and tokens of \a text. \a bos, when given, says whether the
    /// beginning-of-text token comes first (--bos, --no-bos), whatever the
    /// file's post-processor or tokenizer_config.json's add_bos_token say;
    /// without a BOS token (bosId()) it adds nothing. The post-processor's
    /// other special tokens stay. tokenTypes stays empty. A lone UTF-16
    /// surrogate is read as U+FFFD.
    TokenizedText encode(const QString &text,
                         std::optional<bool> bos = std::nullopt) const override;
    /// Whether encode() puts the BOS token first when not told.
    bool addsBos() const override;
    /// The labels joined (Hugging Face's decode with special tokens kept).
    std::string decode(const std::vector<int> &ids) const override;
    /// bosId(), eosId() and tokenizer_config.json's pad_token; no mask or decoder start.
    SpecialIds specialIds() const override;
    /// One more than the largest id of the model's vocab, its added tokens aside.
    int pieceCount() const override;

    /// tokenizer_config.json's bos_token, else the first special token of the
    /// post-processor's template.
    std::optional<int> bosId() const;
    /// tokenizer_config.json's eos_token.
    std::optional<int> eosId() const;

    /// Display labels of \a ids, one each, through the file's decoder: "Ġ" and
    /// "▁" become spaces, a character spread over several byte tokens is the
    /// label of the first of them (see TokenizerDecoder). Joined, they are
    /// Hugging Face's decode(ids) with special tokens kept.
    std::vector<QString> labels(const std::vector<int> &ids) const;
    /// The label of \a id alone.
    QString label(int id) const;

    /// A copy sharing the tables whose texts are put between \a prefix and
    /// \a suffix instead (mBART's source and target, each with its language
    /// code, as transformers' set_src_lang_special_tokens and
    /// set_tgt_lang_special_tokens do). The BOS token stays the file's.
    HubTokenizer withTemplate(std::vector<int> prefix, std::vector<int> suffix) const;

private:
    struct Tables;
    explicit HubTokenizer(std::shared_ptr<Tables> tables);
    std::shared_ptr<Tables> m_tables;
    std::shared_ptr<const std::vector<int>> m_prefix, m_suffix; // the template's, or as set
};

} // namespace AttentionLab
