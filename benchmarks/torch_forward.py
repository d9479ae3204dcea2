#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 The Attention Lab authors
"""Attention Lab's native forward pass against PyTorch's, on the same weights.

    /usr/bin/python3 benchmarks/torch_forward.py [FOLDER] [--binary PATH] [--n 128,1024]

Generates once, into FOLDER (default /tmp/gpt2-random), a checkpoint shaped
as GPT-2 small (12 layers, 12 heads, d_model 768, 1024 positions, vocabulary
50257: 124M parameters) with random weights, in the hub's layout (no
`transformer.` prefix, the attn.bias buffers, float32) with its config.json.
Then, in the same run:

- PyTorch's float32 forward pass of those weights (Debian's python3-torch,
  eager, as transformers' GPT2LMHeadModel computes it, every layer's
  attention kept, logits of the last position only: the work `bench --model`
  does), median milliseconds at each n;
- `attention-lab bench --model FOLDER --n ... --json`;
- peak RSS (/usr/bin/time -f %M) of `attention-lab bench --model FOLDER --n 128`,
  against the size of model.safetensors.

Both use every core (torch.set_num_threads and OpenMP's default)."""
import argparse
import json
import math
import os
import statistics
import struct
import subprocess
import sys
import time

import torch
import torch.nn.functional as F

HERE = os.path.dirname(os.path.abspath(__file__))
CONFIG = {"model_type": "gpt2", "architectures": ["GPT2LMHeadModel"],
          "activation_function": "gelu_new", "n_layer": 12, "n_head": 12, "n_embd": 768,
          "n_inner": None, "n_positions": 1024, "n_ctx": 1024, "vocab_size": 50257,
          "layer_norm_epsilon": 1e-5, "bos_token_id": 50256, "eos_token_id": 50256}


def generate(folder):
    """Random GPT-2-small weights (normal, std 0.02 as GPT-2's init), hub layout."""
    torch.manual_seed(0)
    d, v, p = CONFIG["n_embd"], CONFIG["vocab_size"], CONFIG["n_positions"]
    tensors = [("wte.weight", torch.randn(v, d) * 0.02), ("wpe.weight", torch.randn(p, d) * 0.01)]
    for layer in range(CONFIG["n_layer"]):
        b = f"h.{layer}."
        tensors += [
            (b + "ln_1.weight", torch.ones(d)), (b + "ln_1.bias", torch.zeros(d)),
            (b + "attn.bias", torch.tril(torch.ones(p, p)).view(1, 1, p, p)),
            (b + "attn.c_attn.weight", torch.randn(d, 3 * d) * 0.02),
            (b + "attn.c_attn.bias", torch.zeros(3 * d)),
            (b + "attn.c_proj.weight", torch.randn(d, d) * 0.02 / math.sqrt(24)),
            (b + "attn.c_proj.bias", torch.zeros(d)),
            (b + "attn.masked_bias", torch.tensor(-1e4)),
            (b + "ln_2.weight", torch.ones(d)), (b + "ln_2.bias", torch.zeros(d)),
            (b + "mlp.c_fc.weight", torch.randn(d, 4 * d) * 0.02),
            (b + "mlp.c_fc.bias", torch.zeros(4 * d)),
            (b + "mlp.c_proj.weight", torch.randn(4 * d, d) * 0.02 / math.sqrt(24)),
            (b + "mlp.c_proj.bias", torch.zeros(d)),
        ]
    tensors += [("ln_f.weight", torch.ones(d)), ("ln_f.bias", torch.zeros(d))]
    os.makedirs(folder, exist_ok=True)
    header, offset = {}, 0
    for name, t in tensors:
        size = t.numel() * 4
        header[name] = {"dtype": "F32", "shape": list(t.shape),
                        "data_offsets": [offset, offset + size]}
        offset += size
    text = json.dumps(header, separators=(",", ":")).encode()
    text += b" " * ((-len(text)) % 8)
    path = os.path.join(folder, "model.safetensors")
    with open(path + ".part", "wb") as f:
        f.write(struct.pack("<Q", len(text)) + text)
        for _, t in tensors:
            f.write(t.contiguous().numpy().tobytes())
    os.replace(path + ".part", path)
    with open(os.path.join(folder, "config.json"), "w") as f:
        json.dump(CONFIG, f, indent=2)


