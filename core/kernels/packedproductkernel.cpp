// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// The float product of the forward pass, GotoBLAS/BLIS-style: the left
// operand (the weights) is packed a panel of kPanel rows by kDepthBlock
// depths at a time, each depth's kPanel values contiguous (row-major weights
// transposed in registers), widened from bfloat16 on the way when the file
// holds bfloat16, so that no float32 copy of a layer is ever made; a
// register-blocked micro-kernel multiplies the panel by kColumns columns of
// the right operand (the activations) at a time, read in place: a token's
// column is contiguous, and the block of columns stays in L2 for all the
// panels.

#include "core/kernels/kernelvariant.h"
#include "core/kernels/registertranspose.h"

#include <immintrin.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <utility>
#include <vector>

namespace AttentionLab::ATTENTIONLAB_KERNEL_NAMESPACE {

namespace {

// The register blocking of this instruction set: a panel of kPanelVectors
// vectors of kWidth rows by kColumns columns of accumulators.
#if defined(__AVX512F__)
using Vec = __m512;
constexpr int kWidth = 16;
constexpr int kPanelVectors = 2;
constexpr int kColumns = 12;
inline Vec zero()
{
    return _mm512_setzero_ps();
}
inline Vec load(const float *p)
{
    return _mm512_loadu_ps(p);
}
inline void store(float *p, Vec v)
{
    _mm512_storeu_ps(p, v);
}
inline Vec broadcast(float x)
{
    return _mm512_set1_ps(x);
}
inline Vec multiplyAdd(Vec a, Vec b, Vec c)
{
    return _mm512_fmadd_ps(a, b, c);
}
inline Vec multiply(Vec a, Vec b)
{
    return _mm512_mul_ps(a, b);
}
inline Vec add(Vec a, Vec b)
{
    return _mm512_add_ps(a, b);
}
inline Vec widenBFloat16(const std::uint16_t *p)
{
    const __m256i half = _mm256_loadu_si256(reinterpret_cast<const __m256i *>(p));
    return _mm512_castsi512_ps(_mm512_slli_epi32(_mm512_cvtepu16_epi32(half), 16));
}
/// r[i] = column i of the 16 x 16 block whose rows r held.
inline void transpose(Vec *r)
{
    transpose16(r);
}
#elif defined(__AVX2__) && defined(__FMA__)
using Vec = __m256;
constexpr int kWidth = 8;
constexpr int kPanelVectors = 2;
constexpr int kColumns = 6;
inline Vec zero()
{
    return _mm256_setzero_ps();
}
inline Vec load(const float *p)
{
    return _mm256_loadu_ps(p);
}
inline void store(float *p, Vec v)
{
    _mm256_storeu_ps(p, v);
}
inline Vec broadcast(float x)
{
    return _mm256_set1_ps(x);
}
inline Vec multiplyAdd(Vec a, Vec b, Vec c)
{
    return _mm256_fmadd_ps(a, b, c);
}
inline Vec multiply(Vec a, Vec b)
{
    return _mm256_mul_ps(a, b);
}
inline Vec add(Vec a, Vec b)
{
    return _mm256_add_ps(a, b);
}
inline Vec widenBFloat16(const std::uint16_t *p)
{
    const __m128i half = _mm_loadu_si128(reinterpret_cast<const __m128i *>(p));
    return _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_cvtepu16_epi32(half), 16));
}
inline void transpose(Vec *r)
{
    Vec t[8], s[8];
    for (int i = 0; i < 8; i += 2) {
        t[i] = _mm256_unpacklo_ps(r[i], r[i + 1]);
        t[i + 1] = _mm256_unpackhi_ps(r[i], r[i + 1]);
    }
    for (int i = 0; i < 8; i += 4) {
        s[i] = _mm256_shuffle_ps(t[i], t[i + 2], _MM_SHUFFLE(1, 0, 1, 0));
        s[i + 1] = _mm256_shuffle_ps(t[i], t[i + 2], _MM_SHUFFLE(3, 2, 3, 2));
        s[i + 2] = _mm256_shuffle_ps(t[i + 1], t[i + 3], _MM_SHUFFLE(1, 0, 1, 0));
        s[i + 3] = _mm256_shuffle_ps(t[i + 1], t[i + 3], _MM_SHUFFLE(3, 2, 3, 2));
    }
    for (int i = 0; i < 4; ++i) {
        r[i] = _mm256_permute2f128_ps(s[i], s[i + 4], 0x20);
        r[i + 4] = _mm256_permute2f128_ps(s[i], s[i + 4], 0x31);
    }
}
#else
using Vec = __m128;
constexpr int kWidth = 4;
constexpr int kPanelVectors = 2;
constexpr int kColumns = 6;
inline Vec zero()
{
    return _mm_setzero_ps();
}
inline Vec load(const float *p)
{
    return _mm_loadu_ps(p);
}
inline void store(float *p, Vec v)
{
    _mm_storeu_ps(p, v);
}
inline Vec broadcast(float x)
{
    return _mm_set1_ps(x);
}
inline Vec multiplyAdd(Vec a, Vec b, Vec c)
{
    return _mm_add_ps(_mm_mul_ps(a, b), c);
}
inline Vec multiply(Vec a, Vec b)
{
    return _mm_mul_ps(a, b);
}
inline Vec add(Vec a, Vec b)
{
    return _mm_add_ps(a, b);
}
inline Vec widenBFloat16(const std::uint16_t *p)
{
    const __m128i half = _mm_loadl_epi64(reinterpret_cast<const __m128i *>(p));
    return _mm_castsi128_ps(_mm_unpacklo_epi16(_mm_setzero_si128(), half));
}
inline void transpose(Vec *r)
{
    _MM_TRANSPOSE4_PS(r[0], r[1], r[2], r[3]);
}
#endif

