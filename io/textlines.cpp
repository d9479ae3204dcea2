// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "io/textlines.h"

namespace AttentionLab {

QList<QByteArray> textLines(const QByteArray &bytes)
{
    QList<QByteArray> lines;
    qsizetype start = bytes.startsWith("\xEF\xBB\xBF") ? 3 : 0;
    const qsizetype size = bytes.size();
    qsizetype at = start;
    while (at < size) {
        const char c = bytes[at];
        if (c != '\n' && c != '\r') {
            ++at;
            continue;
        }
        lines.append(bytes.mid(start, at - start));
        at += (c == '\r' && at + 1 < size && bytes[at + 1] == '\n') ? 2 : 1;
        start = at;
    }
    if (start < size)
        lines.append(bytes.mid(start));
    return lines;
}

} // namespace AttentionLab
