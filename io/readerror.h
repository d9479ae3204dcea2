// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <QString>

namespace AttentionLab {

/// What a reader of attention files found wrong, without the file's name:
/// thrown inside io/ and turned into "FILE: message" by AttentionFileReader.
struct ReadError
{
    QString message;
    /// When the file holds a batch and no item was chosen: its size.
    long long batchSize = 0;
    /// When a five-axis array reads both as [L, B, H, Q, K] and as
    /// [B, L, H, Q, K] and no layout was chosen.
    bool ambiguousLayout = false;
};

[[noreturn]] inline void throwReadError(const QString &message)
{
    throw ReadError{message};
}

} // namespace AttentionLab
