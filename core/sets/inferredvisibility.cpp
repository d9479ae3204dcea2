// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/sets/inferredvisibility.h"

#include "core/sets/attentiontensor.h"

namespace AttentionLab {

KeyVisibility inferredVisibility(const AttentionTensor &tensor)
{
    KeyVisibility causal;
    causal.causal = true;
    causal.keyOffset = tensor.keyOffset();
    const int queries = tensor.queries();
    const int keys = tensor.keys();
    // One token, or no cell right of the diagonal: nothing tells.
    if (tensor.isEmpty() || causal.keyOffset < 0 || keys < 2 || keys - 1 <= causal.keyOffset)
        return {};
    for (int layer = 0; layer < tensor.layers(); ++layer)
        for (int head = 0; head < tensor.heads(); ++head) {
            const float *data = tensor.headData(layer, head);
            for (int q = 0; q < queries; ++q) {
                const float *row = data + static_cast<long long>(q) * keys;
                for (int k = q + causal.keyOffset + 1; k < keys; ++k)
                    if (row[k] != 0.0f)
                        return {};
            }
        }
    return causal;
}

} // namespace AttentionLab
