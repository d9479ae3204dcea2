// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <cstdint>

namespace AttentionLab {

/// The sizes that fix a transformer's parameter count. Defaults: the
/// original base model the chapter counts.
struct TransformerConfig
{
    std::int64_t vocabulary = 50'000;
    std::int64_t modelDim = 512;     ///< D
    std::int64_t layers = 6;         ///< L
    std::int64_t heads = 8;          ///< h
    std::int64_t feedForward = 2048; ///< H

    std::int64_t headDim() const { return heads > 0 ? modelDim / heads : 0; }
};

} // namespace AttentionLab
