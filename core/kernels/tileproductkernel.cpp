// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// The product of a bfloat16 weight matrix and float32 activations on the
// processor's tile unit (Intel AMX-BF16), as exact as the float32 product.
//
// A tile instruction multiplies bfloat16 values only, so each activation x
// is split into three bfloat16 parts whose sum is x exactly: hi, its upper
// 16 bits (8 significant bits), mid, the upper 16 bits of x - hi (its next
// 8 significant bits), and lo = x - hi - mid (at most 8 more: float32 has
// 24). Truncation, not rounding, makes each part exact, and a bfloat16 weight
// times a bfloat16 part is exact in float32, so W x = W hi + W mid + W lo
// loses nothing but the float32 rounding of the sums, as the float product
// does (the tile unit accumulates in float32). One difference: the tile unit
// takes values below float32's smallest normal (2^-126) as zero, so a part
// that small is dropped (an activation below about 2^-102 keeps 16 of its
// bits, one below 2^-126 none), where the vector unit keeps subnormals. Three tile products still
// cost far less than one float32 product on the vector unit, and no float32 copy of the weights is
// made.
//
// The weights are the left tiles, 16 rows of 32 depths, copied from the
// row-major matrix a panel at a time into whole 1 KiB tiles; the activations
// are packed into the right tiles' pair layout (row r holds depths 2r and
// 2r + 1 of 16 tokens); a result tile is 16 rows by 16 tokens, transposed
// into the d x n column-major output. Blocking: a chunk of kTokenChunk tokens
// is packed at a time, shared by the threads, which split the rows; each
// thread takes kPanelRows rows at a time over every slice of kDepthSlice
// depth tiles, the panel's weights in L2 while every pair of token blocks
// passes, with 2 x 2 result tiles in the registers and the next panel's
// weights prefetched meanwhile.

#include "core/kernels/kernelvariant.h"
#include "core/kernels/registertranspose.h"
#include "core/support/threadpool.h"

#include <immintrin.h>

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <new>

// GCC names the features __AMX_TILE__ and __AMX_BF16__, clang __AMXTILE__
// and __AMXBF16__.
#if !(defined(__AMX_BF16__) || defined(__AMXBF16__)) ||                                            \
    !(defined(__AMX_TILE__) || defined(__AMXTILE__)) || !defined(__AVX512BF16__)
#error "tileproductkernel.cpp is compiled only for the AMX set (core/CMakeLists.txt)"
#endif

