// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/support/counttext.h"

namespace AttentionLab {

std::string countText(long long count, const std::string &one, const std::string &many)
{
    return std::to_string(count) + ' ' + (count == 1 ? one : (many.empty() ? one + 's' : many));
}

} // namespace AttentionLab
