// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/kernels/attentionoptions.h"
#include "core/support/types.h"

#include <QString>

namespace AttentionLab {

struct Session;

/// Eq. 16.2 with a session's settings filled in, as the Attention tab shows
/// it above the heatmap.
namespace Equations {

/// \a scores (rich text) divided as \a options say for key width \a keyDim:
/// "q·k / √3", "q·k / (√3 · 0.5)", "q·k / 0.5", or "q·k" itself. Eq. 16.2's
/// line and every lab's write the scaling with it.
QString divided(const QString &scores, const AttentionOptions &options, Index keyDim);
/// Rich text: "softmax(QKᵀ / √3) V", "softmax(mask(QKᵀ / (√64 · 0.5))) V",
/// "mask(softmax(QKᵀ)) V" (the wrong order).
QString attention(const Session &session);
/// Plain text, the settings in words, as the window's banner and every
/// exported figure's caption say them: "d_k = 3, scaled by √3, no mask, τ = 1".
QString settings(const Session &session);
/// Why the mask chosen changes nothing, or empty: a causal mask over one
/// query, the last token, which sees every key (the lecture example).
QString maskNote(const Session &session);

} // namespace Equations

} // namespace AttentionLab
