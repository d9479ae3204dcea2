#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 The Attention Lab authors
# CI: builds the whole suite with AddressSanitizer and UndefinedBehaviorSanitizer
# (the "debug" preset, into build-debug/) and runs it with CTest. Any memory
# error, leak or undefined behaviour aborts the test that hit it.
#
# The build is clang's, with every library instrumented for libFuzzer too
# (ATTENTIONLAB_FUZZING): the same tree then holds the fuzzers, which
# scripts/fuzz.sh runs without building the libraries again
# (FUZZ_BUILD_DIR=build-debug, as .ci/run does). One kernel set
# (-march=native), not the portable build's four: the sanitizers check the
# code every set shares, and the Release suite (scripts/test.sh) runs every
# set the processor supports. Both savings keep .ci/run within its budget.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
"$root/scripts/deps.sh"
cmake --preset debug -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
    -DATTENTIONLAB_FUZZING=ON -DATTENTIONLAB_NATIVE=ON
cmake --build --preset debug --parallel "$(nproc)"
# Undefined behaviour fails the test instead of printing and going on; the
# suppressions cover leaks inside the system's own libraries (fontconfig).
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
export ASAN_OPTIONS=detect_leaks=1
export LSAN_OPTIONS=suppressions=$root/scripts/lsan.supp:print_suppressions=0
QT_QPA_PLATFORM=offscreen ctest --preset debug --timeout 900 --parallel "$(nproc)"
