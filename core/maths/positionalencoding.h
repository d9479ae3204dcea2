// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/support/types.h"

namespace AttentionLab {

/**
 * Eq. 16.4: PE(pos, 2i) = sin(pos / 10000^(2i/D)),
 * PE(pos, 2i+1) = cos(pos / 10000^(2i/D)), for pos = 0..positions-1.
 * Returns positions x D. Throws std::invalid_argument for sizes < 1.
 */
Matrix sinusoidalEncoding(Index positions, Index modelDim);

/**
 * The same angles with the sines in the first half of the row and the
 * cosines in the second, as Marian (and Whisper) lay them out:
 * PE(pos, i) = sin(pos / 10000^(2i/D)), PE(pos, D/2 + i) = cos(the same), for
 * i < D/2 (transformers' MarianSinusoidalPositionalEmbedding, computed in
 * double and rounded to float). Writes the D values of \a position's row
 * into \a row; \a modelDim is even.
 */
void splitSinusoidRow(Index position, Index modelDim, float *row);

} // namespace AttentionLab
