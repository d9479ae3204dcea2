// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// BART (transformers' modeling_bart.py): learned positions read from row
// position + 2, layernorm_embedding, post-norm blocks, the erf GELU,
// final_logits_bias and the output tied to the shared embeddings; GPT-2's
// byte-level BPE with each text between <s> and </s>.

#include "core/model/families/bartstacks.h"

namespace AttentionLab {

const FamilyDescription &bartFamily()
{
    static const FamilyDescription description = [] {
        FamilyDescription f = bartStyleFamily();
        f.family = ModelFamily::Bart;
        f.modelType = "bart";
        f.displayName = "BART";
        return f;
    }();
    return description;
}

} // namespace AttentionLab
