// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// The MP4 plugin: FFmpeg's H.264 writer behind the C functions of
// mp4encoderapi.h. It is the only part of Attention Lab that links
// libavcodec, libavformat and libswscale; the program loads it with QLibrary
// the first time an MP4 is written (Mp4Library). No Qt here: the plugin is
// FFmpeg and the C++ runtime alone.

#include "ui/figure/mp4encoderapi.h"

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/error.h>
#include <libavutil/log.h>
#include <libavutil/opt.h>
#include <libswscale/swscale.h>
}

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <new>

#define ATTENTIONLAB_MP4_EXPORT extern "C" __attribute__((visibility("default")))

struct AttentionLabMp4
{
    AVFormatContext *format = nullptr;
    AVCodecContext *codec = nullptr;
    AVStream *stream = nullptr;
    AVFrame *frame = nullptr;
    AVPacket *packet = nullptr;
    SwsContext *scale = nullptr;
    int width = 0;
    int height = 0;
    long long next = 0;
};

namespace {

void say(char *error, std::size_t size, const char *text)
{
    if (error && size > 0)
        std::snprintf(error, size, "%s", text);
}

/// FFmpeg's own words for \a averror; false.
bool failed(int averror, char *error, std::size_t size)
{
    char text[AV_ERROR_MAX_STRING_SIZE] = {};
    av_strerror(averror, text, sizeof text);
    say(error, size, text);
    return false;
}

void release(AttentionLabMp4 *mp4)
{
    if (!mp4)
        return;
    sws_freeContext(mp4->scale);
    av_packet_free(&mp4->packet);
    av_frame_free(&mp4->frame);
    avcodec_free_context(&mp4->codec);
    if (mp4->format) {
        if (mp4->format->pb)
            avio_closep(&mp4->format->pb);
        avformat_free_context(mp4->format);
    }
    delete mp4;
}

bool open(AttentionLabMp4 *mp4, const char *path, int width, int height, int fps, char *error,
          std::size_t size)
{
    // A command that writes a file is silent on success; FFmpeg's failures
    // come back as the error codes reported here.
    av_log_set_level(AV_LOG_QUIET);
    mp4->width = width;
    mp4->height = height;
    int code = avformat_alloc_output_context2(&mp4->format, nullptr, "mp4", path);
    if (code < 0)
        return failed(code, error, size);
    const AVCodec *encoder = avcodec_find_encoder_by_name("libx264");
    if (!encoder)
        encoder = avcodec_find_encoder(AV_CODEC_ID_H264);
    if (!encoder) {
        say(error, size, "this FFmpeg has no H.264 encoder");
        return false;
    }
    mp4->stream = avformat_new_stream(mp4->format, nullptr);
    mp4->codec = avcodec_alloc_context3(encoder);
    mp4->frame = av_frame_alloc();
    mp4->packet = av_packet_alloc();
    if (!mp4->stream || !mp4->codec || !mp4->frame || !mp4->packet)
        return failed(AVERROR(ENOMEM), error, size);
    AVCodecContext *codec = mp4->codec;
    codec->width = width;
    codec->height = height;
    codec->pix_fmt = AV_PIX_FMT_YUV420P;
    codec->time_base = AVRational{1, fps};
    codec->framerate = AVRational{fps, 1};
    codec->gop_size = fps;
    // What the slides' players assume of an untagged video: BT.709, limited range.
    codec->colorspace = AVCOL_SPC_BT709;
    codec->color_primaries = AVCOL_PRI_BT709;
    codec->color_trc = AVCOL_TRC_BT709;
    codec->color_range = AVCOL_RANGE_MPEG;
    if (mp4->format->oformat->flags & AVFMT_GLOBALHEADER)
        codec->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
    // Sharp text and cell numbers: a low constant rate factor. A figure is
    // flat colours that barely move, so x264's slower presets search for
    // little: veryfast writes a file 2% larger in two thirds of medium's time.
    av_opt_set(codec->priv_data, "preset", "veryfast", 0);
    av_opt_set(codec->priv_data, "crf", "18", 0);
    // The frames x264 holds, bounded whatever the count and the size: no
    // lookahead and no B-frames (zerolatency), its threads sharing the frame
    // in slices. By default it held a dozen frames and more, 9.5 GiB for 60
    // frames of 10000 x 10000 (issue 36, item 2).
    av_opt_set(codec->priv_data, "tune", "zerolatency", 0);
    if ((code = avcodec_open2(codec, encoder, nullptr)) < 0)
        return failed(code, error, size);
    if ((code = avcodec_parameters_from_context(mp4->stream->codecpar, codec)) < 0)
        return failed(code, error, size);
    mp4->stream->time_base = codec->time_base;
    mp4->stream->avg_frame_rate = codec->framerate;
    mp4->stream->r_frame_rate = codec->framerate;

    mp4->frame->format = AV_PIX_FMT_YUV420P;
    mp4->frame->width = width;
    mp4->frame->height = height;
    if ((code = av_frame_get_buffer(mp4->frame, 0)) < 0)
        return failed(code, error, size);
    // QImage's RGB32 is B, G, R, 0xff in memory.
    mp4->scale = sws_getContext(width, height, AV_PIX_FMT_BGRA, width, height, AV_PIX_FMT_YUV420P,
                                SWS_BICUBIC, nullptr, nullptr, nullptr);
    if (!mp4->scale)
        return failed(AVERROR(ENOMEM), error, size);
    sws_setColorspaceDetails(mp4->scale, sws_getCoefficients(SWS_CS_DEFAULT), 1,
                             sws_getCoefficients(SWS_CS_ITU709), 0, 0, 1 << 16, 1 << 16);

    if ((code = avio_open(&mp4->format->pb, path, AVIO_FLAG_WRITE)) < 0)
        return failed(code, error, size);
    AVDictionary *options = nullptr;
    av_dict_set(&options, "movflags", "+faststart", 0);
    code = avformat_write_header(mp4->format, &options);
    av_dict_free(&options);
    if (code < 0)
        return failed(code, error, size);
    return true;
}

bool send(AttentionLabMp4 *mp4, const AVFrame *frame, char *error, std::size_t size)
{
    int code = avcodec_send_frame(mp4->codec, frame);
    if (code < 0)
        return failed(code, error, size);
    for (;;) {
        code = avcodec_receive_packet(mp4->codec, mp4->packet);
        if (code == AVERROR(EAGAIN) || code == AVERROR_EOF)
            return true;
        if (code < 0)
            return failed(code, error, size);
        av_packet_rescale_ts(mp4->packet, mp4->codec->time_base, mp4->stream->time_base);
        mp4->packet->stream_index = mp4->stream->index;
        code = av_interleaved_write_frame(mp4->format, mp4->packet);
        if (code < 0)
            return failed(code, error, size);
    }
}

} // namespace

