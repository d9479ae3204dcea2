// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

namespace AttentionLab {

/**
 * Which keys a model's query may see: all of them (BERT), those up to its
 * own position (a causal decoder, GPT-2), or only the last few of those (a
 * sliding window, Mistral). A key a query cannot see was masked before the
 * softmax: its weight is not a weight of zero but no weight at all, and the
 * views, the figures and the tables say "masked" there, as the Attention
 * tab does. Query i stands at key position i + keyOffset.
 */
struct KeyVisibility
{
    bool causal = false;
    int window = 0;    ///< > 0: a causal query sees only its last `window` keys
    int keyOffset = 0; ///< K - Q

    /// True when \a query may see \a key.
    bool sees(int query, int key) const
    {
        if (!causal)
            return true;
        const int last = query + keyOffset;
        return key <= last && (window <= 0 || key > last - window);
    }
    /// True when no cell of rows [rowBegin, rowEnd) and columns [colBegin,
    /// colEnd) is seen: a pixel covering only masked cells.
    bool masksBlock(int rowBegin, int rowEnd, int colBegin, int colEnd) const
    {
        if (!causal || rowEnd <= rowBegin || colEnd <= colBegin)
            return false;
        // The block's lowest row sees the most keys to the right; its first
        // row the fewest to the left.
        return colBegin > rowEnd - 1 + keyOffset ||
               (window > 0 && colEnd - 1 <= rowBegin + keyOffset - window);
    }
    bool masksAny() const { return causal; }
    /// The cells masked once tokens are merged into words: their causal
    /// order stays (when queries and keys are the same tokens), a window
    /// counted in tokens does not.
    KeyVisibility forWords() const
    {
        if (keyOffset != 0)
            return {};
        KeyVisibility words = *this;
        words.window = 0;
        return words;
    }
    /// The rollout's: a product of causal matrices is causal, but it carries
    /// attention past any window.
    KeyVisibility forRollout() const
    {
        KeyVisibility rollout = *this;
        rollout.window = 0;
        return rollout;
    }

    bool operator==(const KeyVisibility &other) const = default;
};

} // namespace AttentionLab
