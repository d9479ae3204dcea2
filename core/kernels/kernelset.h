// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/kernels/attentionoptions.h"
#include "core/kernels/fusedpass.h"
#include "core/kernels/keyvisibility.h"
#include "core/kernels/maskmode.h"
#include "core/kernels/modeloperands.h"
#include "core/kernels/rowstatistics.h"
#include "core/support/types.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace AttentionLab {

/// The heads held in the rows of a d x n column-major activation: head h's
/// dimension c at token i is data[i * ld + h * headStride + c].
struct HeadRows
{
    float *data = nullptr;
    std::ptrdiff_t ld = 0;
    std::ptrdiff_t headStride = 0;
};

/**
 * How an attention turns q . k into weights, beside which keys each query
 * sees: the scale (1/sqrt(d_k), or 1 where the model scales nothing, as T5),
 * a soft cap (Gemma 2's cap tanh(s / cap)) and an additive bias per head
 * (T5's relative positions; a knocked-out edge's minus infinity), in that
 * order, before the softmax.
 */
struct AttentionScoring
{
    float scale = 1.0f;
    /// Which keys each query sees: all, or (causal) those up to its own
    /// (query i at key i + keyOffset), and of those (window > 0) the last window.
    KeyVisibility visibility;
    /// heads x queries x keys row-major, added to the scaled scores; none when null.
    const float *bias = nullptr;
    /// > 0: the scores become softCap * tanh(score / softCap).
    float softCap = 0.0f;
};

/**
 * The hot kernels compiled for one instruction set: the row softmax, the fused
 * attention pass and the model's forward pass with the float product under it.
 * The portable build holds four sets (x86-64, x86-64-v3, x86-64-v4, and
 * x86-64-v4 with the AMX-BF16 tiles for bfloat16 products), each
 * compiled with its own -march and linked so that no code, not even an
 * Eigen template, is shared between them (cmake/KernelVariants.cmake); a native
 * build (ATTENTIONLAB_NATIVE) holds one, compiled with -march=native.
 *
 * The model's operations are exported one by one, and the block graph that
 * calls them (runModelGraph(), core/model/modelgraph.h) is portable code,
 * compiled once, in the model's room above this one. The
 * activations they take are d x n column-major, one token per column.
 *
 * The functions take inputs already checked by their public counterparts
 * (softmaxRow, fusedAttention, serialProduct in core/maths/, runModel in
 * core/model/).
 */
struct KernelSet
{
    const char *id;   ///< what ATTENTIONLAB_KERNEL names: baseline, avx2, avx512, amx or native
    const char *name; ///< what --version shows, e.g. "x86-64-v3 (AVX2, FMA)"
    RowStatistics (*softmaxRow)(const double *scores, double *weights, Index keys, Index visible,
                                double divisor, MaskMode mode);
    void (*fusedAttention)(const Matrix &q, const Matrix &k, const Matrix &v,
                           const AttentionOptions &options, FusedPassResult &out);
    void (*serialProduct)(std::ptrdiff_t rows, std::ptrdiff_t cols, std::ptrdiff_t depth,
                          const float *l, std::ptrdiff_t ldL, bool lRowMajor, const float *r,
                          std::ptrdiff_t ldR, float *out, std::ptrdiff_t ldOut, float alpha);
    /// y (layer.out x n, leading dimension ldY) = W x + b for the n columns of x.
    void (*linear)(const LinearWeights &layer, const float *x, std::ptrdiff_t ldX, std::ptrdiff_t n,
                   float *y, std::ptrdiff_t ldY);
    /// The norm of each of the n columns of \a rows entries, in place.
    void (*norm)(NormKind kind, float *x, std::ptrdiff_t rows, std::ptrdiff_t n, std::ptrdiff_t ld,
                 const NormWeights &weights, double epsilon);
    /// The activation of \a rows x \a columns contiguous values, in place,
    /// split by \a columns for the threads.
    void (*activation)(float *x, std::ptrdiff_t rows, std::ptrdiff_t columns, Activation form);
    /// gate = act(gate) * up for \a count values: a gated MLP's product
    /// (SwiGLU's with SiLU, Flan-T5's with the tanh GELU).
    void (*gatedProduct)(float *gate, const float *up, std::ptrdiff_t count, Activation form);
    /// Turns the first \a rotated dimensions of each of \a heads heads at
    /// each of the n tokens, in place, in the half-split layout: dimension
    /// c < rotated / 2 pairs with c + rotated / 2, by the angle whose cosine
    /// and sine are cos[i * rotated / 2 + c] and sin[...] at token i.
    void (*rotary)(HeadRows x, int heads, int n, int rotated, const float *cos, const float *sin);
    /// Every query head's attention of \a queries queries over \a keys keys,
    /// the one entry every caller uses (a whole text's pass, one token's
    /// step of generation over the key/value cache, a cross-attention):
    /// query head h reads key/value head h / (heads / kvHeads). Writes the
    /// heads x queries x keys row-major weights and each head's context into
    /// rows h * headDim of \a context (a column per query).
    void (*attention)(HeadRows q, HeadRows k, HeadRows v, int heads, int kvHeads, int queries,
                      int keys, int headDim, const AttentionScoring &scoring, float *weights,
                      float *context, std::ptrdiff_t ldContext);
    /// The \a count most likely tokens after \a x (d values) for the output
    /// matrix \a unembed ([vocabulary, d] row-major) and \a bias; the logits
    /// soft-capped, cap tanh(logit / cap), where \a softCap > 0 (Gemma 2).
    std::vector<TokenProbability> (*topTokens)(const float *unembed, std::ptrdiff_t d,
                                               std::ptrdiff_t vocabulary, const float *x,
                                               const float *bias, float softCap, int count);
    /// The same for a bfloat16 output matrix, read in place.
    std::vector<TokenProbability> (*topTokensBFloat16)(const std::uint16_t *unembed,
                                                       std::ptrdiff_t d, std::ptrdiff_t vocabulary,
                                                       const float *x, const float *bias,
                                                       float softCap, int count);
};

/**
 * The set every public kernel calls, chosen once on first use: the fastest
 * one the processor supports (__builtin_cpu_supports; for the tiles CPUID
 * and the system's grant of them), or the one the environment variable
 * ATTENTIONLAB_KERNEL names (baseline, avx2, avx512, amx).
 * A name that is unknown, or a set the processor lacks, is refused with one
 * line on stderr and the fastest supported set is used.
 */
const KernelSet &activeKernels();

/// Every set of this build the processor can run, slowest first.
std::vector<const KernelSet *> supportedKernels();

/// Every set of this build, supported or not, slowest first.
std::vector<const KernelSet *> builtKernels();

} // namespace AttentionLab
