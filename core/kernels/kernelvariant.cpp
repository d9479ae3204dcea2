// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/kernels/kernelvariant.h"

extern "C" const AttentionLab::KernelSet *ATTENTIONLAB_KERNEL_ENTRY()
{
    namespace Variant = AttentionLab::ATTENTIONLAB_KERNEL_NAMESPACE;
    static const AttentionLab::KernelSet set{ATTENTIONLAB_KERNEL_ID,
                                             ATTENTIONLAB_KERNEL_NAME,
                                             Variant::softmaxRowKernel,
                                             Variant::fusedAttentionKernel,
                                             Variant::serialProductKernel,
                                             Variant::linearKernel,
                                             Variant::normKernel,
                                             Variant::activationKernel,
                                             Variant::gatedProductKernel,
                                             Variant::rotaryKernel,
                                             Variant::attentionKernel,
                                             Variant::topTokensKernel,
                                             Variant::topTokensBFloat16Kernel};
    return &set;
}
