// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "io/attentionarray.h"

#include <memory>

namespace AttentionLab {

/**
 * Reads Hugging Face's .safetensors format: an 8-byte little-endian header
 * length N, N bytes of JSON naming each tensor's dtype, shape and
 * data_offsets, then the data. Every entry's offsets are checked against the
 * data and the dtype's size, whether the layout uses it or not; F16, BF16,
 * F32 and F64 tensors can be attention, F32 ones used in place (the file is
 * mapped, never copied). Tokens are a JSON list in a string under the
 * __metadata__ keys "tokens" and "query_tokens". Throws ReadError.
 */
class SafetensorsReader
{
public:
    /// The reference implementation refuses larger headers.
    static constexpr long long kMaxHeaderBytes = 100'000'000;

    /// The tensors of the file \a data (\a size bytes, valid while \a owner lives).
    static AttentionArrays read(const char *data, long long size,
                                std::shared_ptr<const void> owner);
};

} // namespace AttentionLab
