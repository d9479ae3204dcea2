#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 The Attention Lab authors
# Wall time from starting attention-lab to its window being mapped, on a
# fresh Xvfb display (needs xvfb and xdotool). Usage: benchmarks/startup.sh [BUILD_DIR] [RUNS]
set -u
here=$(cd "$(dirname "$0")" && pwd)
exe=${1:-$here/../build}/app/attention-lab
runs=${2:-5}
rdir=$(mktemp -d)
exec 3>"$rdir/display"
Xvfb -displayfd 3 -screen 0 1600x1000x24 -nolisten tcp >/dev/null 2>&1 &
xpid=$!
for _ in $(seq 50); do [[ -s $rdir/display ]] && break; sleep 0.1; done
export DISPLAY=:$(head -n1 "$rdir/display")
export XDG_CONFIG_HOME=$rdir/config XDG_DATA_HOME=$rdir/data # no remembered state, no recovery prompt
for i in $(seq "$runs"); do
    start=$(date +%s%N)
    "$exe" >/dev/null 2>&1 &
    app=$!
    until xdotool search --onlyvisible --name "Attention Lab" >/dev/null 2>&1; do sleep 0.005; done
    end=$(date +%s%N)
    echo "run $i: $(( (end - start) / 1000000 )) ms to a shown window"
    kill "$app"; wait "$app" 2>/dev/null
done
kill "$xpid"
rm -rf "$rdir"
