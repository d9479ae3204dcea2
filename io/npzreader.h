// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "io/attentionarray.h"

#include <memory>

namespace AttentionLab {

/**
 * Reads numpy's .npz archives with libzip: the members np.savez stores and
 * np.savez_compressed deflates, with the ZIP64 records numpy always writes
 * (sizes come from the central directory). Each NAME.npy member becomes an
 * array NAME, read only when the layout asks for it; the members "tokens" and
 * "query_tokens" are string arrays. A zip without .npy members is refused.
 * Throws ReadError.
 */
class NpzReader
{
public:
    /// Tokens are a few thousand strings; a larger member is not a token list.
    static constexpr long long kMaxTokenBytes = 64ll << 20;

    /// The arrays of the archive \a data (\a size bytes, valid while \a owner lives).
    static AttentionArrays read(const char *data, long long size,
                                std::shared_ptr<const void> owner);
};

} // namespace AttentionLab