constexpr int kPanel = kPanelVectors * kWidth;

/// Most depth of a packed panel: kDepthBlock x kColumns floats of the right
/// operand, 30 KiB, stay in L1 while the micro-kernel runs down the depth,
/// and the panel (kPanel x kDepthBlock floats, 80 KiB) in L2 while it passes
/// over the columns. SmolLM2's 576 is one block.
constexpr std::ptrdiff_t kDepthBlock = 640;
/// Columns of the right operand per pass over the panels: kDepthBlock x
/// kColumnBlock floats, under 1 MiB, stay in L2 for all the panels.
constexpr std::ptrdiff_t kColumnBlock = 384;

/// The left operand: element (i, k) of f32 or of bf16 at i * ld + k when
/// rowMajor, else at k * ld + i.
struct Left
{
    const float *f32 = nullptr;
    const std::uint16_t *bf16 = nullptr;
    std::ptrdiff_t ld = 0;
    bool rowMajor = false;
};

inline float leftValue(const Left &a, std::ptrdiff_t i, std::ptrdiff_t k)
{
    const std::ptrdiff_t at = a.rowMajor ? i * a.ld + k : k * a.ld + i;
    if (a.f32)
        return a.f32[at];
    const std::uint32_t bits = std::uint32_t(a.bf16[at]) << 16;
    float value;
    std::memcpy(&value, &bits, sizeof value);
    return value;
}

inline Vec leftRow(const Left &a, std::ptrdiff_t i, std::ptrdiff_t k)
{
    return a.f32 ? load(a.f32 + i * a.ld + k) : widenBFloat16(a.bf16 + i * a.ld + k);
}

