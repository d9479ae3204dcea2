#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 The Attention Lab authors
# Whole-process time of a headless PNG export of an 8-token session:
# `attention-lab export --view weights` against matplotlib drawing and saving
# the same labelled heatmap with a colour bar. Medians of RUNS runs each, in
# one sitting, so the ratio is what counts. Needs python3-matplotlib.
# Usage: benchmarks/export_compare.sh [BUILD_DIR] [RUNS]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
exe=${1:-$here/../build}/app/attention-lab
runs=${2:-15}
session=$here/eight-tokens.json
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

median_ms() { # command...: runs it $runs times, prints the median wall time
    local times=()
    for _ in $(seq "$runs"); do
        local start end
        start=$(date +%s%N)
        "$@" >/dev/null
        end=$(date +%s%N)
        times+=($(( (end - start) / 1000 )))
    done
    printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {m=(NR%2)?a[(NR+1)/2]:(a[NR/2]+a[NR/2+1])/2; printf "%.1f\n", m/1000}'
}

ours=$(median_ms env -u DISPLAY "$exe" export "$session" -o "$out/ours.png" --view weights --width 1200 --height 900)
theirs=$(median_ms /usr/bin/python3 "$here/matplotlib_export.py" "$session" "$out/theirs.png")
echo "8-token PNG export, whole process, median of $runs runs"
echo "  attention-lab export: $ours ms"
echo "  matplotlib:           $theirs ms"
awk -v a="$ours" -v b="$theirs" 'BEGIN { printf "  attention-lab takes %.2f of matplotlib'"'"'s time (%.1fx faster)\n", a / b, b / a }'
