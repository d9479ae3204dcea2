// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

// Included only by the sources compiled once per instruction set
// (cmake/KernelVariants.cmake). Each compilation gets its own namespace,
// ATTENTIONLAB_KERNEL_NAMESPACE, and its own entry point,
// ATTENTIONLAB_KERNEL_ENTRY, the only symbol its object exports.

#include "core/kernels/kernelset.h"

#include <cstdint>

#if !defined(ATTENTIONLAB_KERNEL_NAMESPACE) || !defined(ATTENTIONLAB_KERNEL_ENTRY) ||              \
    !defined(ATTENTIONLAB_KERNEL_ID) || !defined(ATTENTIONLAB_KERNEL_NAME)
#error "core/kernels/ is compiled once per instruction set by cmake/KernelVariants.cmake"
#endif

namespace AttentionLab::ATTENTIONLAB_KERNEL_NAMESPACE {

RowStatistics softmaxRowKernel(const double *scores, double *weights, Index keys, Index visible,
                               double divisor, MaskMode mode);

void fusedAttentionKernel(const Matrix &q, const Matrix &k, const Matrix &v,
                          const AttentionOptions &options, FusedPassResult &out);

void serialProductKernel(std::ptrdiff_t rows, std::ptrdiff_t cols, std::ptrdiff_t depth,
                         const float *l, std::ptrdiff_t ldL, bool lRowMajor, const float *r,
                         std::ptrdiff_t ldR, float *out, std::ptrdiff_t ldOut, float alpha = 1.0f);

/// out = alpha L R as serialProductKernel, with the packed product for any
/// number of columns (core/kernels/packedproductkernel.cpp).
void packedProductKernel(std::ptrdiff_t rows, std::ptrdiff_t cols, std::ptrdiff_t depth,
                         const float *l, std::ptrdiff_t ldL, bool lRowMajor, const float *r,
                         std::ptrdiff_t ldR, float *out, std::ptrdiff_t ldOut, float alpha);

/// out = L R for a row-major bfloat16 L (row stride ldL), widened as it is packed.
void packedProductBFloat16Kernel(std::ptrdiff_t rows, std::ptrdiff_t cols, std::ptrdiff_t depth,
                                 const std::uint16_t *l, std::ptrdiff_t ldL, const float *r,
                                 std::ptrdiff_t ldR, float *out, std::ptrdiff_t ldOut);

#if defined(ATTENTIONLAB_TILE_KERNELS)
/// out = L R for a row-major bfloat16 L on the tile unit (AMX-BF16), as
/// exact as the float32 product, over \a threads threads of the pool
/// (core/kernels/tileproductkernel.cpp).
void tileProductBFloat16Kernel(std::ptrdiff_t rows, std::ptrdiff_t cols, std::ptrdiff_t depth,
                               const std::uint16_t *l, std::ptrdiff_t ldL, const float *r,
                               std::ptrdiff_t ldR, float *out, std::ptrdiff_t ldOut, int threads);
#endif

void linearKernel(const LinearWeights &layer, const float *x, std::ptrdiff_t ldX, std::ptrdiff_t n,
                  float *y, std::ptrdiff_t ldY);

void normKernel(NormKind kind, float *x, std::ptrdiff_t rows, std::ptrdiff_t n, std::ptrdiff_t ld,
                const NormWeights &weights, double epsilon);

void activationKernel(float *x, std::ptrdiff_t rows, std::ptrdiff_t columns, Activation form);

void gatedProductKernel(float *gate, const float *up, std::ptrdiff_t count, Activation form);

void rotaryKernel(HeadRows x, int heads, int n, int rotated, const float *cos, const float *sin);

void attentionKernel(HeadRows q, HeadRows k, HeadRows v, int heads, int kvHeads, int queries,
                     int keys, int headDim, const AttentionScoring &scoring, float *weights,
                     float *context, std::ptrdiff_t ldContext);

std::vector<TokenProbability> topTokensKernel(const float *unembed, std::ptrdiff_t d,
                                              std::ptrdiff_t vocabulary, const float *x,
                                              const float *bias, float softCap, int count);

std::vector<TokenProbability> topTokensBFloat16Kernel(const std::uint16_t *unembed,
                                                      std::ptrdiff_t d, std::ptrdiff_t vocabulary,
                                                      const float *x, const float *bias,
                                                      float softCap, int count);

} // namespace AttentionLab::ATTENTIONLAB_KERNEL_NAMESPACE

extern "C" __attribute__((visibility("default"))) const AttentionLab::KernelSet *
ATTENTIONLAB_KERNEL_ENTRY();