/// Rows [row, row + rows) and depths [depth, depth + depths) of \a a into one
/// panel: dst[k * kPanel + i], the rows past \a rows zero.
void packPanel(const Left &a, std::ptrdiff_t row, std::ptrdiff_t rows, std::ptrdiff_t depth,
               std::ptrdiff_t depths, float *dst)
{
    if (!a.rowMajor && a.f32) {
        // Each depth's rows are contiguous already: copied a vector at a time
        // (a call of memcpy for 128 bytes cost more than the copy).
        for (std::ptrdiff_t k = 0; k < depths; ++k) {
            float *to = dst + k * kPanel;
            const float *from = a.f32 + (depth + k) * a.ld + row;
            if (rows == kPanel) {
                for (int v = 0; v < kPanelVectors; ++v)
                    store(to + v * kWidth, load(from + v * kWidth));
                continue;
            }
            std::copy(from, from + rows, to);
            std::fill(to + rows, to + kPanel, 0.0f);
        }
        return;
    }
    if (!a.rowMajor) {
        for (std::ptrdiff_t k = 0; k < depths; ++k)
            for (std::ptrdiff_t i = 0; i < kPanel; ++i)
                dst[k * kPanel + i] = i < rows ? leftValue(a, row + i, depth + k) : 0.0f;
        return;
    }
    // Row-major: kWidth x kWidth blocks transposed in registers.
    const std::ptrdiff_t whole = depths / kWidth * kWidth;
    for (int g = 0; g < kPanelVectors; ++g) {
        const std::ptrdiff_t first = std::ptrdiff_t(g) * kWidth;
        for (std::ptrdiff_t k = 0; k < whole; k += kWidth) {
            Vec r[kWidth];
            for (int t = 0; t < kWidth; ++t)
                r[t] = first + t < rows ? leftRow(a, row + first + t, depth + k) : zero();
            transpose(r);
            for (int t = 0; t < kWidth; ++t)
                store(dst + (k + t) * kPanel + first, r[t]);
        }
    }
    for (std::ptrdiff_t k = whole; k < depths; ++k)
        for (std::ptrdiff_t i = 0; i < kPanel; ++i)
            dst[k * kPanel + i] = i < rows ? leftValue(a, row + i, depth + k) : 0.0f;
}

/// out (rows x Columns, leading dimension ldOut) = alpha P B, or += when
/// \a accumulate, for one packed panel P (depths x kPanel) and the Columns
/// columns of B (leading dimension ldB) from \a b.
template <int Columns>
void microKernel(std::ptrdiff_t depths, const float *panel, const float *b, std::ptrdiff_t ldB,
                 float *out, std::ptrdiff_t ldOut, std::ptrdiff_t rows, float alpha,
                 bool accumulate)
{
    Vec acc[kPanelVectors][Columns];
#pragma GCC unroll 32
    for (int j = 0; j < Columns; ++j)
#pragma GCC unroll 4
        for (int v = 0; v < kPanelVectors; ++v)
            acc[v][j] = zero();
    const float *column[Columns];
#pragma GCC unroll 32
    for (int j = 0; j < Columns; ++j)
        column[j] = b + j * ldB;
    for (std::ptrdiff_t k = 0; k < depths; ++k) {
        Vec a[kPanelVectors];
#pragma GCC unroll 4
        for (int v = 0; v < kPanelVectors; ++v)
            a[v] = load(panel + k * kPanel + v * kWidth);
#pragma GCC unroll 32
        for (int j = 0; j < Columns; ++j) {
            const Vec bj = broadcast(column[j][k]);
#pragma GCC unroll 4
            for (int v = 0; v < kPanelVectors; ++v)
                acc[v][j] = multiplyAdd(a[v], bj, acc[v][j]);
        }
    }
    const Vec scale = broadcast(alpha);
    if (rows == kPanel) {
#pragma GCC unroll 32
        for (int j = 0; j < Columns; ++j)
#pragma GCC unroll 4
            for (int v = 0; v < kPanelVectors; ++v) {
                float *to = out + j * ldOut + v * kWidth;
                const Vec value = multiply(acc[v][j], scale);
                store(to, accumulate ? add(load(to), value) : value);
            }
        return;
    }
    alignas(64) float tile[kPanel];
    for (int j = 0; j < Columns; ++j) {
        for (int v = 0; v < kPanelVectors; ++v)
            store(tile + v * kWidth, multiply(acc[v][j], scale));
        float *to = out + j * ldOut;
        for (std::ptrdiff_t i = 0; i < rows; ++i)
            to[i] = accumulate ? to[i] + tile[i] : tile[i];
    }
}

using MicroKernel = void (*)(std::ptrdiff_t, const float *, const float *, std::ptrdiff_t, float *,
                             std::ptrdiff_t, std::ptrdiff_t, float, bool);

