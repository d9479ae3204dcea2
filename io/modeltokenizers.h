// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/model/modelconfig.h"

#include <QString>

#include <memory>

namespace AttentionLab {

class Tokenizer;

/// A model folder's tokenizers: one, or an encoder-decoder's source and
/// target (Marian's two .spm files; the same one for the others).
struct ModelTokenizers
{
    std::shared_ptr<const Tokenizer> source;
    std::shared_ptr<const Tokenizer> target;
};

/**
 * The tokenizers of the folder \a folder for \a config's family, read from
 * the files its description names: GPT-2's vocab.json and merges.txt (BART's
 * the same, each text between <s> and </s>), BERT's vocab.txt, a
 * tokenizer.json, T5's spiece.model (with tokenizer_config.json's extra_ids,
 * 100 when it gives none), or Marian's source.spm and target.spm with
 * vocab.json (target_vocab.json for the target where vocabularies are
 * separate). Throws ReadError with one line naming the file: missing,
 * malformed, or with more tokens than the embeddings have rows.
 */
ModelTokenizers openModelTokenizers(const QString &folder, const ModelConfig &config);

} // namespace AttentionLab
