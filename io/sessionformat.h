// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <QLatin1StringView>

namespace AttentionLab::SessionFormat {

/// The "format" member every session file carries.
inline constexpr QLatin1StringView kFormatName{"attention-lab/session"};
/// The newest version this program writes and understands.
inline constexpr int kVersion = 1;
/// Files larger than this are refused before they are read.
inline constexpr qint64 kMaxFileBytes = 64ll * 1024 * 1024;

} // namespace AttentionLab::SessionFormat
