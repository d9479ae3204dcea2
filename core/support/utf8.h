// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace AttentionLab {

/// Whether a decoder takes a surrogate encoded on its own (WTF-8, "\xed\xa0\x80").
enum class Utf8Surrogates
{
    Refused,  ///< strict UTF-8
    Accepted, ///< for messages, which show a lone surrogate as its escape
};

/**
 * The one UTF-8 encoder: appends \a code (at most U+10FFFF; a surrogate is
 * written in its own three bytes, as WTF-8 does) to \a out.
 */
void appendUtf8(std::string &out, char32_t code);

/**
 * The one UTF-8 decoder: the length (1 to 4) of the sequence that starts at
 * \a text[\a at], its code point in \a code; 0 when the bytes there start no
 * valid sequence (a stray continuation byte, an overlong form, a truncated
 * sequence, a value past U+10FFFF, or a surrogate unless \a surrogates
 * accepts it).
 */
std::size_t decodeUtf8(std::string_view text, std::size_t at, char32_t &code,
                       Utf8Surrogates surrogates = Utf8Surrogates::Refused);

/// The offset of the first byte of \a text that starts no valid UTF-8
/// sequence, or nothing when all of it is UTF-8. One pass over the text.
std::optional<std::size_t> firstInvalidUtf8(std::string_view text);

} // namespace AttentionLab
