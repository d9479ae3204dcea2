// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/maths/inputtext.h"

#include "core/support/utf8.h"

#include <array>
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <utility>
#include <vector>

namespace AttentionLab {

namespace {

/**
 * Unicode's format characters (general category Cf, Unicode 15): the soft
 * hyphen, the Arabic and Syriac marks, the zero-width characters, the
 * bidirectional embeddings, overrides and isolates (U+202A-U+202E,
 * U+2066-U+2069), the invisible operators, the byte order mark, the
 * interlinear annotations and the tags. Core has no Qt, so the table is here.
 */
bool isFormatCharacter(char32_t code)
{
    static constexpr std::array<std::pair<char32_t, char32_t>, 20> kRanges{{
        {0x00AD, 0x00AD},   {0x0600, 0x0605},   {0x061C, 0x061C},   {0x06DD, 0x06DD},
        {0x070F, 0x070F},   {0x0890, 0x0891},   {0x08E2, 0x08E2},   {0x180E, 0x180E},
        {0x200B, 0x200F},   {0x202A, 0x202E},   {0x2060, 0x2064},   {0x2066, 0x206F},
        {0xFEFF, 0xFEFF},   {0xFFF9, 0xFFFB},   {0x110BD, 0x110BD}, {0x110CD, 0x110CD},
        {0x13430, 0x1343F}, {0x1BCA0, 0x1BCA3}, {0x1D173, 0x1D17A}, {0xE0001, 0xE007F},
    }};
    for (const auto &[first, last] : kRanges)
        if (code >= first && code <= last)
            return true;
    return false;
}

/// One character of input as it appears in a message.
std::string escaped(std::string_view s, std::size_t i, std::size_t &consumed)
{
    char32_t code = 0;
    // Surrogates encoded on their own (WTF-8) are decoded, to be shown escaped.
    const std::size_t len = decodeUtf8(s, i, code, Utf8Surrogates::Accepted);
    char buffer[16];
    if (len == 0) {
        consumed = 1;
        std::snprintf(buffer, sizeof buffer, "\\x%02x", static_cast<unsigned char>(s[i]));
        return buffer;
    }
    consumed = len;
    switch (code) {
    case '\n':
        return "\\n";
    case '\r':
        return "\\r";
    case '\t':
        return "\\t";
    case '\\':
        return "\\\\";
    case '"':
        return "\\\"";
    default:
        break;
    }
    // C0 and C1 controls, DEL, the Unicode line and paragraph separators
    // would break the line or draw nothing; the bidirectional controls and
    // the other format characters would reorder or hide what follows ("evil"
    // shown as "live"); a surrogate (which strict UTF-8 cannot hold, but a
    // JSON "\ud800" can spell) is shown as its escape.
    if (code < 0x20 || (code >= 0x7F && code <= 0x9F) || code == 0x2028 || code == 0x2029 ||
        (code >= 0xD800 && code <= 0xDFFF) || isFormatCharacter(code)) {
        std::snprintf(buffer, sizeof buffer,
                      code < 0x100     ? "\\x%02x"
                      : code < 0x10000 ? "\\u%04x"
                                       : "\\U%08x",
                      static_cast<unsigned>(code));
        return buffer;
    }
    return std::string(s.substr(i, len));
}

} // namespace

std::string inputText(std::string_view utf8)
{
    // Split into characters first (each already escaped), then keep the start
    // and the end: the end of a path names the file.
    std::vector<std::string> chars;
    constexpr std::size_t head = kInputTextChars * 2 / 3;
    constexpr std::size_t tail = kInputTextChars - head - 1;
    std::vector<std::string> last; // ring of the last `tail` characters once past the limit
    std::size_t count = 0;
    std::size_t ring = 0;
    for (std::size_t i = 0; i < utf8.size();) {
        std::size_t consumed = 1;
        std::string c = escaped(utf8, i, consumed);
        i += consumed;
        ++count;
        if (chars.size() < kInputTextChars) {
            chars.push_back(std::move(c));
        } else {
            if (last.size() < tail)
                last.push_back(std::move(c));
            else
                last[ring] = std::move(c);
            ring = (ring + 1) % tail;
        }
    }
    std::string out;
    if (count <= kInputTextChars) {
        for (const std::string &c : chars)
            out += c;
        return out;
    }
    // Longer than the limit: the first `head` characters, an ellipsis and the
    // last `tail` ones (from the kept start when the input was barely longer).
    std::vector<std::string> end;
    const std::size_t beyond = count - kInputTextChars; // characters in `last`, up to tail
    if (beyond >= tail) {
        for (std::size_t k = 0; k < tail; ++k)
            end.push_back(last[(ring + k) % tail]);
    } else {
        for (std::size_t k = kInputTextChars - (tail - beyond); k < kInputTextChars; ++k)
            end.push_back(chars[k]);
        for (std::size_t k = 0; k < beyond; ++k)
            end.push_back(last[k]);
    }
    for (std::size_t k = 0; k < head; ++k)
        out += chars[k];
    out += "\u2026";
    for (const std::string &c : end)
        out += c;
    return out;
}

std::string inputNumber(double value)
{
    char buffer[32];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    return std::string(buffer, result.ptr);
}

} // namespace AttentionLab
