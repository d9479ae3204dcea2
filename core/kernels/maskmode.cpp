// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/kernels/maskmode.h"

namespace AttentionLab {

std::string_view maskModeName(MaskMode mode)
{
    switch (mode) {
    case MaskMode::None:
        return "none";
    case MaskMode::Causal:
        return "causal";
    case MaskMode::CausalAfterSoftmax:
        return "causal-after-softmax";
    }
    return "none";
}

std::optional<MaskMode> maskModeFromName(std::string_view name)
{
    for (MaskMode mode : {MaskMode::None, MaskMode::Causal, MaskMode::CausalAfterSoftmax}) {
        if (maskModeName(mode) == name)
            return mode;
    }
    return std::nullopt;
}

} // namespace AttentionLab
