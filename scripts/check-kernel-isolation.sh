#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 The Attention Lab authors
# Proves that the kernel sets of a portable build are isolated from each other
# (cmake/KernelVariants.cmake): each set's object exports its entry point and
# nothing else, keeps no COMDAT group the final link could merge with another
# set's, and holds only the instructions of its own level:
#   baseline: no AVX at all (no VEX or EVEX instruction, no ymm or zmm);
#   avx2:     no AVX-512 (no zmm, no mask register, no xmm16-31 or ymm16-31);
#   avx512:   AVX-512 and no tile (AMX) instruction;
#   amx:      AVX-512 and the tile product tdpbf16ps.
# Usage: check-kernel-isolation.sh ID=OBJECT... (CTest passes the build's sets).
set -euo pipefail
if [ $# -eq 0 ]; then
    echo "usage: $0 ID=OBJECT..." >&2
    exit 2
fi
failed=0
fail() {
    echo "FAIL $1" >&2
    failed=1
    this=1
}
for arg in "$@"; do
    id=${arg%%=*}
    object=${arg#*=}
    this=0
    [ -f "$object" ] || { fail "$id: no object $object"; continue; }
    exported=$(nm -g --defined-only "$object" | awk '{print $3}')
    [ "$exported" = "attentionlab_kernels_$id" ] ||
        fail "$id: exports $(echo "$exported" | tr '\n' ' ')(only attentionlab_kernels_$id may be global)"
    groups=$(readelf -g "$object" | grep -c COMDAT || true)
    [ "$groups" -eq 0 ] || fail "$id: $groups COMDAT groups left for the final link to merge"
    code=$(objdump -d --no-show-raw-insn "$object" | grep -P '^\s+[0-9a-f]+:\t' || true)
    instructions=$(echo "$code" | wc -l)
    [ "$instructions" -gt 1000 ] || fail "$id: only $instructions instructions: not the kernels"
    # Every AVX instruction is VEX or EVEX encoded, and its mnemonic starts with v.
    avx=$(echo "$code" | grep -cP ':\tv[a-z]' || true)
    avx512=$(echo "$code" | grep -cP '%zmm|%k[0-7]\b|%[xy]mm(1[6-9]|2[0-9]|3[01])\b' || true)
    case $id in
    baseline)
        [ "$avx" -eq 0 ] || fail "$id: $avx AVX instructions, e.g. $(echo "$code" | grep -P ':\tv[a-z]' | head -1)"
        ;;
    avx2)
        [ "$avx" -gt 0 ] || fail "$id: no AVX instruction at all: not compiled for x86-64-v3"
        [ "$avx512" -eq 0 ] || fail "$id: $avx512 AVX-512 instructions, e.g. $(echo "$code" | grep -P '%zmm|%k[0-7]\b' | head -1)"
        ;;
    avx512)
        [ "$avx512" -gt 0 ] || fail "$id: no AVX-512 instruction at all: not compiled for x86-64-v4"
        tiles=$(echo "$code" | grep -cP ':\t(tile|tdp|ldtilecfg|sttilecfg)' || true)
        [ "$tiles" -eq 0 ] || fail "$id: $tiles tile (AMX) instructions"
        ;;
    amx)
        [ "$avx512" -gt 0 ] || fail "$id: no AVX-512 instruction at all: not compiled for x86-64-v4"
        tiles=$(echo "$code" | grep -cP ':\ttdpbf16ps' || true)
        [ "$tiles" -gt 0 ] || fail "$id: no tile product (tdpbf16ps): not compiled for AMX-BF16"
        ;;
    esac
    [ "$this" -eq 1 ] || echo "$id: $instructions instructions, $avx AVX (VEX/EVEX), $avx512 touching AVX-512 registers; exports only attentionlab_kernels_$id; no COMDAT group"
done
exit $failed
