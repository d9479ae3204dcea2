// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <string>

namespace AttentionLab {

/// A count and its noun for people, in the number it takes: "1 layer",
/// "12 layers", "1 query", "3 queries". \a many defaults to \a one + "s".
std::string countText(long long count, const std::string &one, const std::string &many = {});

} // namespace AttentionLab
