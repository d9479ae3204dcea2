// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/inputtext.h"

#include <charconv>
#include <cstdint>
#include <cstdio>
#include <vector>

namespace AttentionLab {

namespace {

/// Length of the UTF-8 sequence starting at \a s[i] (1 to 4), or 0 when the
/// bytes there are not valid UTF-8 (overlong, truncated...). Surrogates
/// encoded on their own (WTF-8) are decoded, to be shown escaped.
std::size_t sequenceLength(std::string_view s, std::size_t i, char32_t &code)
{
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
    const unsigned char b0 = byte(i);
    if (b0 < 0x80) {
        code = b0;
        return 1;
    }
    std::size_t len = 0;
    char32_t min = 0;
    if ((b0 & 0xE0) == 0xC0) {
        len = 2;
        code = b0 & 0x1F;
        min = 0x80;
    } else if ((b0 & 0xF0) == 0xE0) {
        len = 3;
        code = b0 & 0x0F;
        min = 0x800;
    } else if ((b0 & 0xF8) == 0xF0) {
        len = 4;
        code = b0 & 0x07;
        min = 0x10000;
    } else {
        return 0;
    }
    if (i + len > s.size())
        return 0;
    for (std::size_t k = 1; k < len; ++k) {
        if ((byte(i + k) & 0xC0) != 0x80)
            return 0;
        code = (code << 6) | (byte(i + k) & 0x3F);
    }
    if (code < min || code > 0x10FFFF)
        return 0;
    return len;
}

/// One character of input as it appears in a message.
std::string escaped(std::string_view s, std::size_t i, std::size_t &consumed)
{
    char32_t code = 0;
    const std::size_t len = sequenceLength(s, i, code);
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
    // would break the line or draw nothing; a surrogate (which strict UTF-8
    // cannot hold, but a JSON "\ud800" can spell) is shown as its escape.
    if (code < 0x20 || (code >= 0x7F && code <= 0x9F) || code == 0x2028 || code == 0x2029 ||
        (code >= 0xD800 && code <= 0xDFFF)) {
        std::snprintf(buffer, sizeof buffer, code < 0x100 ? "\\x%02x" : "\\u%04x",
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
