// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// SmolLM3 (transformers' modeling_smollm3.py): Llama's block and tensors,
// with the rotary switched off in the layers no_rope_layers marks 0 (by
// default every no_rope_layer_interval-th, 4): NoPE layers, whose scores do
// not depend on the tokens' order at all. A sliding window only with
// use_sliding_window, in those layers. The output is tied by default.

#include "core/model/familydescription.h"

namespace AttentionLab {

const FamilyDescription &smollm3Family()
{
    static const FamilyDescription description = [] {
        FamilyDescription f = llamaFamily();
        f.family = ModelFamily::SmolLM3;
        f.modelType = "smollm3";
        f.displayName = "SmolLM3";
        f.knownAs = {"SmolLM3"};
        f.keys.slidingWindow = "sliding_window";
        f.keys.useSlidingWindow = "use_sliding_window";
        f.keys.noRopeLayers = "no_rope_layers";
        f.keys.noRopeInterval = "no_rope_layer_interval";
        f.keys.layerTypes = "layer_types";
        f.layerPattern = LayerPattern::NoRopeLayers;
        f.tiedOutput = true;
        return f;
    }();
    return description;
}

} // namespace AttentionLab
