// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/sets/attentionaggregates.h"
#include "core/sets/attentiontensor.h"

#include <string>

namespace AttentionLab {

/**
 * Attention rollout carried through an encoder-decoder's cross-attention to
 * the source, Abnar and Zuidema's product extended to two stacks in the
 * manner of Chefer et al. 2021: each sublayer keeps half of what it read
 * (its residual) and takes half from where it attends. With R_E the
 * encoder's rollout (S x S), D (T x T) and X (T x S) the shares of each
 * target token's state that come from the decoder's tokens and from the
 * source, D = I and X = 0 before the first decoder layer, then at each
 * decoder layer l, with A_l the head average of its self-attention and C_l
 * of its cross-attention:
 *
 *   D <- (0.5 A_l + 0.5 I) D,   X <- (0.5 A_l + 0.5 I) X     (self-attention)
 *   X <- 0.5 X + 0.5 C_l R_E,   D <- 0.5 D                   (cross-attention)
 *
 * X's row t is how much of target token t's state comes from each source
 * token through the encoder's own mixing; it sums to 1 - 2^-L, the rest
 * being the decoder's own tokens'. Returns X with each row divided by its
 * sum: of what target token t took from the source, each source token's
 * share, so that a row reads as an attention row does. Needs the three sets of one run
 * (the decoder's and the cross-attention's layers and heads alike); throws
 * std::invalid_argument with crossRolloutRefusal() when they do not fit or
 * the products pass the rollout's limits.
 */
FloatMatrix crossRollout(const AttentionTensor &encoder, const AttentionTensor &decoder,
                         const AttentionTensor &cross);

/// Why crossRollout() refuses these sets, as one line; empty when it does not.
std::string crossRolloutRefusal(const AttentionTensor &encoder, const AttentionTensor &decoder,
                                const AttentionTensor &cross);

} // namespace AttentionLab