ATTENTIONLAB_MP4_EXPORT int attentionlab_mp4_api()
{
    return kAttentionLabMp4Api;
}

ATTENTIONLAB_MP4_EXPORT AttentionLabMp4 *attentionlab_mp4_open(const char *path, int width,
                                                               int height, int fps, char *error,
                                                               std::size_t errorSize)
{
    auto *mp4 = new (std::nothrow) AttentionLabMp4;
    if (!mp4) {
        failed(AVERROR(ENOMEM), error, errorSize);
        return nullptr;
    }
    if (!open(mp4, path, width, height, fps, error, errorSize)) {
        release(mp4);
        return nullptr;
    }
    return mp4;
}

ATTENTIONLAB_MP4_EXPORT int attentionlab_mp4_add(AttentionLabMp4 *mp4, const unsigned char *bgrx,
                                                 int stride, char *error, std::size_t errorSize)
{
    const int code = av_frame_make_writable(mp4->frame);
    if (code < 0)
        return failed(code, error, errorSize);
    const uint8_t *source[] = {bgrx};
    const int strides[] = {stride};
    sws_scale(mp4->scale, source, strides, 0, mp4->height, mp4->frame->data, mp4->frame->linesize);
    mp4->frame->pts = mp4->next++;
    return send(mp4, mp4->frame, error, errorSize);
}

ATTENTIONLAB_MP4_EXPORT int attentionlab_mp4_finish(AttentionLabMp4 *mp4, char *error,
                                                    std::size_t errorSize)
{
    if (!send(mp4, nullptr, error, errorSize))
        return 0;
    const int code = av_write_trailer(mp4->format);
    if (code < 0)
        return failed(code, error, errorSize);
    // The bytes still buffered reach the file here: a full disk shows now.
    if (const int closed = avio_closep(&mp4->format->pb); closed < 0)
        return failed(closed, error, errorSize);
    return 1;
}

ATTENTIONLAB_MP4_EXPORT void attentionlab_mp4_close(AttentionLabMp4 *mp4)
{
    release(mp4);
}
