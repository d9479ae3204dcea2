#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 The Attention Lab authors
# The inputs of issue 19's memory and rollout findings, generated at run time
# into a temporary folder (python3, no numpy), each run under /usr/bin/time -v
# as benchmarks/memory_limits.sh does: peak resident memory, wall time, exit
# status and the first line of any message.
#
#   benchmarks/attention_limits.sh [build/app/attention-lab]
#
# TOKENS (default 30000): the repeated-token model run; ROLLOUT_TOKENS
# (default 20000): the causal attention files of inspect and export;
# VOCABULARY (default 850000000): the vocabulary of the logits run. The
# models are GPT-2 checkpoints of one head of width 1, every weight 0 (their
# zeros a hole in the file, so they cost no disk); the attention files are
# uniform causal rows, one layer and two.
set -eu
exe=${1:-build/app/attention-lab}
tokens=${TOKENS:-30000}
rollout=${ROLLOUT_TOKENS:-20000}
vocabulary=${VOCABULARY:-850000000}
cap=${MEMORY_LIMITS_CAP_KIB:-16777216}
here=$(cd "$(dirname "$0")/.." && pwd)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

python3 - "$dir" "$here/tests/data/models/gpt2-tiny" "$tokens" "$rollout" "$vocabulary" <<'PY'
import array, json, os, shutil, struct, sys
d, tiny, tokens, rollout, vocabulary = sys.argv[1], sys.argv[2], *map(int, sys.argv[3:])

def zero_gpt2(name, positions, vocab, width=1):
    folder = os.path.join(d, name)
    os.makedirs(folder)
    for f in ("vocab.json", "merges.txt"):
        shutil.copy(os.path.join(tiny, f), folder)
    json.dump({"model_type": "gpt2", "activation_function": "gelu_new", "n_layer": 1,
               "n_head": 1, "n_embd": width, "n_inner": None, "n_positions": positions,
               "n_ctx": positions, "vocab_size": vocab, "layer_norm_epsilon": 1e-5,
               "bos_token_id": 309, "eos_token_id": 309},
              open(os.path.join(folder, "config.json"), "w"))
    w = width
    ones = [("h.0.ln_1.weight", [w]), ("h.0.ln_2.weight", [w]), ("ln_f.weight", [w])]
    zeros = [("h.0.ln_1.bias", [w]), ("h.0.attn.c_attn.weight", [w, 3 * w]),
             ("h.0.attn.c_attn.bias", [3 * w]), ("h.0.attn.c_proj.weight", [w, w]),
             ("h.0.attn.c_proj.bias", [w]), ("h.0.ln_2.bias", [w]),
             ("h.0.mlp.c_fc.weight", [w, 4 * w]), ("h.0.mlp.c_fc.bias", [4 * w]),
             ("h.0.mlp.c_proj.weight", [4 * w, w]), ("h.0.mlp.c_proj.bias", [w]),
             ("ln_f.bias", [w]), ("wpe.weight", [positions, w]), ("wte.weight", [vocab, w])]
    header, offset = {}, 0
    for name_, shape in ones + zeros:
        count = 1
        for axis in shape:
            count *= axis
        header[name_] = {"dtype": "F32", "shape": shape, "data_offsets": [offset, offset + 4 * count]}
        offset += 4 * count
    text = json.dumps(header, separators=(",", ":")).encode()
    text += b" " * ((8 - len(text) % 8) % 8)
    with open(os.path.join(folder, "model.safetensors"), "wb") as f:
        f.write(struct.pack("<Q", len(text)) + text + struct.pack("<f", 1.0) * (3 * w))
        f.truncate(8 + len(text) + offset)

def causal_npy(name, n, layers):
    shape = "(%d, %d, %d, %d)" % (layers, 1, n, n)
    dictionary = "{'descr': '<f4', 'fortran_order': False, 'shape': %s, }" % shape
    dictionary += " " * ((64 - (10 + len(dictionary) + 1) % 64) % 64) + "\n"
    with open(os.path.join(d, name), "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(dictionary)) + dictionary.encode())
        for _ in range(layers):
            for i in range(n):
                row = array.array("f", [1.0 / (i + 1)]) * (i + 1)
                f.write(row.tobytes())
                f.write(bytes(4 * (n - i - 1)))

zero_gpt2("repeats", tokens, 310)
zero_gpt2("vocabulary", 8, vocabulary)
causal_npy("causal1.npy", rollout, 1)
causal_npy("causal2.npy", rollout, 2)
open(os.path.join(d, "text"), "w").write(" the" * tokens)
PY

label_width=42
# shellcheck source=measure.sh
. "$(dirname "$0")/measure.sh"

text=$(cat "$dir/text")
measure "model --json, $tokens copies of one token" "$exe" model "$dir/repeats" --text "$text" --json
measure "model -o .npz, $tokens tokens" "$exe" model "$dir/repeats" --text "$text" -o "$dir/a.npz"
measure "model, a vocabulary of $vocabulary" "$exe" model "$dir/vocabulary" --text " the the"
measure "inspect, $rollout tokens, 1 layer" "$exe" inspect "$dir/causal1.npy"
measure "inspect, $rollout tokens, 2 layers" "$exe" inspect "$dir/causal2.npy"
measure "export --view rollout, $rollout tokens, 1 layer" "$exe" export "$dir/causal1.npy" \
    -o "$dir/r1.png" --view rollout
measure "export --view rollout, $rollout tokens, 2 layers" "$exe" export "$dir/causal2.npy" \
    -o "$dir/r2.png" --view rollout
