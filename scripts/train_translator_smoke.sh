#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 The Attention Lab authors
# A smoke test of scripts/train_translator.py and translator_card.py, apart
# from ctest so that CI needs no Python and no network: the corpus fetched
# (or read from the cache), a few steps on 500 pairs with small tokenizers
# into a temporary folder, the card written by the program, then the folder
# opened by the binary as a Marian model and asked to translate.
# usage: scripts/train_translator_smoke.sh [ATTENTION_LAB]   (build/app/attention-lab)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
program=${1:-$here/../build/app/attention-lab}
python=${PYTHON:-/usr/bin/python3}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

"$python" "$here/train_translator.py" --out "$out/model" --limit 500 --steps 5 --pieces 300 \
    --d-model 32 --layers 1 --batch-tokens 512
cp "$here/../resources/models/builtin-en-fr/alignments.tsv" "$out/model/"
for file in config.json model.safetensors vocab.json source.spm target.spm tokenizer_config.json \
    heldout.tsv packages.json; do
    [[ -s $out/model/$file ]] || { echo "FAIL: $file was not written"; exit 1; }
done
"$python" "$here/translator_card.py" "$out/model" --program "$program" --heldout-limit 5 >/dev/null
"$program" model "$out/model" --text "Show hidden files" --target "Afficher les fichiers" \
    --set cross --json >"$out/run.json"
grep -q '"model_type": "marian"' "$out/run.json" || { echo "FAIL: not opened as Marian"; exit 1; }
"$program" generate "$out/model" --text "Show hidden files" --tokens 3 >/dev/null
grep -q "builtin-en-fr: Attention Lab's English-to-French translator" "$out/model/README.md" ||
    { echo "FAIL: no card"; exit 1; }
echo "smoke test passed: $(grep -c . "$out/model/README.md") lines of card"
