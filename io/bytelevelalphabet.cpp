// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "io/bytelevelalphabet.h"

#include <QList>

#include <array>

namespace AttentionLab {

namespace {

const std::array<QChar, 256> &byteTable()
{
    static const std::array<QChar, 256> table = [] {
        std::array<QChar, 256> t{};
        char16_t next = 0x100;
        for (int byte = 0; byte < 256; ++byte) {
            const bool printable = (byte >= 33 && byte <= 126) || (byte >= 161 && byte <= 172) ||
                                   (byte >= 174 && byte <= 255);
            t[byte] = QChar(printable ? char16_t(byte) : next++);
        }
        return t;
    }();
    return table;
}

} // namespace

QChar ByteLevelAlphabet::character(unsigned char byte)
{
    return byteTable()[byte];
}

int ByteLevelAlphabet::byte(char32_t c)
{
    static const std::array<int, 0x144> inverse = [] {
        std::array<int, 0x144> t{};
        t.fill(-1);
        for (int byte = 0; byte < 256; ++byte)
            t[byteTable()[byte].unicode()] = byte;
        return t;
    }();
    return c < inverse.size() ? inverse[c] : -1;
}

QByteArray ByteLevelAlphabet::bytes(const QString &token, bool *complete)
{
    QByteArray raw;
    bool all = true;
    for (const char32_t c : token.toUcs4()) {
        const int b = byte(c);
        if (b < 0)
            all = false;
        else
            raw.append(char(b));
    }
    if (complete)
        *complete = all;
    return raw;
}

} // namespace AttentionLab
