// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

// What the MP4 plugin (ui/figure/mp4plugin, a shared library that links
// FFmpeg) exports, in C so that the program finds each function by name with
// QLibrary. The program itself links no FFmpeg library: they are loaded the
// first time an MP4 is written (Mp4Library), so that every other command
// starts without them. Each call that can fail writes one line into its error
// buffer (always NUL-terminated) and returns 0 or null.

#include <cstddef>

extern "C" {

/// The version of this interface; a plugin of another version is refused.
inline constexpr int kAttentionLabMp4Api = 1;

/// One open MP4 being written.
struct AttentionLabMp4;

/// Returns kAttentionLabMp4Api of the plugin's build.
using AttentionLabMp4ApiFunction = int (*)();

/**
 * Opens \a path (an existing temporary file, which the caller renames when
 * all is written) for \a width x \a height frames at \a fps: H.264 (libx264)
 * in yuv420p, BT.709, the index at the front (faststart). The encoder holds
 * the frame it encodes and its reference, whatever the count: no lookahead,
 * no B-frames, its threads share a frame (Mp4Writer::encoderBytes counts them).
 */
using AttentionLabMp4OpenFunction = AttentionLabMp4 *(*)(const char *path, int width, int height,
                                                         int fps, char *error,
                                                         std::size_t errorSize);

/// Encodes one frame of B, G, R, X bytes (QImage's RGB32), rows \a stride bytes apart.
using AttentionLabMp4AddFunction = int (*)(AttentionLabMp4 *mp4, const unsigned char *bgrx,
                                           int stride, char *error, std::size_t errorSize);

/// Flushes the encoder and writes the index; the file is then complete.
using AttentionLabMp4FinishFunction = int (*)(AttentionLabMp4 *mp4, char *error,
                                              std::size_t errorSize);

/// Frees everything of \a mp4 (which may be null) and closes its file.
using AttentionLabMp4CloseFunction = void (*)(AttentionLabMp4 *mp4);

} // extern "C"
