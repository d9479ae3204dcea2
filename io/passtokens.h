// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "io/tokenizedtext.h"

#include <utility>

namespace AttentionLab {

/**
 * The tokens of one pass of a model: a single stack's text, or an
 * encoder-decoder's source and what its decoder reads (its start token,
 * then the target's: PretrainedModel::decoderTokens()).
 */
struct PassTokens
{
    TokenizedText tokens;  ///< a single stack's, or an encoder-decoder's source
    TokenizedText decoder; ///< an encoder-decoder's decoder's; empty for a single stack

    // A single stack's text converts, so that its callers pass it as it is.
    PassTokens(TokenizedText text, TokenizedText decoderTokens = {})
        : tokens(std::move(text)), decoder(std::move(decoderTokens))
    {
    }

    bool hasDecoder() const { return !decoder.ids.empty(); }
    /// What a measure reads: the decoder's tokens, or the single stack's.
    const TokenizedText &measured() const { return hasDecoder() ? decoder : tokens; }
};

} // namespace AttentionLab
