#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 The Attention Lab authors
# Runs `attention-lab bench` and the numpy full pass on the same machine, one
# after the other, and prints how many times faster Attention Lab is per n.
# Usage: benchmarks/compare.sh [BUILD_DIR] [N_LIST]   (default: build, 64,256,1024,4096)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/../build}
ns=${2:-64,256,1024,4096}
ours=$("$build/app/attention-lab" bench --n "$ns" --json)
# numpy: OpenBLAS's own kernel choice (see docs/performance.md, "Speed", on OPENBLAS_CORETYPE).
theirs=$(env -u OPENBLAS_CORETYPE -u OPENBLAS_L2_SIZE /usr/bin/python3 "$here/numpy_full_pass.py" --n "$ns" --json)
/usr/bin/python3 - "$ours" "$theirs" <<'PY'
import json, sys
ours, theirs = (json.loads(x) for x in sys.argv[1:3])
t = {r["n"]: r["full_pass_ms_median"] for r in theirs["rows"]}
print(f"d = {ours['d']}, float64, causal full pass; numpy {theirs['numpy']}")
print(f"{'n':>7}{'attention-lab ms':>18}{'numpy ms':>12}{'speed-up':>10}")
for r in ours["rows"]:
    n, a = r["n"], r["full_pass_ms_median"]
    print(f"{n:>7}{a:>18.3f}{t[n]:>12.3f}{t[n] / a:>9.1f}x")
PY
