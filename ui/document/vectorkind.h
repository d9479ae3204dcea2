// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

namespace AttentionLab {

/// Which matrix of the session a vector belongs to.
enum class VectorKind
{
    Query,
    Key,
    Value,
};

} // namespace AttentionLab
