// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/modelrun.h"
#include "core/session.h"

namespace AttentionLab {

/**
 * Takes head \a head of layer \a layer of a model's run into the lab: a
 * session whose tokens are the model's (labelled as the Model tab labels
 * them, displayToken), whose queries, keys and values are that head's q, k
 * and v rows, with d_k the head size, scaling on, temperature 1, and the mask
 * the model used: causal for GPT-2, none for BERT. Attended as it is, its
 * weights are the model's attention for that head (float32 rounding aside).
 * Throws std::out_of_range for a layer or head the run does not have.
 */
Session headSession(const ModelRun &run, int layer, int head);

} // namespace AttentionLab
