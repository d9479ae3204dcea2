// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "io/outputfile.h"

#include <QImage>
#include <QSize>
#include <QString>

struct AttentionLabMp4;

namespace AttentionLab {

class Mp4Library;

/**
 * Writes an MP4 through the MP4 plugin (Mp4Library, which links FFmpeg):
 * H.264 (libx264) in yuv420p at an exact frame rate (a time base of 1 / fps,
 * one tick a frame), the moov atom at the front (faststart) so a browser
 * plays it before it has all of it. Each frame is encoded as it comes, and
 * the encoder holds a bounded number of frames (encoderBytes()). FFmpeg
 * writes OutputFile's temporary file, which commit() puts at the path: a
 * writer destroyed without commit() leaves the path as it was.
 */
class Mp4Writer
{
public:
    explicit Mp4Writer(const QString &path);
    ~Mp4Writer();
    Mp4Writer(const Mp4Writer &) = delete;
    Mp4Writer &operator=(const Mp4Writer &) = delete;

    /// The widest and tallest frame x264 encodes (its limit for H.264).
    static constexpr int kMaxEdge = 16384;

    /// Why an MP4 of \a size cannot be written: yuv420p halves the colour
    /// planes, so both sides must be even, and x264 encodes at most kMaxEdge
    /// pixels a side. Empty when it can.
    static QString sizeProblem(const QSize &size);
    /// Why no MP4 can be written here (the plugin or FFmpeg is missing), in
    /// one line, or empty. Loads the plugin the first time.
    static QString availabilityProblem();
    /// Bytes the writer and the encoder hold for frames of \a size: the
    /// frame converted to RGB32, its yuv420p copy, and x264's frames (the one
    /// encoded and its reference, each with its filtered planes and padding).
    static double encoderBytes(const QSize &size);

    /// Opens the file and the encoder; false with errorString().
    bool open(const QSize &size, int fps);
    /// Appends \a frame (of open()'s size) for one tick.
    bool addFrame(const QImage &frame);
    /// Flushes the encoder, writes the index at the front and puts the file
    /// at the path; false with errorString().
    bool commit();

    QString errorString() const { return m_file.errorString(); }

private:
    bool failed(const char *why);

    OutputFile m_file;
    const Mp4Library *m_library = nullptr;
    AttentionLabMp4 *m_mp4 = nullptr;
    QSize m_size;
};

} // namespace AttentionLab
