// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "io/outputfile.h"

#include <QImage>
#include <QSize>
#include <QString>

struct AVCodecContext;
struct AVFormatContext;
struct AVFrame;
struct AVPacket;
struct AVStream;
struct SwsContext;

namespace AttentionLab {

/**
 * Writes an MP4 with FFmpeg's libraries: H.264 (libx264) in yuv420p at an
 * exact frame rate (a time base of 1 / fps, one tick a frame), the moov atom
 * at the front (faststart) so a browser plays it before it has all of it.
 * Each frame is encoded as it comes. FFmpeg writes OutputFile's temporary
 * file, which commit() puts at the path: a writer destroyed without commit()
 * leaves the path as it was.
 */
class Mp4Writer
{
public:
    explicit Mp4Writer(const QString &path);
    ~Mp4Writer();
    Mp4Writer(const Mp4Writer &) = delete;
    Mp4Writer &operator=(const Mp4Writer &) = delete;

    /// Why an MP4 of \a size cannot be written (yuv420p halves the colour
    /// planes, so both sides must be even), or empty.
    static QString sizeProblem(const QSize &size);

    /// Opens the file and the encoder; false with errorString().
    bool open(const QSize &size, int fps);
    /// Appends \a frame (of open()'s size) for one tick.
    bool addFrame(const QImage &frame);
    /// Flushes the encoder, writes the index at the front and puts the file
    /// at the path; false with errorString().
    bool commit();

    QString errorString() const { return m_file.errorString(); }

private:
    bool failed(int averror);
    bool send(const AVFrame *frame);

    OutputFile m_file;
    AVFormatContext *m_format = nullptr;
    AVCodecContext *m_codec = nullptr;
    AVStream *m_stream = nullptr;
    AVFrame *m_frame = nullptr;
    AVPacket *m_packet = nullptr;
    SwsContext *m_scale = nullptr;
    QSize m_size;
    long long m_next = 0;
};

} // namespace AttentionLab
