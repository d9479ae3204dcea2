// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace AttentionLab {

/// Which keys a query may see, and when the blocked ones are removed.
enum class MaskMode
{
    /// Every query sees every key.
    None,
    /// Eq. 16.3: blocked cells become -inf before the softmax, so the visible
    /// keys renormalise and every row sums to one.
    Causal,
    /// The wrong order, kept for teaching: softmax over every key, then the
    /// blocked cells are zeroed. The discarded weight is lost and rows sum to
    /// less than one.
    CausalAfterSoftmax,
};

/// The session-file and command-line spelling: "none", "causal",
/// "causal-after-softmax".
std::string_view maskModeName(MaskMode mode);

/// Parses maskModeName()'s spelling; std::nullopt for anything else.
std::optional<MaskMode> maskModeFromName(std::string_view name);

/// True for both causal orders.
constexpr bool isCausal(MaskMode mode)
{
    return mode != MaskMode::None;
}

} // namespace AttentionLab
