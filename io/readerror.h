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
};

[[noreturn]] inline void throwReadError(const QString &message)
{
    throw ReadError{message};
}

} // namespace AttentionLab
