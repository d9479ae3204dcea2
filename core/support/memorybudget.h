// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/support/types.h"

#include <string>

namespace AttentionLab {

/// The most memory one command may ask for: a third of the 24 GiB machines
/// the program is built for, so a typo cannot swap the desktop. Every command
/// estimates what it will hold with the functions below and refuses up front
/// when the estimate exceeds it.
inline constexpr double kMemoryLimitBytes = 8.0 * 1024 * 1024 * 1024;

/// Bytes Qt's JSON parser holds for a document of \a textBytes bytes with
/// \a containers lists and objects and \a elements values and member names
/// in them: each container is a shared block of its own with a list of
/// 16-byte elements, each allocation with the heap's overhead, and the text
/// is also decoded to UTF-16 once to check it.
double jsonDocumentBytes(double textBytes, double containers, double elements);

/// The bytes an undo history may hold: a session's edits, or a model's
/// generations, each step keeping what it replaced.
inline constexpr double kUndoBudgetBytes = 512.0 * 1024.0 * 1024.0;

/// How many undo steps of \a stepBytes each fit kUndoBudgetBytes, and at
/// least \a least, at most \a most.
int undoStepsWithin(double stepBytes, int least, int most);

/// Bytes of a 32-bit image of \a width x \a height pixels.
double imageBytes(double width, double height);

/// Bytes an export of \a width x \a height pixels holds beside the pass of
/// \a passBytes it draws: the canvas, a heatmap's cell image (at most as
/// many pixels) and the encoded file (less than the raw pixels).
double figureExportBytes(double passBytes, double width, double height);

/// "1.5 GiB", "312 MiB", "4 KiB", "12 bytes".
std::string formatBytes(double bytes);

/// The message requireMemory() throws: "WHAT would need NEED of memory; the
/// limit is LIMIT", with as many digits as it takes for NEED to read larger
/// than LIMIT.
std::string memoryMessage(double bytes, const std::string &what);

/// Throws std::invalid_argument, naming \a what and the memory it would
/// take, when \a bytes exceeds kMemoryLimitBytes. Call before allocating.
void requireMemory(double bytes, const std::string &what);

/// True when \a bytes fits in kMemoryLimitBytes.
inline bool fitsInMemory(double bytes)
{
    return bytes <= kMemoryLimitBytes;
}

} // namespace AttentionLab
