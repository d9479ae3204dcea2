// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

// The 16 x 16 transpose of 32-bit values held in sixteen AVX-512 registers,
// shared by the packed product (core/kernels/packedproductkernel.cpp) and the
// tile product (core/kernels/tileproductkernel.cpp). Included only by the
// sources compiled once per instruction set, inside their namespace.

#include "core/kernels/kernelvariant.h"

#if defined(__AVX512F__)
#include <immintrin.h>

namespace AttentionLab::ATTENTIONLAB_KERNEL_NAMESPACE {

/// r[i] = column i of the 16 x 16 block whose rows r held.
inline void transpose16(__m512 *r)
{
    __m512 t[16];
    for (int i = 0; i < 16; i += 2) {
        t[i] = _mm512_unpacklo_ps(r[i], r[i + 1]);
        t[i + 1] = _mm512_unpackhi_ps(r[i], r[i + 1]);
    }
    for (int i = 0; i < 16; i += 4) {
        r[i] = _mm512_shuffle_ps(t[i], t[i + 2], _MM_SHUFFLE(1, 0, 1, 0));
        r[i + 1] = _mm512_shuffle_ps(t[i], t[i + 2], _MM_SHUFFLE(3, 2, 3, 2));
        r[i + 2] = _mm512_shuffle_ps(t[i + 1], t[i + 3], _MM_SHUFFLE(1, 0, 1, 0));
        r[i + 3] = _mm512_shuffle_ps(t[i + 1], t[i + 3], _MM_SHUFFLE(3, 2, 3, 2));
    }
    // Within each 128-bit lane the 4 x 4 blocks are transposed; the lanes
    // are exchanged between the four groups of rows next.
    for (int i = 0; i < 16; i += 8)
        for (int j = 0; j < 4; ++j) {
            t[i + j] = _mm512_shuffle_f32x4(r[i + j], r[i + j + 4], 0x88);
            t[i + j + 4] = _mm512_shuffle_f32x4(r[i + j], r[i + j + 4], 0xdd);
        }
    for (int j = 0; j < 8; ++j) {
        r[j] = _mm512_shuffle_f32x4(t[j], t[j + 8], 0x88);
        r[j + 8] = _mm512_shuffle_f32x4(t[j], t[j + 8], 0xdd);
    }
}

} // namespace AttentionLab::ATTENTIONLAB_KERNEL_NAMESPACE
#endif
