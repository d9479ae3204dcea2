// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// Marian (transformers' modeling_marian.py; the opus-mt translation
// models): BART's post-norm stacks with Eq. 16.4's sinusoids added, sines
// and cosines in two halves and computed rather than stored, the embeddings
// times sqrt(d_model), no embedding LayerNorm, SiLU ("swish"), and
// vocabularies shared or separate (decoder_vocab_size); source.spm and
// target.spm cut the text, vocab.json gives the ids.

#include "core/model/families/bartstacks.h"

namespace AttentionLab {

const FamilyDescription &marianFamily()
{
    static const FamilyDescription description = [] {
        FamilyDescription f = bartStyleFamily();
        f.family = ModelFamily::Marian;
        f.modelType = "marian";
        f.displayName = "Marian";
        f.knownAs = {"Marian", "opus-mt"};
        f.keys.decoderVocabulary = "decoder_vocab_size";
        f.positions = PositionKind::SplitSinusoid;
        f.positionOffset = 0;
        f.tokenizer = TokenizerKind::MarianFiles;
        for (TensorNames *t : {&f.tensors, &f.decoderTensors}) {
            t->positionEmbeddings.clear();
            t->embeddingNorm.clear();
        }
        // The sinusoids' table, when a file keeps it, is computed instead.
        f.tensors.ignoredEndings = {"embed_positions.weight"};
        return f;
    }();
    return description;
}

} // namespace AttentionLab
