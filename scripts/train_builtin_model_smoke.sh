#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 The Attention Lab authors
# A smoke test of scripts/train_builtin_model.py, apart from ctest so that CI
# needs no Python: a few steps on a slice of WordNet into a temporary folder,
# the card written by the program's own detectors, then the folder opened by
# the binary, its tokenizer checked against the script's ids.
# usage: scripts/train_builtin_model_smoke.sh [ATTENTION_LAB]   (build/app/attention-lab)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
program=${1:-$here/../build/app/attention-lab}
python=${PYTHON:-/usr/bin/python3}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

"$python" "$here/train_builtin_model.py" --out "$out/model" --lines 3000 --steps 6 --batch 4 \
    --vocab 600 --d-model 64 --heads 4 --layers 2 --context 128 --program "$program"
for file in config.json model.safetensors vocab.json merges.txt README.md training.json \
    tokenizer_check.json; do
    [[ -s $out/model/$file ]] || { echo "FAIL: $file was not written"; exit 1; }
done
"$program" model "$out/model" --text "a member of the genus" --json >"$out/run.json"
grep -q '"layers": 2' "$out/run.json" || { echo "FAIL: the model did not open as 2 layers"; exit 1; }
"$python" - "$out/model" "$program" <<'PY'
import json, subprocess, sys
folder, program = sys.argv[1:]
for check in json.load(open(f"{folder}/tokenizer_check.json")):
    done = subprocess.run([program, "tokenize", folder, "--text", check["text"], "--json"],
                          capture_output=True, text=True, check=True)
    ids = json.loads(done.stdout)["ids"]
    if ids != check["ids"]:
        sys.exit(f"FAIL: {check['text']!r}: the program gives {ids}, the script {check['ids']}")
PY
grep -q "Attention Lab's built-in model" "$out/model/README.md" || { echo "FAIL: no card"; exit 1; }
echo "smoke test passed: $(grep -c . "$out/model/README.md") lines of card"
