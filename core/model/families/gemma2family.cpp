// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// Gemma 2 (transformers' modeling_gemma2.py): Llama's tensor names and
// grouped-query attention, with an RMSNorm that scales by (1 + w), the
// embeddings times sqrt(hidden_size), sandwich norms (each sublayer's output
// normed again: post_attention_layernorm, post_feedforward_layernorm), a
// GeGLU MLP with the tanh GELU (hidden_activation), scores scaled by
// query_pre_attn_scalar^-0.5 and soft-capped (attn_logit_softcapping), the
// logits soft-capped (final_logit_softcapping), and even layers local
// (sliding_window), odd ones global. The output is tied.

#include "core/model/familydescription.h"

namespace AttentionLab {

const FamilyDescription &gemma2Family()
{
    static const FamilyDescription description = [] {
        FamilyDescription f = llamaFamily();
        f.family = ModelFamily::Gemma2;
        f.modelType = "gemma2";
        f.displayName = "Gemma 2";
        f.knownAs = {"Gemma 2"};
        ConfigKeys &k = f.keys;
        k.activation = "hidden_activation";
        k.rotaryFraction.clear();
        k.slidingWindow = "sliding_window";
        k.layerTypes = "layer_types";
        k.queryScale = "query_pre_attn_scalar";
        k.attentionSoftCap = "attn_logit_softcapping";
        k.logitSoftCap = "final_logit_softcapping";
        f.normPlacement = NormPlacement::Sandwich;
        f.normWeightOffset = 1.0f;
        f.embeddingsScaledByWidth = true;
        f.layerPattern = LayerPattern::AlternatingWindows;
        f.tiedOutput = true;
        TensorNames &t = f.tensors;
        t.attentionOutputNorm = "layers.%1.post_attention_layernorm";
        t.feedForwardNorm = "layers.%1.pre_feedforward_layernorm";
        t.feedForwardOutputNorm = "layers.%1.post_feedforward_layernorm";
        return f;
    }();
    return description;
}

} // namespace AttentionLab
