// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

class QWidget;

namespace AttentionLab {

/// Fits \a window, frame included, to the screen it is on: a geometry
/// remembered on a larger screen, or the default size, never spills off a
/// projector. Full-screen and maximised windows are left as they are.
void fitWindowToScreen(QWidget *window);

} // namespace AttentionLab
