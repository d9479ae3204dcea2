// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/model/familydescription.h"

namespace AttentionLab {

/// What BART, mBART and Marian share (transformers' modeling_bart.py and the
/// files copied from it): config.json's encoder_* and decoder_* keys, the
/// tensors under "model." of two stacks of nn.Linear blocks with biases and
/// LayerNorms, the decoder's encoder_attn, final_logits_bias and lm_head,
/// post-norm. Each family's file changes what is its own.
FamilyDescription bartStyleFamily();

} // namespace AttentionLab
