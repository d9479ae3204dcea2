// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/model/modelrun.h"

#include <memory>

namespace AttentionLab {

std::vector<AttentionSet> ModelRun::sets() const
{
    auto shared = [](const AttentionTensor &tensor) {
        return std::make_shared<const AttentionTensor>(tensor);
    };
    if (!encoderDecoder())
        return {{kindOf(attention), shared(attention)}};
    return {{AttentionKind::Encoder, shared(encoderAttention)},
            {AttentionKind::Decoder, shared(attention)},
            {AttentionKind::Cross, shared(crossAttention)}};
}

} // namespace AttentionLab
