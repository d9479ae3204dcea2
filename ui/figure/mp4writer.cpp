// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/figure/mp4writer.h"

#include <QFile>

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/error.h>
#include <libavutil/log.h>
#include <libavutil/opt.h>
#include <libswscale/swscale.h>
}

namespace AttentionLab {

Mp4Writer::Mp4Writer(const QString &path) : m_file(path) {}

Mp4Writer::~Mp4Writer()
{
    sws_freeContext(m_scale);
    av_packet_free(&m_packet);
    av_frame_free(&m_frame);
    avcodec_free_context(&m_codec);
    if (m_format) {
        if (m_format->pb)
            avio_closep(&m_format->pb);
        avformat_free_context(m_format);
    }
}

QString Mp4Writer::sizeProblem(const QSize &size)
{
    if (size.width() % 2 == 0 && size.height() % 2 == 0)
        return {};
    return QStringLiteral("an MP4 (yuv420p) needs an even width and height, not %1 x %2")
        .arg(size.width())
        .arg(size.height());
}

bool Mp4Writer::failed(int averror)
{
    if (m_file.errorString().isEmpty()) {
        char text[AV_ERROR_MAX_STRING_SIZE] = {};
        av_strerror(averror, text, sizeof text);
        m_file.fail(QString::fromUtf8(text));
    }
    return false;
}

bool Mp4Writer::open(const QSize &size, int fps)
{
    if (!m_file.open())
        return false;
    // A command that writes a file is silent on success; FFmpeg's failures
    // come back as the error codes this class reports.
    av_log_set_level(AV_LOG_QUIET);
    m_size = size;
    const QByteArray path = QFile::encodeName(m_file.temporaryPath());
    int error = avformat_alloc_output_context2(&m_format, nullptr, "mp4", path.constData());
    if (error < 0)
        return failed(error);
    const AVCodec *encoder = avcodec_find_encoder(AV_CODEC_ID_H264);
    if (!encoder)
        return m_file.fail(QStringLiteral("this FFmpeg has no H.264 encoder"));
    m_stream = avformat_new_stream(m_format, nullptr);
    m_codec = avcodec_alloc_context3(encoder);
    m_frame = av_frame_alloc();
    m_packet = av_packet_alloc();
    if (!m_stream || !m_codec || !m_frame || !m_packet)
        return failed(AVERROR(ENOMEM));
    m_codec->width = size.width();
    m_codec->height = size.height();
    m_codec->pix_fmt = AV_PIX_FMT_YUV420P;
    m_codec->time_base = AVRational{1, fps};
    m_codec->framerate = AVRational{fps, 1};
    m_codec->gop_size = fps;
    // What the slides' players assume of an untagged video: BT.709, limited range.
    m_codec->colorspace = AVCOL_SPC_BT709;
    m_codec->color_primaries = AVCOL_PRI_BT709;
    m_codec->color_trc = AVCOL_TRC_BT709;
    m_codec->color_range = AVCOL_RANGE_MPEG;
    if (m_format->oformat->flags & AVFMT_GLOBALHEADER)
        m_codec->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
    // Sharp text and cell numbers: a low constant rate factor. A figure is
    // flat colours that barely move, so x264's slower presets search for
    // little: veryfast writes a file 2% larger in two thirds of medium's time.
    av_opt_set(m_codec->priv_data, "preset", "veryfast", 0);
    av_opt_set(m_codec->priv_data, "crf", "18", 0);
    if ((error = avcodec_open2(m_codec, encoder, nullptr)) < 0)
        return failed(error);
    if ((error = avcodec_parameters_from_context(m_stream->codecpar, m_codec)) < 0)
        return failed(error);
    m_stream->time_base = m_codec->time_base;
    m_stream->avg_frame_rate = m_codec->framerate;
    m_stream->r_frame_rate = m_codec->framerate;

    m_frame->format = AV_PIX_FMT_YUV420P;
    m_frame->width = size.width();
    m_frame->height = size.height();
    if ((error = av_frame_get_buffer(m_frame, 0)) < 0)
        return failed(error);
    // QImage's RGB32 is B, G, R, 0xff in memory.
    m_scale =
        sws_getContext(size.width(), size.height(), AV_PIX_FMT_BGRA, size.width(), size.height(),
                       AV_PIX_FMT_YUV420P, SWS_BICUBIC, nullptr, nullptr, nullptr);
    if (!m_scale)
        return failed(AVERROR(ENOMEM));
    sws_setColorspaceDetails(m_scale, sws_getCoefficients(SWS_CS_DEFAULT), 1,
                             sws_getCoefficients(SWS_CS_ITU709), 0, 0, 1 << 16, 1 << 16);

    if ((error = avio_open(&m_format->pb, path.constData(), AVIO_FLAG_WRITE)) < 0)
        return failed(error);
    AVDictionary *options = nullptr;
    av_dict_set(&options, "movflags", "+faststart", 0);
    error = avformat_write_header(m_format, &options);
    av_dict_free(&options);
    if (error < 0)
        return failed(error);
    return true;
}

bool Mp4Writer::send(const AVFrame *frame)
{
    int error = avcodec_send_frame(m_codec, frame);
    if (error < 0)
        return failed(error);
    for (;;) {
        error = avcodec_receive_packet(m_codec, m_packet);
        if (error == AVERROR(EAGAIN) || error == AVERROR_EOF)
            return true;
        if (error < 0)
            return failed(error);
        av_packet_rescale_ts(m_packet, m_codec->time_base, m_stream->time_base);
        m_packet->stream_index = m_stream->index;
        error = av_interleaved_write_frame(m_format, m_packet);
        if (error < 0)
            return failed(error);
    }
}

bool Mp4Writer::addFrame(const QImage &frame)
{
    const QImage rgb = frame.convertToFormat(QImage::Format_RGB32);
    int error = av_frame_make_writable(m_frame);
    if (error < 0)
        return failed(error);
    const uint8_t *source[] = {rgb.constBits()};
    const int stride[] = {int(rgb.bytesPerLine())};
    sws_scale(m_scale, source, stride, 0, m_size.height(), m_frame->data, m_frame->linesize);
    m_frame->pts = m_next++;
    return send(m_frame);
}

bool Mp4Writer::commit()
{
    if (!send(nullptr))
        return false;
    const int error = av_write_trailer(m_format);
    if (error < 0)
        return failed(error);
    avio_closep(&m_format->pb);
    return m_file.commit();
}

} // namespace AttentionLab
