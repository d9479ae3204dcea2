// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/maths/maskorders.h"

#include "core/maths/attention.h"

namespace AttentionLab {

MaskOrders compareMaskOrders(const Matrix &scores, double divisor)
{
    AttentionOptions first;
    first.scale = false;
    first.temperature = divisor;
    first.mask = MaskMode::Causal;
    AttentionOptions second = first;
    second.mask = MaskMode::CausalAfterSoftmax;
    const Matrix identity = Matrix::Identity(scores.cols(), scores.cols());
    return {attend(scores, identity, first), attend(scores, identity, second)};
}

} // namespace AttentionLab
