// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// Qwen2 and Qwen2.5 (transformers' modeling_qwen2.py): Llama's block and
// tensor names, with biases on q, k and v (none on o_proj or the MLP).

#include "core/model/familydescription.h"

namespace AttentionLab {

const FamilyDescription &qwen2Family()
{
    static const FamilyDescription description = [] {
        FamilyDescription f = llamaFamily();
        f.family = ModelFamily::Qwen2;
        f.modelType = "qwen2";
        f.displayName = "Qwen2";
        f.knownAs.clear();
        // Qwen2Attention: q/k/v with bias=True, o_proj without; no key for either.
        f.keys.attentionBias.clear();
        f.keys.feedForwardBias.clear();
        f.queryKeyValueBias = true;
        f.outputBias = false;
        return f;
    }();
    return description;
}

} // namespace AttentionLab
