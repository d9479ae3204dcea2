// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <QString>

namespace AttentionLab {

/// Something the user typed that the program cannot act on: printed as one
/// line on stderr, exit status 2.
struct UsageError
{
    QString message;
};

} // namespace AttentionLab
