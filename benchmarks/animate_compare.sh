#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 The Attention Lab authors
# Whole-process time of a 60-frame temperature sweep (0.1 to 10, log) of the
# lecture example at 1200 x 900, as a GIF and as an MP4: `attention-lab
# animate` of the whole figure against matplotlib's FuncAnimation with
# PillowWriter and FFMpegWriter drawing the same 60 heatmaps with their
# colour bar and labels (benchmarks/matplotlib_animate.py). Medians of RUNS
# runs each, all in one sitting, so the ratios are what counts (the machine
# may be shared). Each file is then checked: 60 frames of 1200 x 900
# (ImageMagick's identify for the GIFs, ffprobe for the MP4s), and the peak
# memory of one run of ours is printed.
# Needs python3-matplotlib and the ffmpeg binary (Debian's `ffmpeg`, which
# FFMpegWriter runs; it brings ffprobe) and imagemagick.
# Usage: benchmarks/animate_compare.sh [BUILD_DIR] [RUNS]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
exe=${1:-$here/../build}/app/attention-lab
runs=${2:-3}
session=$here/../resources/presets/lecture.json
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for tool in ffmpeg ffprobe identify; do
    command -v "$tool" >/dev/null || { echo "animate_compare.sh needs $tool (apt-get install ffmpeg imagemagick)" >&2; exit 2; }
done

median_ms() { # command...: runs it $runs times, prints the median wall time
    local times=()
    for _ in $(seq "$runs"); do
        local start end
        start=$(date +%s%N)
        "$@" >/dev/null 2>&1
        end=$(date +%s%N)
        times+=($(( (end - start) / 1000 )))
    done
    printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {m=(NR%2)?a[(NR+1)/2]:(a[NR/2]+a[NR/2+1])/2; printf "%.0f\n", m/1000}'
}

ours() { env -u DISPLAY "$exe" animate "$session" -o "$1" --sweep temperature=0.1:10:log --frames 60 --fps 15 --width 1200 --height 900; }
theirs() { /usr/bin/python3 "$here/matplotlib_animate.py" "$session" "$1" 60; }

echo "60-frame temperature sweep at 1200 x 900, whole process, median of $runs runs"
for format in gif mp4; do
    a=$(median_ms ours "$out/ours.$format")
    b=$(median_ms theirs "$out/theirs.$format")
    echo "  $format: attention-lab animate $a ms, matplotlib $b ms"
    awk -v a="$a" -v b="$b" 'BEGIN { printf "       attention-lab takes %.3f of matplotlib'"'"'s time (%.1fx faster; the target is at most 0.2)\n", a / b, b / a }'
done

check() { # FILE: its frame count and size
    case $1 in
    *.gif) echo "$(identify "$1" | wc -l) frames, $(identify -format '%Wx%H\n' "$1" | sort -u | tr '\n' ' ')" ;;
    *.mp4) ffprobe -v error -count_frames -select_streams v:0 -show_entries \
        stream=codec_name,pix_fmt,width,height,r_frame_rate,nb_read_frames -of csv=p=0 "$1" ;;
    esac
}
for f in "$out"/ours.gif "$out"/theirs.gif "$out"/ours.mp4 "$out"/theirs.mp4; do
    echo "  $(basename "$f"): $(check "$f")"
done
rss=$( { /usr/bin/time -f '%M' env -u DISPLAY "$exe" animate "$session" -o "$out/rss.gif" --sweep temperature=0.1:10:log --frames 60 --width 1200 --height 900; } 2>&1 | tail -1)
rss600=$( { /usr/bin/time -f '%M' env -u DISPLAY "$exe" animate "$session" -o "$out/rss600.gif" --sweep temperature=0.1:10:log --frames 600 --width 1200 --height 900; } 2>&1 | tail -1)
echo "  peak memory of attention-lab animate (GIF): $((rss / 1024)) MiB for 60 frames, $((rss600 / 1024)) MiB for 600"