namespace AttentionLab::ATTENTIONLAB_KERNEL_NAMESPACE {

namespace {

constexpr int kTileRows = 16;      ///< rows of a weight tile, tokens of a token tile
constexpr int kTileDepth = 32;     ///< depths of a tile: 16 pairs of bfloat16
constexpr int kTileValues = 512;   ///< bfloat16 values (1 KiB) in a tile
constexpr int kResultValues = 256; ///< float32 values (1 KiB) in a result tile
constexpr int kParts = 3;          ///< hi, mid and lo
constexpr std::ptrdiff_t kTokenChunk = 256;
constexpr std::ptrdiff_t kDepthSlice = 32; ///< in tiles of depth: 1,024 depths
constexpr std::ptrdiff_t kPanelRows = 128;

/// Frees what std::aligned_alloc gave.
struct FreeDeleter
{
    void operator()(void *p) const { std::free(p); }
};
template <typename T> using AlignedArray = std::unique_ptr<T[], FreeDeleter>;
/// 64-byte aligned storage for \a count values (at least one), uninitialised.
template <typename T> AlignedArray<T> alignedArray(std::ptrdiff_t count)
{
    const size_t bytes = (size_t(std::max<std::ptrdiff_t>(count, 1)) * sizeof(T) + 63) / 64 * 64;
    T *p = static_cast<T *>(std::aligned_alloc(64, bytes));
    if (!p)
        throw std::bad_alloc();
    return AlignedArray<T>(p);
}

/// GCC 12's tile loads and products are assembly that names no memory: this
/// fence keeps the compiler's own loads and stores on their side of them.
inline void memoryFence()
{
    asm volatile("" ::: "memory");
}

/// The palette-1 configuration: all eight tiles 16 rows of 64 bytes.
/// Tiles 0 to 3 hold results, 4 and 5 weights, 6 and 7 activations.
struct TileConfig
{
    std::uint8_t palette;
    std::uint8_t startRow;
    std::uint8_t reserved[14];
    std::uint16_t bytesPerRow[16];
    std::uint8_t rows[16];
};

/// A constant in memory: GCC's _tile_loadconfig names only its first bytes.
alignas(64) constexpr TileConfig kTileConfig = {
    1, 0, {}, {64, 64, 64, 64, 64, 64, 64, 64}, {16, 16, 16, 16, 16, 16, 16, 16}};

/// Loads the configuration into this thread's tile registers for as long as
/// it lives, and releases them after, so that the thread's saved state stays
/// small when it next sleeps.
class TileScope
{
public:
    TileScope()
    {
        memoryFence();
        _tile_loadconfig(&kTileConfig);
    }
    ~TileScope() { _tile_release(); }
    TileScope(const TileScope &) = delete;
    TileScope &operator=(const TileScope &) = delete;
};

/// The activations of one chunk of tokens as right tiles: the tile of token
/// block b, depth tile k and part p at ((b * depthTiles + k) * kParts + p) *
/// kTileValues; tokens past the chunk and depths past the end are zeros.
struct PackedTokens
{
    AlignedArray<std::uint16_t> tiles;
    std::ptrdiff_t depthTiles = 0;
    std::uint16_t *tile(std::ptrdiff_t block, std::ptrdiff_t k) const
    {
        return tiles.get() + (block * depthTiles + k) * kParts * kTileValues;
    }
};

/// Sixteen activations as three bfloat16 parts, each in a float32 whose
/// lower 16 bits are zero.
struct ExactParts
{
    __m512 hi, mid, lo;
};

/// x = hi + mid + lo exactly: hi is x's upper 16 bits, mid the upper 16 bits
/// of x - hi (exact, as is mid's remainder lo). An infinity or a NaN is its
/// own hi, with zero parts after it, so that it reaches the sums as it is
/// (x - hi would be a NaN for an infinity).
inline ExactParts split(__m512 x)
{
    const __m512i upper = _mm512_set1_epi32(int(0xffff0000u));
    auto truncate = [&](__m512 v) {
        return _mm512_castsi512_ps(_mm512_and_si512(_mm512_castps_si512(v), upper));
    };
    // Quiet and signalling NaNs, and both infinities.
    const __mmask16 finite = __mmask16(~_mm512_fpclass_ps_mask(x, 0x99));
    const __m512 hi = _mm512_mask_mov_ps(x, finite, truncate(x));
    const __m512 rest = _mm512_maskz_sub_ps(finite, x, hi);
    const __m512 mid = truncate(rest);
    return {hi, mid, _mm512_sub_ps(rest, mid)};
}

/// Packs token blocks [firstBlock, lastBlock) of the \a tokens columns of x.
void packTokens(const float *x, std::ptrdiff_t ldX, std::ptrdiff_t tokens, std::ptrdiff_t depth,
                std::ptrdiff_t firstBlock, std::ptrdiff_t lastBlock, PackedTokens &packed)
{
    for (std::ptrdiff_t b = firstBlock; b < lastBlock; ++b)
        for (std::ptrdiff_t k = 0; k < packed.depthTiles; ++k) {
            const std::ptrdiff_t d0 = k * kTileDepth;
            const std::ptrdiff_t left = std::min<std::ptrdiff_t>(kTileDepth, depth - d0);
            const __mmask16 low = __mmask16(left >= 16 ? 0xffff : (1u << left) - 1);
            const __mmask16 high = __mmask16(left >= 32   ? 0xffff
                                             : left <= 16 ? 0
                                                          : (1u << (left - 16)) - 1);
            // parts[p][t]: token t's 16 depth pairs of part p.
            __m512 parts[kParts][kTileRows];
            for (int t = 0; t < kTileRows; ++t) {
                const std::ptrdiff_t token = b * kTileRows + t;
                __m512 x0 = _mm512_setzero_ps(), x1 = _mm512_setzero_ps();
                if (token < tokens) {
                    const float *column = x + token * ldX + d0;
                    x0 = _mm512_maskz_loadu_ps(low, column);
                    if (high)
                        x1 = _mm512_maskz_loadu_ps(high, column + 16);
                }
                const ExactParts a = split(x0), b = split(x1);
                // Each part is exact in bfloat16, so the conversion is too:
                // 32 depths become 16 pairs, depth 2r low and 2r + 1 high.
                parts[0][t] = _mm512_castsi512_ps((__m512i)_mm512_cvtne2ps_pbh(b.hi, a.hi));
                parts[1][t] = _mm512_castsi512_ps((__m512i)_mm512_cvtne2ps_pbh(b.mid, a.mid));
                parts[2][t] = _mm512_castsi512_ps((__m512i)_mm512_cvtne2ps_pbh(b.lo, a.lo));
            }
            std::uint16_t *tile = packed.tile(b, k);
            for (int p = 0; p < kParts; ++p) {
                // Rows become pairs of depths, columns tokens.
                transpose16(parts[p]);
                for (int r = 0; r < kTileRows; ++r)
                    _mm512_store_ps(tile + p * kTileValues + r * kTileDepth, parts[p][r]);
            }
        }
}

/// Copies rows [first, last) of the weights, depths [d0, d0 + 32 x
/// depthTiles), into whole tiles, 1 KiB each: the tile of depth k of row block
/// b at (b x depthTiles + k) x kTileValues, zeros past the last row and depth.
/// Read in place, a tile's 16 rows would lie a row of the matrix apart, 4 KiB
/// or 8 KiB for most models, and all in one set of L1, which holds 12 lines.
void packWeights(const std::uint16_t *l, std::ptrdiff_t ldL, std::ptrdiff_t first,
                 std::ptrdiff_t last, std::ptrdiff_t d0, std::ptrdiff_t depth,
                 std::ptrdiff_t depthTiles, std::uint16_t *panel)
{
    const std::ptrdiff_t blocks = (last - first + kTileRows - 1) / kTileRows;
    for (std::ptrdiff_t b = 0; b < blocks; ++b)
        for (int i = 0; i < kTileRows; ++i) {
            const std::ptrdiff_t row = first + b * kTileRows + i;
            std::uint16_t *to = panel + b * depthTiles * kTileValues + i * kTileDepth;
            if (row >= last) {
                for (std::ptrdiff_t k = 0; k < depthTiles; ++k)
                    _mm512_store_si512(to + k * kTileValues, _mm512_setzero_si512());
                continue;
            }
            const std::uint16_t *from = l + row * ldL + d0;
            for (std::ptrdiff_t k = 0; k < depthTiles; ++k) {
                const std::ptrdiff_t left = depth - d0 - k * kTileDepth;
                const __mmask32 mask =
                    left >= kTileDepth ? ~__mmask32(0) : (__mmask32(1) << left) - 1;
                _mm512_store_si512(to + k * kTileValues,
                                   _mm512_maskz_loadu_epi16(mask, from + k * kTileDepth));
            }
        }
}

/// Brings the weights of the next panel into L2 while the current one is
/// multiplied, a few cache lines per tile of depth: the tile loads of a
/// panel's first pass would otherwise wait on memory for every row.
class PanelPrefetch
{
public:
    PanelPrefetch() = default;
    PanelPrefetch(const std::uint16_t *first, std::ptrdiff_t ld, std::ptrdiff_t rows,
                  std::ptrdiff_t depths, std::ptrdiff_t steps)
        : m_first(first), m_ld(ld), m_rows(rows), m_linesPerRow((depths + 31) / 32),
          m_perStep(steps > 0 ? (rows * m_linesPerRow + steps - 1) / steps : 0)
    {
    }
    void step()
    {
        for (std::ptrdiff_t i = 0; i < m_perStep && m_row < m_rows; ++i) {
            _mm_prefetch(reinterpret_cast<const char *>(m_first + m_row * m_ld + m_line * 32),
                         _MM_HINT_T1);
            if (++m_line == m_linesPerRow) {
                m_line = 0;
                ++m_row;
            }
        }
    }

private:
    const std::uint16_t *m_first = nullptr;
    std::ptrdiff_t m_ld = 0;
    std::ptrdiff_t m_rows = 0;
    std::ptrdiff_t m_linesPerRow = 1;
    std::ptrdiff_t m_perStep = 0;
    std::ptrdiff_t m_row = 0;
    std::ptrdiff_t m_line = 0;
};

/// One register block of RB x TB result tiles over \a depthTiles tiles of
/// depth: C[i][j] += W's row block i times token block j. The sums
/// start from zero (\a first) or from \a partial, and go back to \a partial.
template <int RB, int TB> struct RegisterBlock
{
    static void run(const std::uint16_t *const *w, const std::uint16_t *const *x,
                    std::ptrdiff_t xStride, std::ptrdiff_t depthTiles, float *const *partial,
                    bool first, PanelPrefetch &prefetch)
    {
        memoryFence();
        if (first) {
            _tile_zero(0);
            if constexpr (TB == 2)
                _tile_zero(1);
            if constexpr (RB == 2)
                _tile_zero(2);
            if constexpr (RB == 2 && TB == 2)
                _tile_zero(3);
        } else {
            _tile_loadd(0, partial[0], 64);
            if constexpr (TB == 2)
                _tile_loadd(1, partial[1], 64);
            if constexpr (RB == 2)
                _tile_loadd(2, partial[2], 64);
            if constexpr (RB == 2 && TB == 2)
                _tile_loadd(3, partial[3], 64);
        }
        for (std::ptrdiff_t k = 0; k < depthTiles; ++k) {
            prefetch.step();
            _tile_loadd(4, w[0] + k * kTileValues, 64);
            if constexpr (RB == 2)
                _tile_loadd(5, w[1] + k * kTileValues, 64);
            for (int p = 0; p < kParts; ++p) {
                const std::ptrdiff_t at = k * xStride + p * kTileValues;
                _tile_loadd(6, x[0] + at, 64);
                if constexpr (TB == 2)
                    _tile_loadd(7, x[1] + at, 64);
                _tile_dpbf16ps(0, 4, 6);
                if constexpr (TB == 2)
                    _tile_dpbf16ps(1, 4, 7);
                if constexpr (RB == 2)
                    _tile_dpbf16ps(2, 5, 6);
                if constexpr (RB == 2 && TB == 2)
                    _tile_dpbf16ps(3, 5, 7);
            }
        }
        _tile_stored(0, partial[0], 64);
        if constexpr (TB == 2)
            _tile_stored(1, partial[1], 64);
        if constexpr (RB == 2)
            _tile_stored(2, partial[2], 64);
        if constexpr (RB == 2 && TB == 2)
            _tile_stored(3, partial[3], 64);
        memoryFence();
    }
};

/// Writes a result tile (16 rows by 16 tokens, row-major) into the
/// column-major output: \a rows of its rows for \a tokens of its tokens.
void storeTransposed(const float *tile, int rows, int tokens, float *out, std::ptrdiff_t ldOut)
{
    __m512 r[kTileRows];
    for (int i = 0; i < kTileRows; ++i)
        r[i] = _mm512_load_ps(tile + i * kTileRows);
    transpose16(r);
    const __mmask16 mask = __mmask16(rows >= 16 ? 0xffff : (1u << rows) - 1);
    for (int t = 0; t < tokens; ++t)
        _mm512_mask_storeu_ps(out + t * ldOut, mask, r[t]);
}

/// out rows [first, last) for the packed chunk of \a tokens tokens: a panel
/// of rows at a time, over every slice of depths, its partial sums kept in a
/// buffer of the panel's own that stays in L2.
void productRows(std::ptrdiff_t first, std::ptrdiff_t last, std::ptrdiff_t depth,
                 const std::uint16_t *l, std::ptrdiff_t ldL, const PackedTokens &packed,
                 std::ptrdiff_t tokens, float *out, std::ptrdiff_t ldOut)
{
    const TileScope scope;
    constexpr std::ptrdiff_t kPanelBlocks = kPanelRows / kTileRows;
    const std::ptrdiff_t rowBlocks = (last - first + kTileRows - 1) / kTileRows;
    const std::ptrdiff_t tokenBlocks = (tokens + kTileRows - 1) / kTileRows;
    const std::ptrdiff_t slices = (packed.depthTiles + kDepthSlice - 1) / kDepthSlice;
    const std::ptrdiff_t xStride = kParts * kTileValues;
    const AlignedArray<float> partialSums =
        alignedArray<float>(kPanelBlocks * tokenBlocks * kResultValues);
    auto partialTile = [&](std::ptrdiff_t block, std::ptrdiff_t tokenBlock) {
        return partialSums.get() + (block * tokenBlocks + tokenBlock) * kResultValues;
    };
    const AlignedArray<std::uint16_t> panel =
        alignedArray<std::uint16_t>(kPanelBlocks * kDepthSlice * kTileValues);
    for (std::ptrdiff_t p0 = 0; p0 < rowBlocks; p0 += kPanelBlocks) {
        const std::ptrdiff_t panelBlocks = std::min(kPanelBlocks, rowBlocks - p0);
        const std::ptrdiff_t panelFirst = first + p0 * kTileRows;
        const std::ptrdiff_t panelLast = std::min(last, panelFirst + kPanelRows);
        for (std::ptrdiff_t s = 0; s < slices; ++s) {
            const std::ptrdiff_t k0 = s * kDepthSlice;
            const std::ptrdiff_t depthTiles = std::min(kDepthSlice, packed.depthTiles - k0);
            // What comes next from memory: this panel's next slice, or the
            // next panel's first.
            PanelPrefetch prefetch;
            {
                const bool sameRows = s + 1 < slices;
                const std::ptrdiff_t row = sameRows ? panelFirst : panelLast;
                const std::ptrdiff_t d0 = sameRows ? (s + 1) * kDepthSlice * kTileDepth : 0;
                if (row < last) {
                    const std::ptrdiff_t steps =
                        (tokenBlocks + 1) / 2 * ((panelBlocks + 1) / 2) * depthTiles;
                    prefetch =
                        PanelPrefetch(l + row * ldL + d0, ldL, std::min(kPanelRows, last - row),
                                      std::min(kDepthSlice * kTileDepth, depth - d0), steps);
                }
            }
            packWeights(l, ldL, panelFirst, panelLast, k0 * kTileDepth, depth, depthTiles,
                        panel.get());
            // Row block b's tiles of this slice.
            const std::uint16_t *w[kPanelBlocks] = {};
            for (std::ptrdiff_t b = 0; b < panelBlocks; ++b)
                w[b] = panel.get() + b * depthTiles * kTileValues;
            for (std::ptrdiff_t t = 0; t < tokenBlocks; t += 2) {
                const int tb = tokenBlocks - t >= 2 ? 2 : 1;
                const std::uint16_t *x[2] = {packed.tile(t, k0),
                                             tb == 2 ? packed.tile(t + 1, k0) : nullptr};
                for (std::ptrdiff_t b = 0; b < panelBlocks; b += 2) {
                    const int rb = panelBlocks - b >= 2 ? 2 : 1;
                    float *partial[4] = {partialTile(b, t),
                                         tb == 2 ? partialTile(b, t + 1) : nullptr,
                                         rb == 2 ? partialTile(b + 1, t) : nullptr,
                                         rb == 2 && tb == 2 ? partialTile(b + 1, t + 1) : nullptr};
                    const bool firstSum = s == 0;
                    if (rb == 2 && tb == 2)
                        RegisterBlock<2, 2>::run(w + b, x, xStride, depthTiles, partial, firstSum,
                                                 prefetch);
                    else if (rb == 2)
                        RegisterBlock<2, 1>::run(w + b, x, xStride, depthTiles, partial, firstSum,
                                                 prefetch);
                    else if (tb == 2)
                        RegisterBlock<1, 2>::run(w + b, x, xStride, depthTiles, partial, firstSum,
                                                 prefetch);
                    else
                        RegisterBlock<1, 1>::run(w + b, x, xStride, depthTiles, partial, firstSum,
                                                 prefetch);
                }
            }
        }
        for (std::ptrdiff_t b = 0; b < panelBlocks; ++b)
            for (std::ptrdiff_t t = 0; t < tokenBlocks; ++t) {
                const std::ptrdiff_t row = panelFirst + b * kTileRows;
                const std::ptrdiff_t token = t * kTileRows;
                storeTransposed(partialTile(b, t),
                                int(std::min<std::ptrdiff_t>(kTileRows, last - row)),
                                int(std::min<std::ptrdiff_t>(kTileRows, tokens - token)),
                                out + token * ldOut + row, ldOut);
            }
    }
}

} // namespace

void tileProductBFloat16Kernel(std::ptrdiff_t rows, std::ptrdiff_t cols, std::ptrdiff_t depth,
                               const std::uint16_t *l, std::ptrdiff_t ldL, const float *r,
                               std::ptrdiff_t ldR, float *out, std::ptrdiff_t ldOut, int threads)
{
    if (depth == 0) {
        // An empty sum.
        for (std::ptrdiff_t j = 0; j < cols; ++j)
            std::fill_n(out + j * ldOut, rows, 0.0f);
        return;
    }
    PackedTokens packed;
    packed.depthTiles = (depth + kTileDepth - 1) / kTileDepth;
    const std::ptrdiff_t chunkBlocks = kTokenChunk / kTileRows;
    packed.tiles =
        alignedArray<std::uint16_t>(chunkBlocks * packed.depthTiles * kParts * kTileValues);
    // Rows per thread, whole pairs of tiles.
    const std::ptrdiff_t share =
        ((rows + threads - 1) / threads + 2 * kTileRows - 1) / (2 * kTileRows) * (2 * kTileRows);
    for (std::ptrdiff_t c0 = 0; c0 < cols; c0 += kTokenChunk) {
        const std::ptrdiff_t tokens = std::min(kTokenChunk, cols - c0);
        const std::ptrdiff_t blocks = (tokens + kTileRows - 1) / kTileRows;
        const float *x = r + c0 * ldR;
        const int packers = int(std::min<std::ptrdiff_t>(threads, blocks));
        runParts(packers, [&](int p) {
            packTokens(x, ldR, tokens, depth, blocks * p / packers, blocks * (p + 1) / packers,
                       packed);
        });
        runParts(threads, [&](int t) {
            const std::ptrdiff_t first = std::min(rows, t * share);
            const std::ptrdiff_t last = std::min(rows, first + share);
            if (first < last)
                productRows(first, last, depth, l, ldL, packed, tokens, out + c0 * ldOut, ldOut);
        });
    }
}

} // namespace AttentionLab::ATTENTIONLAB_KERNEL_NAMESPACE
