#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 The Attention Lab authors
"""Attention Lab's generation against PyTorch's greedy loop with a key/value
cache, on the same weights.

    /usr/bin/python3 benchmarks/torch_generate.py [FOLDER] [--binary PATH] [--tokens 64]
                                                  [--runs 3]

FOLDER (default /tmp/gpt2-small-random) is a checkpoint shaped as GPT-2 small
(12 layers, 12 heads, d_model 768, vocabulary 50257), generated once with
random weights by torch_forward.py's generate() when it is missing. Then, in
the same run, at a prompt of 128 token ids cycling through the vocabulary:

- PyTorch (Debian's python3-torch, float32, 2 threads, no transformers): the
  prompt's forward pass as GPT2LMHeadModel computes it, keeping every layer's
  attention and its keys and values, the arg-max of the last logits; then
  each token one new row of q, k and v per layer, its keys and values
  appended to the cache (torch.cat, as transformers' DynamicCache does), its
  attention over the cache, the MLP and the logits, and the arg-max;
- `attention-lab bench --model FOLDER --generate --tokens N --json` with
  OMP_NUM_THREADS=2.

Each reports the milliseconds to the first token (the prompt's pass, the
logits and the choice) and the median per token after it."""
import argparse
import json
import math
import os
import statistics
import subprocess
import sys
import time

import torch
import torch.nn.functional as F

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from torch_forward import CONFIG, generate, read_weights  # noqa: E402

THREADS = 2
PROMPT = 128


def block_qkv(w, b, h, d, heads, eps):
    dh = d // heads
    x = F.layer_norm(h, (d,), w[b + "ln_1.weight"], w[b + "ln_1.bias"], eps)
    qkv = torch.addmm(w[b + "attn.c_attn.bias"], x, w[b + "attn.c_attn.weight"])
    return (t.view(-1, heads, dh).transpose(0, 1) for t in qkv.split(d, dim=1))


def block_rest(w, b, h, context, d, eps):
    h = h + torch.addmm(w[b + "attn.c_proj.bias"], context, w[b + "attn.c_proj.weight"])
    x = F.layer_norm(h, (d,), w[b + "ln_2.weight"], w[b + "ln_2.bias"], eps)
    x = torch.addmm(w[b + "mlp.c_fc.bias"], x, w[b + "mlp.c_fc.weight"])
    x = 0.5 * x * (1.0 + torch.tanh(math.sqrt(2.0 / math.pi) * (x + 0.044715 * torch.pow(x, 3.0))))
    return h + torch.addmm(w[b + "mlp.c_proj.bias"], x, w[b + "mlp.c_proj.weight"])


def next_token(w, h, d, eps):
    last = F.layer_norm(h[-1:], (d,), w["ln_f.weight"], w["ln_f.bias"], eps)
    return int(torch.argmax(last @ w["wte.weight"].T))


@torch.inference_mode()
def torch_generate(w, ids, tokens):
    """The greedy loop; returns the ids, the first token's and each later token's ms."""
    d, heads = CONFIG["n_embd"], CONFIG["n_head"]
    dh = d // heads
    eps = CONFIG["layer_norm_epsilon"]
    n = len(ids)
    start = time.perf_counter()
    h = w["wte.weight"][ids] + w["wpe.weight"][:n]
    causal = torch.tril(torch.ones(n, n, dtype=torch.bool))
    lowest = torch.full([], torch.finfo(torch.float32).min)
    cache, attentions = [], []
    for layer in range(CONFIG["n_layer"]):
        b = f"h.{layer}."
        q, k, v = block_qkv(w, b, h, d, heads, eps)
        cache.append((k, v))
        scores = torch.matmul(q, k.transpose(-1, -2)) / math.sqrt(dh)
        a = torch.softmax(torch.where(causal, scores, lowest), dim=-1)
        attentions.append(a)
        context = torch.matmul(a, v).transpose(0, 1).reshape(n, d)
        h = block_rest(w, b, h, context, d, eps)
    out = list(ids.tolist()) + [next_token(w, h, d, eps)]
    first = (time.perf_counter() - start) * 1000
    each = []
    for _ in range(tokens - 1):
        start = time.perf_counter()
        position = len(out) - 1
        h = w["wte.weight"][out[-1]:out[-1] + 1] + w["wpe.weight"][position:position + 1]
        rows = []
        for layer in range(CONFIG["n_layer"]):
            b = f"h.{layer}."
            q, k, v = block_qkv(w, b, h, d, heads, eps)
            k = torch.cat((cache[layer][0], k), dim=1)
            v = torch.cat((cache[layer][1], v), dim=1)
            cache[layer] = (k, v)
            a = torch.softmax(torch.matmul(q, k.transpose(-1, -2)) / math.sqrt(dh), dim=-1)
            rows.append(a)
            context = torch.matmul(a, v).transpose(0, 1).reshape(1, d)
            h = block_rest(w, b, h, context, d, eps)
        out.append(next_token(w, h, d, eps))
        each.append((time.perf_counter() - start) * 1000)
    return out, first, each


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", default="/tmp/gpt2-small-random")
    parser.add_argument("--binary", default=os.path.join(HERE, "..", "build", "app",
                                                         "attention-lab"))
    parser.add_argument("--tokens", type=int, default=64)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    if not os.path.exists(os.path.join(args.folder, "model.safetensors")):
        print(f"generating {args.folder} ...", file=sys.stderr)
        generate(args.folder)
    torch.set_num_threads(THREADS)

    environment = dict(os.environ, OMP_NUM_THREADS=str(THREADS))
    native = json.loads(subprocess.run(
        [args.binary, "bench", "--model", args.folder, "--generate", "--tokens",
         str(args.tokens), "--json"],
        check=True, capture_output=True, text=True, env=environment).stdout)

    w = read_weights(args.folder)
    ids = torch.arange(PROMPT) % CONFIG["vocab_size"]
    torch_generate(w, ids, 2)  # warm-up
    firsts, each = [], []
    for _ in range(args.runs):
        _, first, later = torch_generate(w, ids, args.tokens)
        firsts.append(first)
        each += later
    torch_first = statistics.median(firsts)
    torch_each = statistics.median(each)
    result = {"prompt": PROMPT, "tokens": args.tokens, "threads": THREADS,
              "attention_lab_first_token_ms": native["first_token_ms"],
              "attention_lab_per_token_ms": native["per_token_ms_median"],
              "torch_first_token_ms": torch_first, "torch_per_token_ms": torch_each,
              "first_token_ratio": native["first_token_ms"] / torch_first,
              "per_token_ratio": native["per_token_ms_median"] / torch_each}
    print(f"GPT-2-small-shaped random checkpoint, prompt {PROMPT} tokens, {args.tokens} written, "
          f"{THREADS} threads (torch {torch.__version__})")
    print(f"{'':14} {'attention-lab ms':>17} {'PyTorch ms':>11} {'ratio':>6}")
    print(f"{'first token':14} {result['attention_lab_first_token_ms']:>17.1f} "
          f"{torch_first:>11.1f} {result['first_token_ratio']:>6.2f}")
    print(f"{'per token':14} {result['attention_lab_per_token_ms']:>17.1f} "
          f"{torch_each:>11.1f} {result['per_token_ratio']:>6.2f}")
    print(json.dumps(result))


if __name__ == "__main__":
    main()
