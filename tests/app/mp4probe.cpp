// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "mp4probe.h"

#include <QFile>

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/pixdesc.h>
#include <libswscale/swscale.h>
}

namespace {

/// Walks the top-level boxes: true when moov comes before mdat.
bool moovFirst(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return false;
    const QByteArray bytes = file.readAll();
    qsizetype at = 0;
    while (at + 8 <= bytes.size()) {
        quint64 size = (quint64(uchar(bytes[at])) << 24) | (quint64(uchar(bytes[at + 1])) << 16) |
                       (quint64(uchar(bytes[at + 2])) << 8) | quint64(uchar(bytes[at + 3]));
        const QByteArray type = bytes.mid(at + 4, 4);
        if (type == "moov")
            return true;
        if (type == "mdat")
            return false;
        if (size == 1 && at + 16 <= bytes.size()) {
            size = 0;
            for (int i = 0; i < 8; ++i)
                size = (size << 8) | uchar(bytes[at + 8 + i]);
        }
        if (size < 8)
            return false;
        at += qsizetype(size);
    }
    return false;
}

} // namespace

Mp4Probe probeMp4(const QString &path)
{
    Mp4Probe probe;
    probe.moovBeforeMdat = moovFirst(path);
    av_log_set_level(AV_LOG_QUIET);
    AVFormatContext *format = nullptr;
    const QByteArray name = QFile::encodeName(path);
    if (avformat_open_input(&format, name.constData(), nullptr, nullptr) < 0) {
        probe.error = QStringLiteral("cannot open");
        return probe;
    }
    avformat_find_stream_info(format, nullptr);
    const int index = av_find_best_stream(format, AVMEDIA_TYPE_VIDEO, -1, -1, nullptr, 0);
    if (index < 0) {
        probe.error = QStringLiteral("no video stream");
        avformat_close_input(&format);
        return probe;
    }
    const AVStream *stream = format->streams[index];
    const AVCodecParameters *parameters = stream->codecpar;
    probe.codec = QString::fromUtf8(avcodec_get_name(parameters->codec_id));
    if (const char *pixels = av_get_pix_fmt_name(AVPixelFormat(parameters->format)))
        probe.pixelFormat = QString::fromUtf8(pixels);
    probe.width = parameters->width;
    probe.height = parameters->height;
    probe.frameRateNum = stream->avg_frame_rate.num;
    probe.frameRateDen = stream->avg_frame_rate.den;
    probe.rFrameRateNum = stream->r_frame_rate.num;
    probe.rFrameRateDen = stream->r_frame_rate.den;
    probe.durationSeconds = double(stream->duration) * av_q2d(stream->time_base);

    const AVCodec *decoder = avcodec_find_decoder(parameters->codec_id);
    AVCodecContext *codec = avcodec_alloc_context3(decoder);
    avcodec_parameters_to_context(codec, parameters);
    avcodec_open2(codec, decoder, nullptr);
    AVPacket *packet = av_packet_alloc();
    AVFrame *frame = av_frame_alloc();
    SwsContext *scale = nullptr;
    auto receive = [&] {
        while (avcodec_receive_frame(codec, frame) == 0) {
            scale = sws_getCachedContext(scale, frame->width, frame->height,
                                         AVPixelFormat(frame->format), frame->width, frame->height,
                                         AV_PIX_FMT_BGRA, SWS_BICUBIC, nullptr, nullptr, nullptr);
            sws_setColorspaceDetails(scale, sws_getCoefficients(SWS_CS_ITU709), 0,
                                     sws_getCoefficients(SWS_CS_DEFAULT), 1, 0, 1 << 16, 1 << 16);
            QImage image(frame->width, frame->height, QImage::Format_RGB32);
            uint8_t *target[] = {image.bits()};
            const int stride[] = {int(image.bytesPerLine())};
            sws_scale(scale, frame->data, frame->linesize, 0, frame->height, target, stride);
            probe.images << image;
            ++probe.frames;
        }
    };
    while (av_read_frame(format, packet) >= 0) {
        if (packet->stream_index == index && avcodec_send_packet(codec, packet) == 0)
            receive();
        av_packet_unref(packet);
    }
    avcodec_send_packet(codec, nullptr);
    receive();
    sws_freeContext(scale);
    av_frame_free(&frame);
    av_packet_free(&packet);
    avcodec_free_context(&codec);
    avformat_close_input(&format);
    return probe;
}
