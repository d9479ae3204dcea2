#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 The Attention Lab authors
# Start-up of whole processes, two binaries in one sitting (issue 36): each
# command run RUNS times, the binaries taking turns, and the medians printed
# with the shared libraries each binary loads (ldd) and its peak memory.
# `--version` and `--one` (target: at most 40 ms), and a headless PNG export
# of the lecture example's weights (1200 x 900) against matplotlib drawing
# and saving the same heatmap (benchmarks/matplotlib_export.py; target: at
# most 0.2 of its time; needs python3-matplotlib).
# Usage: benchmarks/startup_compare.sh BEFORE_BINARY [AFTER_BINARY] [RUNS]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
before=$1
after=${2:-$here/../build/app/attention-lab}
runs=${3:-21}
lecture=$here/../resources/presets/lecture.json
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# One wall time in microseconds: command...
once_us() {
    local start end
    start=$(date +%s%N)
    "$@" >/dev/null 2>&1
    end=$(date +%s%N)
    echo $(((end - start) / 1000))
}

median_ms() { # file of microseconds
    sort -n "$1" | awk '{a[NR]=$1} END {m=(NR%2)?a[(NR+1)/2]:(a[NR/2]+a[NR/2+1])/2; printf "%.1f", m/1000}'
}

declare -A commands=(
    [version]="--version"
    [one]="--one"
    [export]="export $lecture -o $out/PLACEHOLDER.png --view weights --width 1200 --height 900"
)
order=(version one export)
for ((i = 1; i <= runs; i++)); do
    for name in "${order[@]}"; do
        for side in before after; do
            exe=${!side}
            args=${commands[$name]//PLACEHOLDER/$side}
            # shellcheck disable=SC2086 # the arguments are words
            once_us env -u DISPLAY -u WAYLAND_DISPLAY "$exe" $args >>"$out/$side-$name"
        done
    done
    once_us /usr/bin/python3 "$here/matplotlib_export.py" "$lecture" "$out/matplotlib.png" \
        >>"$out/matplotlib"
done

echo "Whole processes, median of $runs runs each, the two binaries taking turns"
printf '  %-34s %10s %10s\n' "" "before" "after"
for name in "${order[@]}"; do
    printf '  %-34s %7s ms %7s ms\n' "attention-lab ${commands[$name]%% *}" \
        "$(median_ms "$out/before-$name")" "$(median_ms "$out/after-$name")"
done
mpl=$(median_ms "$out/matplotlib")
printf '  %-34s %7s ms\n' "matplotlib, the same heatmap" "$mpl"
for side in before after; do
    awk -v a="$(median_ms "$out/$side-export")" -v b="$mpl" -v s="$side" \
        'BEGIN { printf "  %s: the PNG export takes %.2f of matplotlib'"'"'s time\n", s, a / b }'
done
echo "Shared libraries (ldd) and peak memory of --version"
for side in before after; do
    exe=${!side}
    libs=$(ldd "$exe" | wc -l)
    codecs=$(ldd "$exe" | grep -cE 'libav(codec|format|util)|libsw(scale|resample)|libx26[45]' || true)
    peak=$(/usr/bin/time -f %M "$exe" --version 2>&1 >/dev/null | tail -n1)
    printf '  %-7s %4d libraries, %2d of them FFmpeg or x264/x265, --version peaks at %s KiB\n' \
        "$side" "$libs" "$codecs" "$peak"
done
