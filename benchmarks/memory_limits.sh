#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 The Attention Lab authors
# The inputs of issue 9's memory findings, generated at run time into a
# temporary folder, each run under /usr/bin/time -v: peak resident memory
# (Maximum resident set size), wall time and exit status.
#
#   benchmarks/memory_limits.sh [build/app/attention-lab]
#
# MEMORY_LIMITS_CAP_KIB (default 10485760, 10 GiB) caps each run's address
# space with ulimit -v, so a build that does not refuse up front stops there
# instead of swapping a shared machine; such a run reports "out of memory"
# (the address space runs ahead of the resident size, so an older build
# stops below 10 GiB resident). Output is counted, not kept: eval of the
# 22,000 x 22,000 session prints about 25 GB. The window runs offscreen for
# WINDOW_SECONDS (default 20) after opening the file, then is stopped.
set -eu
exe=${1:-build/app/attention-lab}
cap=${MEMORY_LIMITS_CAP_KIB:-10485760}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

python3 - "$dir" <<'EOF'
import random, sys
d = sys.argv[1]
head = '{"format": "attention-lab/session", "version": 1, '

def ones(n, digit_cycle=True):
    return ",".join("[%d]" % (i % 10) for i in range(n))

# 22,000 one-number queries and keys: 176 KB.
with open(d + "/ones22000.json", "w") as f:
    f.write(head + '"queries": [' + ones(22000) + '], "keys": [' + ones(22000) + ']}')
# 4096 x 4096, causal, d = 64.
random.seed(0)
def rows(n, dim):
    return ",".join("[" + ",".join("%.6f" % random.gauss(0, 1) for _ in range(dim)) + "]" for _ in range(n))
with open(d + "/causal4096.json", "w") as f:
    f.write(head + '"mask": "causal", "queries": [' + rows(4096, 64) + '], "keys": [' + rows(4096, 64) + ']}')
# Just under 64 MiB: one query, 16,777,000 one-number keys.
with open(d + "/keys16m.json", "w") as f:
    f.write(head + '"queries": [[1]], "keys": [' + ones(16777000) + ']}')
# A million tokens: one query, a million keys.
with open(d + "/million.json", "w") as f:
    f.write(head + '"queries": [[1]], "keys": [' + ones(1000000) + ']}')
EOF

# shellcheck source=measure.sh
. "$(dirname "$0")/measure.sh"

measure "eval 22,000 x 22,000, d = 1" "$exe" eval "$dir/ones22000.json"
measure "eval 4096 x 4096 causal, d = 64" "$exe" eval "$dir/causal4096.json"
measure "eval 16.8M keys (64 MiB file)" "$exe" eval "$dir/keys16m.json"
measure "--scale 1e6 draws, 1999 keys, d 1" "$exe" --scale --draws 1000000 --keys 1999 --dk 1
measure "export positional, 1M tokens" "$exe" export "$dir/million.json" -o "$dir/p.png" \
    --view positional
measure "export figure, 16.8M keys, SVG" "$exe" export "$dir/keys16m.json" -o "$dir/f.svg"
measure "export weights 4096 causal, PDF" "$exe" export "$dir/causal4096.json" -o "$dir/w.pdf" \
    --view weights

# The window, offscreen, opening a file; stopped after a while.
seconds=${WINDOW_SECONDS:-20}
measure "window opens 22,000 x 22,000" env QT_QPA_PLATFORM=offscreen timeout "$seconds" "$exe" \
    "$dir/ones22000.json"
measure "window opens 4096 x 4096 causal" env QT_QPA_PLATFORM=offscreen timeout "$seconds" "$exe" \
    "$dir/causal4096.json"
measure "window opens 16.8M keys" env QT_QPA_PLATFORM=offscreen timeout "$seconds" "$exe" \
    "$dir/keys16m.json"
