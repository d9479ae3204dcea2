#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 The Attention Lab authors
# A native build (-DATTENTIONLAB_NATIVE=ON) against the portable one, in one
# run, the binaries interleaved round by round so that the shared machine's
# load falls on all of them alike: `bench` (and `bench --model MODEL --n 128`
# when MODEL is given) of the native binary, the portable binary with the
# kernels it picks, and the portable binary forced to baseline x86-64.
# Prints each one's median over the rounds of its per-round medians, and the
# portable binaries' speed as a share of the native one's.
# Usage: benchmarks/kernels_compare.sh NATIVE_BUILD PORTABLE_BUILD [ROUNDS] [MODEL]
set -euo pipefail
if [ $# -lt 2 ]; then
    echo "usage: $0 NATIVE_BUILD PORTABLE_BUILD [ROUNDS] [MODEL]" >&2
    exit 2
fi
native=$1/app/attention-lab
portable=$2/app/attention-lab
rounds=${3:-5}
model=${4:-}
for binary in "$native" "$portable"; do
    [ -x "$binary" ] || { echo "$0: no binary $binary" >&2; exit 2; }
done
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
declare -A runs=(
    [native]="env -u ATTENTIONLAB_KERNEL $native"
    [portable]="env -u ATTENTIONLAB_KERNEL $portable"
    [baseline]="env ATTENTIONLAB_KERNEL=baseline $portable"
)
echo "native:   $(${runs[native]} --version)"
echo "portable: $(${runs[portable]} --version)"
echo "baseline: $(${runs[baseline]} --version)"
for round in $(seq "$rounds"); do
    for name in native portable baseline; do
        ${runs[$name]} bench --json >"$out/$name.bench.$round.json"
        if [ -n "$model" ]; then
            ${runs[$name]} bench --model "$model" --n 128 --json >"$out/$name.model.$round.json"
        fi
    done
done
/usr/bin/python3 - "$out" "$rounds" <<'PY'
import glob, json, statistics, sys
out, rounds = sys.argv[1], int(sys.argv[2])
def medians(name, kind):
    """n -> median over the rounds of each round's median milliseconds."""
    per_n = {}
    for path in glob.glob(f"{out}/{name}.{kind}.*.json"):
        for row in json.load(open(path))["rows"]:
            ms = next(v for k, v in row.items() if k.endswith("_ms_median"))
            per_n.setdefault(row["n"], []).append(ms)
    return {n: statistics.median(v) for n, v in per_n.items()}
for kind in ("bench", "model"):
    native = medians("native", kind)
    if not native:
        continue
    title = "bench (full causal pass, d = 64)" if kind == "bench" else "bench --model, n = 128"
    print(f"\n{title}, medians of {rounds} interleaved rounds (ms); speed as a share of native")
    print(f"{'n':>6}{'native':>10}{'portable':>10}{'share':>8}{'baseline':>10}{'share':>8}")
    for n in sorted(native):
        p, b = medians("portable", kind)[n], medians("baseline", kind)[n]
        print(f"{n:>6}{native[n]:>10.3f}{p:>10.3f}{native[n] / p:>7.0%}{b:>10.3f}{native[n] / b:>7.0%}")
PY
