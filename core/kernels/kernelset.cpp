// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/kernels/kernelset.h"

#if !defined(ATTENTIONLAB_NATIVE_KERNELS) && defined(__linux__) && defined(__x86_64__)
#include <cpuid.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

// The entry points of the sets this build compiled (cmake/KernelVariants.cmake).
#ifdef ATTENTIONLAB_NATIVE_KERNELS
extern "C" const AttentionLab::KernelSet *attentionlab_kernels_native();
#else
extern "C" const AttentionLab::KernelSet *attentionlab_kernels_baseline();
extern "C" const AttentionLab::KernelSet *attentionlab_kernels_avx2();
extern "C" const AttentionLab::KernelSet *attentionlab_kernels_avx512();
extern "C" const AttentionLab::KernelSet *attentionlab_kernels_amx();
#endif

namespace AttentionLab {

namespace {

#ifndef ATTENTIONLAB_NATIVE_KERNELS
/// x86-64-v3: what GCC's __builtin_cpu_supports checks as a level; clang 14
/// knows only single features, and no processor has AVX2, FMA, BMI1 and BMI2
/// without the rest of the level (F16C, LZCNT, MOVBE).
bool supportsV3()
{
#if defined(__clang__)
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") &&
           __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2");
#else
    return __builtin_cpu_supports("x86-64-v3");
#endif
}

/// x86-64-v4: x86-64-v3 and AVX-512 F, BW, CD, DQ and VL.
bool supportsV4()
{
#if defined(__clang__)
    return supportsV3() && __builtin_cpu_supports("avx512f") &&
           __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512cd") &&
           __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512vl");
#else
    return __builtin_cpu_supports("x86-64-v4");
#endif
}

/// AMX-BF16 with AVX512-BF16, and the tile registers granted to this
/// process: Linux enables them only on request (arch_prctl
/// ARCH_REQ_XCOMP_PERM for XTILEDATA, since 5.16), and a tile instruction
/// without the grant is an illegal instruction. The grant, once given, holds
/// for every thread of the process.
bool supportsTiles()
{
#if defined(__linux__) && defined(__x86_64__)
    static const bool granted = [] {
        if (!supportsV4())
            return false;
        unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
        if (__get_cpuid_max(0, nullptr) < 7)
            return false;
        __cpuid_count(7, 0, eax, ebx, ecx, edx);
        const bool tiles = (edx >> 24) & 1u, bf16Tiles = (edx >> 22) & 1u;
        __cpuid_count(7, 1, eax, ebx, ecx, edx);
        const bool bf16Vectors = (eax >> 5) & 1u;
        if (!tiles || !bf16Tiles || !bf16Vectors)
            return false;
        constexpr long kRequestPermission = 0x1023; // ARCH_REQ_XCOMP_PERM
        constexpr long kTileData = 18;              // XFEATURE_XTILEDATA
        return syscall(SYS_arch_prctl, kRequestPermission, kTileData) == 0;
    }();
    return granted;
#else
    return false;
#endif
}
#endif

struct BuiltSet
{
    const KernelSet *set;
    bool supported;
    const char *missing; ///< what the processor lacks when it is not supported
};

std::vector<BuiltSet> builtSets()
{
#ifdef ATTENTIONLAB_NATIVE_KERNELS
    // Compiled for the build machine: the build itself is the choice.
    return {{attentionlab_kernels_native(), true, ""}};
#else
    __builtin_cpu_init();
    return {
        {attentionlab_kernels_baseline(), true, ""},
        {attentionlab_kernels_avx2(), supportsV3(),
         "AVX2, FMA or the other x86-64-v3 instructions"},
        {attentionlab_kernels_avx512(), supportsV4(), "the AVX-512 instructions of x86-64-v4"},
        {attentionlab_kernels_amx(), supportsTiles(),
         "AMX-BF16 tiles (or the system's grant of them) and AVX512-BF16"},
    };
#endif
}

std::string builtIds(const std::vector<BuiltSet> &sets)
{
    std::string ids;
    for (const BuiltSet &s : sets)
        ids += (ids.empty() ? "" : ", ") + std::string(s.set->id);
    return ids;
}

const KernelSet &chooseKernels()
{
    const std::vector<BuiltSet> sets = builtSets();
    const KernelSet *fastest = sets.front().set;
    for (const BuiltSet &s : sets)
        if (s.supported)
            fastest = s.set;
    const char *wanted = std::getenv("ATTENTIONLAB_KERNEL");
    if (!wanted || !*wanted)
        return *fastest;
    for (const BuiltSet &s : sets) {
        if (std::strcmp(wanted, s.set->id) != 0)
            continue;
        if (s.supported)
            return *s.set;
        std::fprintf(stderr,
                     "attention-lab: ATTENTIONLAB_KERNEL=%s needs %s, which this processor lacks; "
                     "using %s\n",
                     wanted, s.missing, fastest->name);
        return *fastest;
    }
    std::fprintf(stderr, "attention-lab: ATTENTIONLAB_KERNEL=%s is not one of %s; using %s\n",
                 wanted, builtIds(sets).c_str(), fastest->name);
    return *fastest;
}

} // namespace

const KernelSet &activeKernels()
{
    static const KernelSet &chosen = chooseKernels();
    return chosen;
}

std::vector<const KernelSet *> supportedKernels()
{
    std::vector<const KernelSet *> sets;
    for (const BuiltSet &s : builtSets())
        if (s.supported)
            sets.push_back(s.set);
    return sets;
}

std::vector<const KernelSet *> builtKernels()
{
    std::vector<const KernelSet *> sets;
    for (const BuiltSet &s : builtSets())
        sets.push_back(s.set);
    return sets;
}

} // namespace AttentionLab
