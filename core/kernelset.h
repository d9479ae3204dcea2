// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/attention.h"
#include "core/modelrun.h"
#include "core/modelweights.h"
#include "core/rowsoftmax.h"

#include <cstddef>
#include <vector>

namespace AttentionLab {

/**
 * The hot kernels compiled for one instruction set: the row softmax, the fused
 * attention pass and the model's forward pass with the float product under it.
 * The portable build holds three sets (x86-64, x86-64-v3, x86-64-v4), each
 * compiled with its own -march and linked so that no code, not even an
 * Eigen template, is shared between them (cmake/KernelVariants.cmake); a native
 * build (ATTENTIONLAB_NATIVE) holds one, compiled with -march=native.
 *
 * The functions take inputs already checked by their public counterparts
 * (softmaxRow, fusedAttention, serialProduct, runModel).
 */
struct KernelSet
{
    const char *id;   ///< what ATTENTIONLAB_KERNEL names: baseline, avx2, avx512 or native
    const char *name; ///< what --version shows, e.g. "x86-64-v3 (AVX2, FMA)"
    RowStatistics (*softmaxRow)(const double *scores, double *weights, Index keys, Index visible,
                                double divisor, MaskMode mode);
    void (*fusedAttention)(const Matrix &q, const Matrix &k, const Matrix &v,
                           const AttentionOptions &options, FusedPassResult &out);
    void (*serialProduct)(std::ptrdiff_t rows, std::ptrdiff_t cols, std::ptrdiff_t depth,
                          const float *l, std::ptrdiff_t ldL, bool lRowMajor, const float *r,
                          std::ptrdiff_t ldR, float *out, std::ptrdiff_t ldOut, float alpha);
    ModelRun (*runModel)(const ModelWeights &weights, const ModelInput &input);
};

/**
 * The set every public kernel calls, chosen once on first use: the fastest
 * one the processor supports (__builtin_cpu_supports), or the one the
 * environment variable ATTENTIONLAB_KERNEL names (baseline, avx2, avx512).
 * A name that is unknown, or a set the processor lacks, is refused with one
 * line on stderr and the fastest supported set is used.
 */
const KernelSet &activeKernels();

/// Every set of this build the processor can run, slowest first.
std::vector<const KernelSet *> supportedKernels();

/// Every set of this build, supported or not, slowest first.
std::vector<const KernelSet *> builtKernels();

} // namespace AttentionLab
