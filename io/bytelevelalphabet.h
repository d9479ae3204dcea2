// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <QByteArray>
#include <QChar>
#include <QString>

namespace AttentionLab {

/**
 * GPT-2's byte-to-unicode table, the alphabet of byte-level BPE: bytes 33-126,
 * 161-172 and 174-255 stand for themselves, the other 68 bytes for U+0100,
 * U+0101, ... in increasing order, so that every byte is a printable character
 * (a space is "Ġ", U+0120). GPT-2's vocab.json, tokenizer.json's ByteLevel
 * pre-tokenizer and its ByteLevel decoder all read through it.
 */
class ByteLevelAlphabet
{
public:
    /// The printable stand-in for \a byte ("Ġ" for a space).
    static QChar character(unsigned char byte);
    /// The byte \a c stands for; -1 for a character not in the table.
    static int byte(char32_t c);
    /// The bytes \a token's characters stand for, a character not in the
    /// table left out; \a complete, when given, tells whether every one was in it.
    static QByteArray bytes(const QString &token, bool *complete = nullptr);
};

} // namespace AttentionLab
