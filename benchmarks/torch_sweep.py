#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 The Attention Lab authors
"""A head-ablation sweep: `attention-lab sweep` against PyTorch's full passes.

    /usr/bin/python3 benchmarks/torch_sweep.py [--binary PATH] [--tokens 24] [--rounds 3]
        [--root /tmp]

On random weights of GPT-2 small's shape (12 layers x 12 heads, d_model 768,
made once into ROOT by benchmarks/make_random_checkpoints.py), in the same run:

- `attention-lab sweep FOLDER --repeat-random N/2 --measure kl --json`: each of
  the 144 heads zeroed in turn, the KL divergence of the last position's
  next-token distribution from the unablated one; the whole process timed
  (start, reading the checkpoint, the baseline pass and 144 passes, each
  reusing the layers below its head), median of ROUNDS;
- PyTorch (float32, eager, every core) doing the same work as one would
  without reusing anything: 144 full forward passes, each with one head's
  output zeroed before c_proj, the last position's logits, the KL; the
  baseline pass once; median of ROUNDS.

The target (issue 33): ours at most half of PyTorch's time. The two sweeps'
KL grids are compared too (float32 noise, 1e-4), so that both did the same work.
Like benchmarks/torch_forward.py, it runs itself with OpenBLAS when installed."""
import argparse
import json
import math
import os
import statistics
import subprocess
import sys
import time

OPENBLAS = "/usr/lib/x86_64-linux-gnu/openblas-pthread"
if (os.path.exists(os.path.join(OPENBLAS, "libblas.so.3"))
        and OPENBLAS not in os.environ.get("LD_LIBRARY_PATH", "")):
    os.environ["LD_LIBRARY_PATH"] = ":".join(
        p for p in (OPENBLAS, os.environ.get("LD_LIBRARY_PATH")) if p)
    os.execv(sys.executable, [sys.executable] + sys.argv)

import torch  # noqa: E402
import torch.nn.functional as F  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from make_random_checkpoints import SHAPES, make, read_safetensors  # noqa: E402


def gpt2_last_logits(w, cfg, ids, ablated=None):
    """GPT2LMHeadModel's eager forward, head `ablated` = (layer, head) zeroed
    before c_proj; the last position's logits."""
    n = len(ids)
    d, heads = cfg["n_embd"], cfg["n_head"]
    dh = d // heads
    eps = cfg["layer_norm_epsilon"]
    h = w["wte.weight"][ids] + w["wpe.weight"][:n]
    causal = torch.tril(torch.ones(n, n, dtype=torch.bool))
    lowest = torch.full([], torch.finfo(torch.float32).min)
    for layer in range(cfg["n_layer"]):
        b = f"h.{layer}."
        x = F.layer_norm(h, (d,), w[b + "ln_1.weight"], w[b + "ln_1.bias"], eps)
        qkv = torch.addmm(w[b + "attn.c_attn.bias"], x, w[b + "attn.c_attn.weight"])
        q, k, v = (t.view(n, heads, dh).transpose(0, 1) for t in qkv.split(d, dim=1))
        scores = torch.matmul(q, k.transpose(-1, -2)) / math.sqrt(dh)
        a = torch.softmax(torch.where(causal, scores, lowest), dim=-1)
        context = torch.matmul(a, v)
        if ablated is not None and ablated[0] == layer:
            context[ablated[1]] = 0.0
        context = context.transpose(0, 1).reshape(n, d)
        h = h + torch.addmm(w[b + "attn.c_proj.bias"], context, w[b + "attn.c_proj.weight"])
        x = F.layer_norm(h, (d,), w[b + "ln_2.weight"], w[b + "ln_2.bias"], eps)
        x = torch.addmm(w[b + "mlp.c_fc.bias"], x, w[b + "mlp.c_fc.weight"])
        x = 0.5 * x * (1.0 + torch.tanh(math.sqrt(2.0 / math.pi) * (x + 0.044715 * torch.pow(x, 3.0))))
        h = h + torch.addmm(w[b + "mlp.c_proj.bias"], x, w[b + "mlp.c_proj.weight"])
    last = F.layer_norm(h[-1:], (d,), w["ln_f.weight"], w["ln_f.bias"], eps)
    return (last @ w["wte.weight"].T)[0]


def kl(p_logits, q_logits):
    p = torch.log_softmax(p_logits.double(), -1)
    q = torch.log_softmax(q_logits.double(), -1)
    return float((p.exp() * (p - q)).sum())


def torch_sweep(w, cfg, ids):
    baseline = gpt2_last_logits(w, cfg, ids)
    return [[kl(baseline, gpt2_last_logits(w, cfg, ids, (l, h))) for h in range(cfg["n_head"])]
            for l in range(cfg["n_layer"])]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", default="/tmp")
    parser.add_argument("--binary", default=os.path.join(HERE, "..", "build", "app",
                                                         "attention-lab"))
    parser.add_argument("--tokens", type=int, default=24)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    torch.set_num_threads(os.cpu_count())
    cfg = SHAPES["gpt2"][0]
    folder = make("gpt2", args.root)
    half = args.tokens // 2
    command = [args.binary, "sweep", folder, "--repeat-random", str(half), "--measure", "kl",
               "--json"]
    ids = json.loads(subprocess.run([args.binary, "model", folder, "--repeat-random", str(half),
                                     "--json"], check=True, capture_output=True,
                                    text=True).stdout)["ids"]
    w = read_safetensors(os.path.join(folder, "model.safetensors"))
    ids_t = torch.tensor(ids)
    with torch.no_grad():
        gpt2_last_logits(w, cfg, ids_t)  # warm-up
        ours_s, torch_s = [], []
        ours = theirs = None
        for _ in range(args.rounds):
            start = time.perf_counter()
            ours = json.loads(subprocess.run(command, check=True, capture_output=True,
                                             text=True).stdout)
            ours_s.append(time.perf_counter() - start)
            start = time.perf_counter()
            theirs = torch_sweep(w, cfg, ids_t)
            torch_s.append(time.perf_counter() - start)
    worst = max(abs(a - b) for ra, rb in zip(ours["effects"], theirs) for a, b in zip(ra, rb))
    ratio = statistics.median(ours_s) / statistics.median(torch_s)
    print(json.dumps({
        "shape": "gpt2 (12 x 12 heads, d_model 768), random weights",
        "tokens": len(ids),
        "passes": cfg["n_layer"] * cfg["n_head"],
        "ours_s_median": statistics.median(ours_s),
        "torch_s_median": statistics.median(torch_s),
        "ratio": ratio,
        "target": "at most 0.5",
        "largest_kl_difference": worst,
        "threads": os.cpu_count(),
    }, indent=2))
    if worst > 1e-4:
        sys.exit(f"the two sweeps differ by {worst}")


if __name__ == "__main__":
    main()
