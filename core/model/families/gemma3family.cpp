// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// A multimodal Gemma 3 folder (transformers' Gemma3ForConditionalGeneration:
// gemma-3-4b and larger): config.json's model_type "gemma3" holds the text
// model's keys in its text_config, and the weights file holds it under
// language_model.model. beside the vision tower, which the text's pass does
// not read. The text model is Gemma 3's (gemma3TextFamily()).

#include "core/model/familydescription.h"

namespace AttentionLab {

const FamilyDescription &gemma3Family()
{
    static const FamilyDescription description = [] {
        FamilyDescription f = gemma3TextFamily();
        f.family = ModelFamily::Gemma3;
        f.modelType = "gemma3";
        f.displayName = "Gemma 3 (multimodal)";
        f.knownAs.clear();
        f.configSection = "text_config";
        f.tensors.prefix = "language_model.model.";
        f.tensors.ignoredBeginnings = {"vision_tower.", "multi_modal_projector.",
                                       "language_model.lm_head."};
        return f;
    }();
    return description;
}

} // namespace AttentionLab
