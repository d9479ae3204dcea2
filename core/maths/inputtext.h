// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace AttentionLab {

/// At most this many characters of one piece of input appear in a message.
inline constexpr std::size_t kInputTextChars = 40;

/**
 * The one way a message quotes what the user gave (a file name, an output
 * path, an option's value, a string from a session file), so that every error
 * stays one short line that reads as it is stored: control characters,
 * backslashes, double quotes, line separators, the bidirectional controls and
 * the other format characters (Unicode's Cf), and bytes that are not UTF-8 are
 * escaped ("\n", "\\", "\"", "\u2028", "\u202e", "\U000e0001", "\xff"), and text longer than
 * kInputTextChars characters keeps its start and its end around an ellipsis
 * ("/home/ann/very-long…/session.json"). \a utf8 is UTF-8 (a lone surrogate, encoded on its own, is
 * shown as
 * "\ud800"); the result is UTF-8. The caller adds any quotes around it.
 */
std::string inputText(std::string_view utf8);

/// A number from the input in its shortest form that reads back to the same
/// double ("0.1", "1e+308", "5e-324"), for messages.
std::string inputNumber(double value);

} // namespace AttentionLab
