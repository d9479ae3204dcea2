// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// Mistral (transformers' modeling_mistral.py): Llama's block and tensor
// names, with a sliding window (config.json's sliding_window, null for none):
// query i sees key j only when i - window < j <= i.

#include "core/model/familydescription.h"

namespace AttentionLab {

const FamilyDescription &mistralFamily()
{
    static const FamilyDescription description = [] {
        FamilyDescription f = llamaFamily();
        f.family = ModelFamily::Mistral;
        f.modelType = "mistral";
        f.displayName = "Mistral";
        f.knownAs.clear();
        f.keys.slidingWindow = "sliding_window";
        // MistralAttention and MistralMLP have no bias settings.
        f.keys.attentionBias.clear();
        f.keys.feedForwardBias.clear();
        return f;
    }();
    return description;
}

} // namespace AttentionLab