template <std::size_t... Columns>
constexpr std::array<MicroKernel, sizeof...(Columns)> microKernels(std::index_sequence<Columns...>)
{
    return {microKernel<int(Columns) + 1>...};
}

/// microKernel<c + 1> at index c: the last columns of a product that
/// kColumns does not divide.
constexpr auto kMicroKernels = microKernels(std::make_index_sequence<kColumns>());

void packedProduct(std::ptrdiff_t rows, std::ptrdiff_t cols, std::ptrdiff_t depth, const Left &a,
                   const float *b, std::ptrdiff_t ldB, float *out, std::ptrdiff_t ldOut,
                   float alpha)
{
    if (rows <= 0 || cols <= 0)
        return;
    if (depth <= 0) {
        for (std::ptrdiff_t j = 0; j < cols; ++j)
            std::fill(out + j * ldOut, out + j * ldOut + rows, 0.0f);
        return;
    }
    // Depth blocks of equal size, a multiple of the transposes' 16.
    const std::ptrdiff_t depthBlocks = (depth + kDepthBlock - 1) / kDepthBlock;
    const std::ptrdiff_t kc = ((depth + depthBlocks - 1) / depthBlocks + 15) / 16 * 16;
    thread_local std::vector<float> packed;
    const std::ptrdiff_t blockDepth = std::min(kc, depth);
    if (packed.size() < size_t(kPanel * blockDepth))
        packed.resize(size_t(kPanel * blockDepth));
    const std::ptrdiff_t panels = (rows + kPanel - 1) / kPanel;
    for (std::ptrdiff_t j0 = 0; j0 < cols; j0 += kColumnBlock) {
        const std::ptrdiff_t blockCols = std::min(kColumnBlock, cols - j0);
        const std::ptrdiff_t tiles = (blockCols + kColumns - 1) / kColumns;
        for (std::ptrdiff_t k0 = 0; k0 < depth; k0 += kc) {
            const std::ptrdiff_t depths = std::min(kc, depth - k0);
            for (std::ptrdiff_t p = 0; p < panels; ++p) {
                const std::ptrdiff_t row = p * kPanel;
                const std::ptrdiff_t panelRows = std::min<std::ptrdiff_t>(kPanel, rows - row);
                float *panel = packed.data();
                packPanel(a, row, panelRows, k0, depths, panel);
                for (std::ptrdiff_t t = 0; t < tiles; ++t) {
                    const std::ptrdiff_t column = j0 + t * kColumns;
                    const std::ptrdiff_t columns =
                        std::min<std::ptrdiff_t>(kColumns, j0 + blockCols - column);
                    kMicroKernels[size_t(columns - 1)](depths, panel, b + column * ldB + k0, ldB,
                                                       out + column * ldOut + row, ldOut, panelRows,
                                                       alpha, k0 > 0);
                }
            }
        }
    }
}

} // namespace

void packedProductKernel(std::ptrdiff_t rows, std::ptrdiff_t cols, std::ptrdiff_t depth,
                         const float *l, std::ptrdiff_t ldL, bool lRowMajor, const float *r,
                         std::ptrdiff_t ldR, float *out, std::ptrdiff_t ldOut, float alpha)
{
    Left a;
    a.f32 = l;
    a.ld = ldL;
    a.rowMajor = lRowMajor;
    packedProduct(rows, cols, depth, a, r, ldR, out, ldOut, alpha);
}

void packedProductBFloat16Kernel(std::ptrdiff_t rows, std::ptrdiff_t cols, std::ptrdiff_t depth,
                                 const std::uint16_t *l, std::ptrdiff_t ldL, const float *r,
                                 std::ptrdiff_t ldR, float *out, std::ptrdiff_t ldOut)
{
    Left a;
    a.bf16 = l;
    a.ld = ldL;
    a.rowMajor = true;
    packedProduct(rows, cols, depth, a, r, ldR, out, ldOut, 1.0f);
}

} // namespace AttentionLab::ATTENTIONLAB_KERNEL_NAMESPACE
