// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/maths/maskorders.h"

#include "core/maths/attention.h"

namespace AttentionLab {

MaskOrders compareMaskOrders(const Matrix &scores, double divisor, int window)
{
    AttentionOptions first;
    first.scale = false;
    first.temperature = divisor;
    first.mask = MaskMode::Causal;
    AttentionOptions second = first;
    second.mask = MaskMode::CausalAfterSoftmax;
    const Matrix identity = Matrix::Identity(scores.cols(), scores.cols());
    MaskOrders orders{attend(scores, identity, first), attend(scores, identity, second), {}, 0};
    if (window > 0) {
        AttentionOptions windowed = first;
        windowed.window = window;
        orders.slidingWindow = attend(scores, identity, windowed);
        orders.window = window;
    }
    return orders;
}

} // namespace AttentionLab
