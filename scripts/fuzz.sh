#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 The Attention Lab authors
# CI: builds every libFuzzer target (tests/fuzz) with clang, ASan and UBSan
# into build-fuzz/ (or $FUZZ_BUILD_DIR, which may be scripts/sanitize.sh's
# build-debug, already instrumented), and runs each for FUZZ_SECONDS (default 45) from its seed
# corpus in tests/fuzz/corpus/NAME/. Fails on a crash, a leak, a timeout or a
# failed round trip, leaving the input that did it in build-fuzz/.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${FUZZ_BUILD_DIR:-$root/build-fuzz}
seconds=${FUZZ_SECONDS:-45}
"$root/scripts/deps.sh"
# A tree already configured for fuzzing (scripts/sanitize.sh's build-debug)
# is built as it is; configuring it again would rebuild it all.
if ! grep -q '^ATTENTIONLAB_FUZZING:BOOL=ON' "$build/CMakeCache.txt" 2>/dev/null; then
    cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ -DATTENTIONLAB_FUZZING=ON \
        -DATTENTIONLAB_NATIVE=ON
fi
cmake --build "$build" --parallel "$(nproc)" --target attentionlab_fuzzers

export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
for corpus in "$root"/tests/fuzz/corpus/*/; do
    name=$(basename "$corpus")
    # New inputs go to the first folder (scratch); the committed seeds stay as they are.
    work="$build/fuzz-corpus/$name"
    mkdir -p "$work"
    dict=()
    [ -f "$root/tests/fuzz/$name.dict" ] && dict=(-dict="$root/tests/fuzz/$name.dict")
    echo "== $name: ${seconds} s"
    (cd "$build" && "$build/tests/fuzz/$name" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -print_final_stats=1 "${dict[@]}" "$work" "$corpus")
done
