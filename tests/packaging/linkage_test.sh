#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 The Attention Lab authors
# Checks what the program loads at start-up (issue 36): usage: linkage_test.sh
# BINARY PLUGIN. The binary links no FFmpeg library nor anything only FFmpeg
# brings (codecs, their network and container libraries), neither directly
# (its ELF NEEDED list) nor through another library (ldd); the MP4 plugin
# links FFmpeg, and no Qt.
set -uo pipefail
binary=$1
plugin=$2
failures=0
fail() {
    echo "FAIL: $*"
    failures=$((failures + 1))
}
# FFmpeg's libraries and what Debian's FFmpeg links that nothing else of ours does.
codecs='lib(avcodec|avformat|avutil|avfilter|avdevice|swscale|swresample|postproc|x264|x265|aom|dav1d|vpx|rav1e|SvtAv1Enc|openh264|kvazaar|theora|vorbis|opus|mp3lame|speex|twolame|shine|gsm|snappy|soxr|bluray|chromaprint|gme|openmpt|rabbitmq|srt-gnutls|ssh|zmq|OpenCL|va|vdpau|mfx|vpl|codec2|zvbi|aribb24|rist|sodium|pgm|norm|xvidcore|ilbc|bs2b|rubberband|mysofa|vidstab|zimg|lilv|flite|avc1394|iec61883|dc1394|cdio|openal|jack|pocketsphinx)[.-]'
needed=$(readelf -d "$binary" | awk '/\(NEEDED\)/ {gsub(/[][]/, "", $5); print $5}')
[ -n "$needed" ] || fail "readelf lists no NEEDED library of $binary"
if bad=$(grep -E "^$codecs" <<<"$needed"); then
    fail "$binary links $(echo "$bad" | tr '\n' ' ')directly"
fi
loaded=$(ldd "$binary" | awk '{print $1}')
if bad=$(grep -E "^$codecs" <<<"$loaded"); then
    fail "$binary loads $(echo "$bad" | tr '\n' ' ')at start-up (ldd)"
fi
ldd "$binary" | grep -q 'not found' && fail "ldd: a library of $binary is not found"
echo "$binary: $(wc -l <<<"$needed") libraries linked, $(wc -l <<<"$loaded") loaded"

plugin_needed=$(readelf -d "$plugin" | awk '/\(NEEDED\)/ {gsub(/[][]/, "", $5); print $5}')
for library in libavcodec libavformat libswscale; do
    grep -q "^$library\." <<<"$plugin_needed" || fail "the MP4 plugin does not link $library"
done
grep -q '^libQt' <<<"$plugin_needed" && fail "the MP4 plugin links Qt"
for symbol in attentionlab_mp4_api attentionlab_mp4_open attentionlab_mp4_add \
    attentionlab_mp4_finish attentionlab_mp4_close; do
    nm -D --defined-only "$plugin" | grep -q " T $symbol\$" || fail "the plugin exports no $symbol"
done
echo "$failures failures"
[ "$failures" -eq 0 ]
