#pragma once

#include <QString>

namespace AttentionLab {

struct Session;

/// Eq. 16.2 with a session's settings filled in, as the Attention tab shows
/// it above the heatmap.
namespace EquationText {

/// Rich text: "softmax(QKᵀ / √3) V", "softmax(mask(QKᵀ / (√64 · 0.5))) V",
/// "mask(softmax(QKᵀ)) V" (the wrong order).
QString attention(const Session &session);
/// Plain text, the settings in words, as the window's banner and every
/// exported figure's caption say them: "d_k = 3, scaled by √3, no mask, τ = 1".
QString settings(const Session &session);

} // namespace EquationText

} // namespace AttentionLab
