// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/figure/mp4writer.h"

#include "ui/figure/mp4library.h"

#include <QFile>

namespace AttentionLab {

namespace {

/// The longest message the plugin writes.
constexpr std::size_t kErrorSize = 256;

} // namespace

Mp4Writer::Mp4Writer(const QString &path) : m_file(path) {}

Mp4Writer::~Mp4Writer()
{
    if (m_library)
        m_library->close(m_mp4);
}

QString Mp4Writer::sizeProblem(const QSize &size)
{
    if (size.width() % 2 != 0 || size.height() % 2 != 0)
        return QStringLiteral("an MP4 (yuv420p) needs an even width and height, not %1 x %2")
            .arg(size.width())
            .arg(size.height());
    // x264 refused these with "Generic error in an external library" (issue 36, item 14).
    if (size.width() > kMaxEdge || size.height() > kMaxEdge)
        return QStringLiteral("an MP4 (H.264) is at most %1 pixels on each side, not %2 x %3; a "
                              "GIF may be up to 20000")
            .arg(kMaxEdge)
            .arg(size.width())
            .arg(size.height());
    // FFmpeg's own bound on a frame (av_image_check_size): its rows of 8
    // bytes a pixel, padded by 128 pixels each way, under 2^31 bytes.
    if ((8.0 * size.width() + 1024.0) * (size.height() + 128.0) >= 2147483647.0)
        return QStringLiteral("an MP4 of %1 x %2 is more than FFmpeg's frames hold (about %3 "
                              "million pixels); make it smaller")
            .arg(size.width())
            .arg(size.height())
            .arg(260);
    return {};
}

QString Mp4Writer::availabilityProblem()
{
    QString why;
    return Mp4Library::load(&why) ? QString() : why;
}

double Mp4Writer::encoderBytes(const QSize &size)
{
    const double pixels = double(size.width()) * size.height();
    // x264's frame is its four luma planes (the full-pixel one and three
    // half-pixel ones) and the chroma, padded, with its lower-resolution
    // copy: 7 bytes a pixel, as a 4096 x 4096 MP4 of 12 frames measures (487
    // MiB at its peak, 27 bytes a pixel with the figure's canvas and its
    // RGB32 copy). It holds two such frames, FFmpeg a yuv420p frame (1.5)
    // beside our RGB32 one (4).
    return pixels * (2.0 * 7.0 + 1.5 + 4.0);
}

bool Mp4Writer::failed(const char *why)
{
    if (m_file.errorString().isEmpty())
        m_file.fail(QString::fromUtf8(why));
    return false;
}

bool Mp4Writer::open(const QSize &size, int fps)
{
    if (!m_file.open())
        return false;
    QString missing;
    m_library = Mp4Library::load(&missing);
    if (!m_library) {
        m_file.fail(missing);
        return false;
    }
    m_size = size;
    char error[kErrorSize] = {};
    const QByteArray path = QFile::encodeName(m_file.temporaryPath());
    m_mp4 =
        m_library->open(path.constData(), size.width(), size.height(), fps, error, sizeof error);
    return m_mp4 ? true : failed(error);
}

bool Mp4Writer::addFrame(const QImage &frame)
{
    const QImage rgb = frame.convertToFormat(QImage::Format_RGB32);
    char error[kErrorSize] = {};
    if (!m_library->add(m_mp4, rgb.constBits(), int(rgb.bytesPerLine()), error, sizeof error))
        return failed(error);
    return true;
}

bool Mp4Writer::commit()
{
    char error[kErrorSize] = {};
    if (!m_library->finish(m_mp4, error, sizeof error))
        return failed(error);
    return m_file.commit();
}

} // namespace AttentionLab
