// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

// What ffprobe would say of an MP4, read with FFmpeg's libraries, and its
// frames decoded to RGB: for tst_animate.

#include <QByteArray>
#include <QImage>
#include <QList>
#include <QString>

struct Mp4Probe
{
    QString error;       ///< empty when the file was read
    QString codec;       ///< "h264"
    QString pixelFormat; ///< "yuv420p"
    int width = 0, height = 0;
    int frameRateNum = 0, frameRateDen = 0; ///< the stream's average frame rate
    int rFrameRateNum = 0, rFrameRateDen = 0;
    double durationSeconds = 0;  ///< the stream's duration
    int frames = 0;              ///< decoded
    bool moovBeforeMdat = false; ///< faststart
    QList<QImage> images;        ///< every decoded frame, as RGB32
};

/// Probes and decodes \a path.
Mp4Probe probeMp4(const QString &path);
