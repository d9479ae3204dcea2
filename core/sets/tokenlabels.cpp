// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/sets/tokenlabels.h"

#include "core/support/utf8.h"

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace AttentionLab {

namespace {

/// The code points of UTF-8 \a text, or nothing when it is not valid UTF-8.
std::optional<std::vector<char32_t>> codePoints(std::string_view text)
{
    std::vector<char32_t> points;
    for (size_t i = 0; i < text.size();) {
        char32_t c = 0;
        const size_t length = decodeUtf8(text, i, c);
        if (length == 0)
            return std::nullopt;
        points.push_back(c);
        i += length;
    }
    return points;
}

/// The byte GPT-2's byte-to-unicode table maps to \a c, if any: bytes 33-126,
/// 161-172 and 174-255 stand for themselves, the other 68 for U+0100 up.
std::optional<unsigned char> gpt2Byte(char32_t c)
{
    if ((c >= 33 && c <= 126) || (c >= 161 && c <= 172) || (c >= 174 && c <= 255))
        return static_cast<unsigned char>(c);
    if (c < 0x100 || c > 0x143)
        return std::nullopt;
    int rank = int(c - 0x100);
    for (int b = 0; b < 256; ++b) {
        const bool self = (b >= 33 && b <= 126) || (b >= 161 && b <= 172) || (b >= 174);
        if (!self && rank-- == 0)
            return static_cast<unsigned char>(b);
    }
    return std::nullopt;
}

/// The text a GPT-2 byte-level token stands for, or nothing when \a points
/// are not such a token. Bytes that end mid-character (a CJK character or an
/// emoji split over tokens) show as \xNN.
std::optional<std::string> byteLevelText(const std::vector<char32_t> &points)
{
    std::string bytes;
    bool remapped = false; // a character only the byte-level alphabet uses
    bool high = false;
    for (char32_t c : points) {
        const std::optional<unsigned char> b = gpt2Byte(c);
        if (!b)
            return std::nullopt;
        remapped = remapped || c >= 0x100;
        high = high || c >= 0x80;
        bytes += char(*b);
    }
    if (!remapped && !high)
        return std::nullopt; // plain ASCII: the same either way
    if (codePoints(bytes))
        return bytes;
    if (!remapped)
        return std::nullopt; // Latin-1 letters of another vocabulary ("café")
    std::string shown;
    for (size_t i = 0; i < bytes.size();) {
        // The longest valid character starting here, else one escaped byte.
        size_t taken = 0;
        for (size_t length = 4; length >= 1 && taken == 0; --length) {
            if (i + length <= bytes.size() && codePoints(std::string_view(bytes).substr(i, length)))
                taken = length;
        }
        if (taken > 0) {
            shown += bytes.substr(i, taken);
            i += taken;
        } else {
            static const char hex[] = "0123456789abcdef";
            const auto b = static_cast<unsigned char>(bytes[i]);
            shown += "\\x";
            shown += hex[b >> 4];
            shown += hex[b & 15];
            ++i;
        }
    }
    return shown;
}

/// Whitespace and control characters made visible: a return as ↵, a tab as
/// ⇥, other controls as \xNN, and a token of spaces alone as a middle dot
/// each: seen, but quieter than the open box ␣ a hall read as a glyph.
std::string visible(const std::string &text)
{
    if (!text.empty() && text.find_first_not_of(' ') == std::string::npos) {
        std::string spaces;
        for (size_t i = 0; i < text.size(); ++i)
            spaces += "\xC2\xB7"; // ·
        return spaces;
    }
    std::string shown;
    for (char ch : text) {
        const auto c = static_cast<unsigned char>(ch);
        if (c == '\n')
            shown += "\xE2\x86\xB5"; // ↵
        else if (c == '\t')
            shown += "\xE2\x87\xA5"; // ⇥
        else if (c == '\r')
            shown += "\xE2\x90\x8D"; // ␍
        else if (c < 0x20 || c == 0x7F) {
            static const char hex[] = "0123456789abcdef";
            shown += "\\x";
            shown += hex[c >> 4];
            shown += hex[c & 15];
        } else {
            shown += ch;
        }
    }
    return shown;
}

} // namespace

std::string displayToken(const std::string &token)
{
    if (token.size() > 2 && token.rfind("##", 0) == 0)
        return "\xC2\xB7" + visible(token.substr(2)); // ·
    const std::optional<std::vector<char32_t>> points = codePoints(token);
    if (!points)
        return token;
    if (const std::optional<std::string> text = byteLevelText(*points))
        return visible(*text);
    // SentencePiece's ▁ and GPT-2's Ġ stand for a space.
    std::string shown;
    for (char32_t c : *points) {
        if (c == 0x2581 || c == 0x120)
            shown += ' ';
        else if (c == 0x10A)
            shown += '\n';
        else
            appendUtf8(shown, c);
    }
    return visible(shown);
}

} // namespace AttentionLab