def read_weights(folder):
    with open(os.path.join(folder, "model.safetensors"), "rb") as f:
        length = struct.unpack("<Q", f.read(8))[0]
        header = json.loads(f.read(length))
        data = bytearray(f.read())
    weights = {}
    for name, entry in header.items():
        begin, end = entry["data_offsets"]
        weights[name] = torch.frombuffer(data, dtype=torch.float32, offset=begin,
                                         count=(end - begin) // 4).view(entry["shape"])
    return weights


@torch.inference_mode()
def torch_forward(w, ids):
    """GPT2LMHeadModel's eager forward: all layers, attention kept, last logits."""
    n = len(ids)
    d, heads = CONFIG["n_embd"], CONFIG["n_head"]
    dh = d // heads
    eps = CONFIG["layer_norm_epsilon"]
    h = w["wte.weight"][ids] + w["wpe.weight"][:n]
    causal = torch.tril(torch.ones(n, n, dtype=torch.bool))
    lowest = torch.full([], torch.finfo(torch.float32).min)
    attentions = []
    for layer in range(CONFIG["n_layer"]):
        b = f"h.{layer}."
        x = F.layer_norm(h, (d,), w[b + "ln_1.weight"], w[b + "ln_1.bias"], eps)
        qkv = torch.addmm(w[b + "attn.c_attn.bias"], x, w[b + "attn.c_attn.weight"])
        q, k, v = (t.view(n, heads, dh).transpose(0, 1) for t in qkv.split(d, dim=1))
        scores = torch.matmul(q, k.transpose(-1, -2)) / math.sqrt(dh)
        a = torch.softmax(torch.where(causal, scores, lowest), dim=-1)
        attentions.append(a)
        context = torch.matmul(a, v).transpose(0, 1).reshape(n, d)
        h = h + torch.addmm(w[b + "attn.c_proj.bias"], context, w[b + "attn.c_proj.weight"])
        x = F.layer_norm(h, (d,), w[b + "ln_2.weight"], w[b + "ln_2.bias"], eps)
        x = torch.addmm(w[b + "mlp.c_fc.bias"], x, w[b + "mlp.c_fc.weight"])
        x = 0.5 * x * (1.0 + torch.tanh(math.sqrt(2.0 / math.pi) * (x + 0.044715 * torch.pow(x, 3.0))))
        h = h + torch.addmm(w[b + "mlp.c_proj.bias"], x, w[b + "mlp.c_proj.weight"])
    last = F.layer_norm(h[-1:], (d,), w["ln_f.weight"], w["ln_f.bias"], eps)
    logits = last @ w["wte.weight"].T
    return attentions, logits


def time_torch(w, n, budget_s=3.0, min_runs=3):
    ids = torch.arange(n) % CONFIG["vocab_size"]
    torch_forward(w, ids)  # warm-up
    times = []
    while len(times) < min_runs or sum(times) < budget_s * 1000:
        start = time.perf_counter()
        torch_forward(w, ids)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), len(times)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", default="/tmp/gpt2-random")
    parser.add_argument("--binary", default=os.path.join(HERE, "..", "build", "app",
                                                         "attention-lab"))
    parser.add_argument("--n", default="128,1024")
    args = parser.parse_args()
    lengths = [int(x) for x in args.n.split(",")]
    if not os.path.exists(os.path.join(args.folder, "model.safetensors")):
        print(f"generating {args.folder} ...", file=sys.stderr)
        generate(args.folder)
    weights_bytes = os.path.getsize(os.path.join(args.folder, "model.safetensors"))
    threads = os.cpu_count()
    torch.set_num_threads(threads)

    native = json.loads(subprocess.run(
        [args.binary, "bench", "--model", args.folder, "--n", args.n, "--json"],
        check=True, capture_output=True, text=True).stdout)
    native_ms = {row["n"]: row["forward_ms_median"] for row in native["rows"]}

    w = read_weights(args.folder)
    rows = []
    for n in lengths:
        torch_ms, runs = time_torch(w, n)
        rows.append({"n": n, "attention_lab_ms": native_ms[n], "torch_ms": torch_ms,
                     "torch_runs": runs, "ratio": native_ms[n] / torch_ms})
    del w

    timed = subprocess.run(["/usr/bin/time", "-f", "%M", args.binary, "bench", "--model",
                            args.folder, "--n", "128", "--json"],
                           check=True, capture_output=True, text=True)
    peak_kb = int(timed.stderr.strip().splitlines()[-1])
    peak_ratio = peak_kb * 1024 / weights_bytes

    print(f"GPT-2-small-shaped random checkpoint, {weights_bytes / 1e6:.0f} MB float32, "
          f"{threads} threads (torch {torch.__version__}, attention-lab OpenMP {native['threads']})")
    print(f"{'n':>6} {'attention-lab ms':>17} {'PyTorch ms':>11} {'ratio':>6}")
    for row in rows:
        print(f"{row['n']:>6} {row['attention_lab_ms']:>17.1f} {row['torch_ms']:>11.1f} "
              f"{row['ratio']:>6.2f}")
    print(f"peak RSS of bench --model --n 128: {peak_kb / 1024:.0f} MiB = "
          f"{peak_ratio:.3f} x the weights file (target < 1.25)")
    print(json.dumps({"weights_bytes": weights_bytes, "threads": threads, "rows": rows,
                      "peak_rss_kb_n128": peak_kb, "peak_rss_over_weights": peak_ratio}))


if __name__ == "__main__":
    main()
