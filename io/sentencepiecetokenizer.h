// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "io/tokenizer.h"

#include <QString>

#include <memory>
#include <optional>
#include <string>

namespace AttentionLab {

/**
 * A SentencePiece model (.model, .spm) read by libsentencepiece, the
 * reference implementation itself, as T5 and Marian use it:
 *  - T5 (transformers' T5Tokenizer): the model's own ids, then extra_ids
 *    sentinels <extra_id_N> (the last id is <extra_id_0>), matched in the
 *    text before it is cut; </s> after every text; no beginning token.
 *  - Marian (MarianTokenizer): the pieces of source.spm or target.spm looked
 *    up in vocab.json (not the .spm's ids), <unk> for a piece it lacks; a
 *    leading >>xx<< language code is one token; </s> after every text.
 * Copies share the processor, which encodes from several threads at once.
 */
class SentencePieceTokenizer final : public Tokenizer
{
public:
    /// T5's spiece.model with \a extraIds sentinels. Throws ReadError with
    /// one line naming the file and what is wrong.
    static SentencePieceTokenizer fromModel(const QString &modelPath, int extraIds);
    /// Marian's \a spmPath with the ids of \a vocabJson. Throws ReadError
    /// when a file is missing or malformed, or when vocab.json lacks a piece
    /// of the .spm's that its converter would have written (it disagrees).
    static SentencePieceTokenizer fromMarian(const QString &spmPath, const QString &vocabJson);

    TokenizedText encode(const QString &text,
                         std::optional<bool> bos = std::nullopt) const override;
    std::string decode(const std::vector<int> &ids) const override;
    /// </s> ends a text, <pad> pads it (and starts T5's decoder); no beginning.
    SpecialIds specialIds() const override;

private:
    struct Tables;
    explicit SentencePieceTokenizer(std::shared_ptr<Tables> tables);
    std::shared_ptr<Tables> m_tables;
};

} // namespace AttentionLab
