// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// mBART (transformers' modeling_mbart.py): BART's stacks with pre-norm
// blocks and a final LayerNorm after each stack (encoder.layer_norm,
// decoder.layer_norm); its tokenizer is a SentencePiece Unigram with
// language codes (tokenization_mbart.py), read from its tokenizer.json.

#include "core/model/families/bartstacks.h"

namespace AttentionLab {

const FamilyDescription &mbartFamily()
{
    static const FamilyDescription description = [] {
        FamilyDescription f = bartStyleFamily();
        f.family = ModelFamily::MBart;
        f.modelType = "mbart";
        f.displayName = "mBART";
        f.normPlacement = NormPlacement::BeforeSublayer;
        f.tensors.finalNorm = "encoder.layer_norm";
        f.decoderTensors.finalNorm = "decoder.layer_norm";
        f.tokenizer = TokenizerKind::MBartJson;
        return f;
    }();
    return description;
}

} // namespace AttentionLab
