// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

// The registry of model families, as llama.cpp's src/llama-arch.cpp keeps
// its architectures: one line per family, FAMILY(identity, description),
// where identity becomes a value of ModelFamily (core/model/modelconfig.h) and
// description names the function of core/model/families/ that returns the
// family's FamilyDescription (its model_type names, display name, keys,
// block and tensors). Everything that lists the families (the enum, the
// declarations, familyDescription(), modelFamilies(), familyNames(), the
// "unsupported model_type" message, --help) is made from this one list, in
// its order, which is the order messages name the families in.
//
// A family that is only data adds its file in core/model/families/ and one line
// here; docs/development/adding-a-family.md says what else, if anything.
#define ATTENTIONLAB_MODEL_FAMILIES(FAMILY)                                                        \
    FAMILY(Gpt2, gpt2Family)                                                                       \
    FAMILY(Bert, bertFamily)                                                                       \
    FAMILY(Llama, llamaFamily)                                                                     \
    FAMILY(Mistral, mistralFamily)                                                                 \
    FAMILY(Qwen2, qwen2Family)                                                                     \
    FAMILY(Qwen3, qwen3Family)                                                                     \
    FAMILY(GptNeox, gptNeoxFamily)                                                                 \
    FAMILY(Gemma2, gemma2Family)                                                                   \
    FAMILY(Gemma3Text, gemma3TextFamily)                                                           \
    FAMILY(Gemma3, gemma3Family)                                                                   \
    FAMILY(Phi3, phi3Family)                                                                       \
    FAMILY(SmolLM3, smollm3Family)                                                                 \
    FAMILY(T5, t5Family)                                                                           \
    FAMILY(Bart, bartFamily)                                                                       \
    FAMILY(MBart, mbartFamily)                                                                     \
    FAMILY(Marian, marianFamily)
