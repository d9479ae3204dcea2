#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 The Attention Lab authors
"""Attention Lab's native forward pass against PyTorch's, on the same weights.

    /usr/bin/python3 benchmarks/torch_forward.py [--shapes gpt2,smollm2-135m,llama-3.2-1b]
        [--binary PATH] [--baseline PATH] [--rounds 1] [--n 128,1024] [--root /tmp]

The checkpoints (random weights of GPT-2 small's, SmolLM2-135M's and
Llama-3.2-1B's shapes, in the hub's layout) are made once into ROOT by
benchmarks/make_random_checkpoints.py. Then, in the same run:

- numpy's float32 2048 x 2048 matrix product, GFLOP/s (best of several), at
  the start and at the end: this machine's float32 product rate, the limit;
- for each shape, PyTorch's float32 forward pass of the same weights (BF16
  widened to float32 once, as torch_dtype=float32 loads them), eager, every
  layer's attention kept, logits of the last position only (the work
  `bench --model` does), median milliseconds at each n;
- `attention-lab bench --model FOLDER --n ... --json` (and, with --baseline,
  the same of another binary, the two alternated ROUNDS times; medians);
- the multiply-adds of the pass, counted from the shapes (every projection
  at every position, each head's scores of every query with the keys its
  causal mask shows it, n (n + 1) / 2 of the n x n, and their product with
  v, the unembedding of one position), and so our rate in GFLOP/s and as a
  share of numpy's;
- peak RSS (/usr/bin/time -f %M) of `attention-lab bench --model FOLDER --n 128`,
  against the size of model.safetensors.

Both use every core (torch.set_num_threads and OpenMP's default).

Debian's numpy and python3-torch call libblas.so.3, which is the reference
(netlib) BLAS unless an optimised one is installed: about 6 GFLOP/s here,
no limit of the machine. When OpenBLAS is installed (libopenblas0-pthread)
the script runs itself with it (LD_LIBRARY_PATH, so the system's choice is
left alone), and says which BLAS numpy and PyTorch used."""
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

import numpy as np  # noqa: E402
import torch  # noqa: E402
import torch.nn.functional as F  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from make_random_checkpoints import SHAPES, make, read_safetensors  # noqa: E402

TIMED_SHAPES = ("gpt2", "smollm2-135m", "llama-3.2-1b", "gemma-3-1b")


def blas_in_use():
    with open("/proc/self/maps") as f:
        maps = f.read()
    return "OpenBLAS" if "openblas" in maps else "reference BLAS (netlib)"


def numpy_gflops(size=2048, runs=7):
    a = np.random.default_rng(0).standard_normal((size, size), dtype=np.float32)
    b = np.random.default_rng(1).standard_normal((size, size), dtype=np.float32)
    a @ b
    best = math.inf
    for _ in range(runs):
        start = time.perf_counter()
        a @ b
        best = min(best, time.perf_counter() - start)
    return 2 * size ** 3 / best / 1e9


# ---------------------------------------------------------------- PyTorch's passes

@torch.inference_mode()
def gpt2_forward(w, cfg, ids):
    """GPT2LMHeadModel's eager forward: all layers, attention kept, last logits."""
    n = len(ids)
    d, heads = cfg["n_embd"], cfg["n_head"]
    dh = d // heads
    eps = cfg["layer_norm_epsilon"]
    h = w["wte.weight"][ids] + w["wpe.weight"][:n]
    causal = torch.tril(torch.ones(n, n, dtype=torch.bool))
    lowest = torch.full([], torch.finfo(torch.float32).min)
    attentions = []
    for layer in range(cfg["n_layer"]):
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


def llama3_inv_freq(cfg, hd):
    """modeling_rope_utils: the default inv_freq, rescaled for rope_type llama3."""
    inv_freq = 1.0 / (cfg["rope_theta"] ** (torch.arange(0, hd, 2, dtype=torch.int64).float() / hd))
    scaling = cfg.get("rope_scaling")
    if not scaling:
        return inv_freq
    assert scaling["rope_type"] == "llama3"
    factor, low, high = scaling["factor"], scaling["low_freq_factor"], scaling["high_freq_factor"]
    old = scaling["original_max_position_embeddings"]
    wavelen = 2 * math.pi / inv_freq
    scaled = torch.where(wavelen > old / low, inv_freq / factor, inv_freq)
    smooth = (old / wavelen - low) / (high - low)
    smoothed = (1 - smooth) * scaled / factor + smooth * scaled
    medium = ~(wavelen < old / high) * ~(wavelen > old / low)
    return torch.where(medium, smoothed, scaled)


def rotate(x, cos, sin):
    half = x.shape[-1] // 2
    return x * cos + torch.cat((-x[..., half:], x[..., :half]), dim=-1) * sin


@torch.inference_mode()
def llama_forward(w, cfg, ids):
    """LlamaForCausalLM's eager forward: all layers, attention kept, last logits."""
    n = len(ids)
    d = cfg["hidden_size"]
    heads, kv, hd = cfg["num_attention_heads"], cfg["num_key_value_heads"], cfg["head_dim"]
    eps = cfg["rms_norm_eps"]
    freqs = torch.arange(n).float()[:, None] * llama3_inv_freq(cfg, hd)[None, :]
    emb = torch.cat((freqs, freqs), dim=-1)
    cos, sin = emb.cos(), emb.sin()
    mask = torch.full((n, n), torch.finfo(torch.float32).min).triu(1)

    def rms(x, weight):
        return weight * (x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps))

    h = w["model.embed_tokens.weight"][ids]
    attentions = []
    for layer in range(cfg["num_hidden_layers"]):
        b = f"model.layers.{layer}."
        x = rms(h, w[b + "input_layernorm.weight"])
        q = F.linear(x, w[b + "self_attn.q_proj.weight"]).view(n, heads, hd).transpose(0, 1)
        k = F.linear(x, w[b + "self_attn.k_proj.weight"]).view(n, kv, hd).transpose(0, 1)
        v = F.linear(x, w[b + "self_attn.v_proj.weight"]).view(n, kv, hd).transpose(0, 1)
        q, k = rotate(q, cos, sin), rotate(k, cos, sin)
        k = k[:, None].expand(kv, heads // kv, n, hd).reshape(heads, n, hd)
        v = v[:, None].expand(kv, heads // kv, n, hd).reshape(heads, n, hd)
        a = torch.softmax(torch.matmul(q, k.transpose(1, 2)) * hd ** -0.5 + mask, dim=-1)
        attentions.append(a)
        context = torch.matmul(a, v).transpose(0, 1).reshape(n, heads * hd)
        h = h + F.linear(context, w[b + "self_attn.o_proj.weight"])
        x = rms(h, w[b + "post_attention_layernorm.weight"])
        h = h + F.linear(F.silu(F.linear(x, w[b + "mlp.gate_proj.weight"]))
                         * F.linear(x, w[b + "mlp.up_proj.weight"]), w[b + "mlp.down_proj.weight"])
    last = rms(h[-1:], w["model.norm.weight"])
    return attentions, last @ w["model.embed_tokens.weight"].T


@torch.inference_mode()
def gemma3_forward(w, cfg, ids):
    """Gemma3ForCausalLM's eager forward (modeling_gemma3.py): RMSNorm times
    (1 + w), the embeddings times sqrt(hidden_size), q_norm and k_norm,
    local layers (all but every sliding_window_pattern-th) with their own
    rotary base and window, scores times query_pre_attn_scalar ** -0.5,
    sandwich norms, GeGLU; all layers, attention kept, last logits."""
    n = len(ids)
    d = cfg["hidden_size"]
    heads, kv, hd = cfg["num_attention_heads"], cfg["num_key_value_heads"], cfg["head_dim"]
    eps = cfg["rms_norm_eps"]
    window = cfg["sliding_window"]
    pattern = cfg.get("sliding_window_pattern", 6)

    def table(theta):
        inv = 1.0 / (theta ** (torch.arange(0, hd, 2, dtype=torch.int64).float() / hd))
        freqs = torch.arange(n).float()[:, None] * inv[None, :]
        emb = torch.cat((freqs, freqs), dim=-1)
        return emb.cos(), emb.sin()

    global_rope, local_rope = table(cfg["rope_theta"]), table(cfg["rope_local_base_freq"])
    i, j = torch.arange(n)[:, None], torch.arange(n)[None, :]
    lowest = torch.finfo(torch.float32).min
    causal = torch.where(j <= i, 0.0, lowest)
    local_mask = torch.where((j <= i) & (j > i - window), 0.0, lowest)

    def rms(x, weight):
        return (x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps)) * (1.0 + weight)

    h = w["model.embed_tokens.weight"][ids] * torch.tensor(d ** 0.5)
    attentions = []
    for layer in range(cfg["num_hidden_layers"]):
        b = f"model.layers.{layer}."
        local = (layer + 1) % pattern != 0
        cos, sin = local_rope if local else global_rope
        x = rms(h, w[b + "input_layernorm.weight"])
        q = rms(F.linear(x, w[b + "self_attn.q_proj.weight"]).view(n, heads, hd),
                w[b + "self_attn.q_norm.weight"]).transpose(0, 1)
        k = rms(F.linear(x, w[b + "self_attn.k_proj.weight"]).view(n, kv, hd),
                w[b + "self_attn.k_norm.weight"]).transpose(0, 1)
        v = F.linear(x, w[b + "self_attn.v_proj.weight"]).view(n, kv, hd).transpose(0, 1)
        q, k = rotate(q, cos, sin), rotate(k, cos, sin)
        k = k[:, None].expand(kv, heads // kv, n, hd).reshape(heads, n, hd)
        v = v[:, None].expand(kv, heads // kv, n, hd).reshape(heads, n, hd)
        scores = torch.matmul(q, k.transpose(1, 2)) * cfg["query_pre_attn_scalar"] ** -0.5
        a = torch.softmax(scores + (local_mask if local else causal), dim=-1)
        attentions.append(a)
        context = torch.matmul(a, v).transpose(0, 1).reshape(n, heads * hd)
        h = h + rms(F.linear(context, w[b + "self_attn.o_proj.weight"]),
                    w[b + "post_attention_layernorm.weight"])
        x = rms(h, w[b + "pre_feedforward_layernorm.weight"])
        mlp = F.linear(F.gelu(F.linear(x, w[b + "mlp.gate_proj.weight"]), approximate="tanh")
                       * F.linear(x, w[b + "mlp.up_proj.weight"]), w[b + "mlp.down_proj.weight"])
        h = h + rms(mlp, w[b + "post_feedforward_layernorm.weight"])
    last = rms(h[-1:], w["model.norm.weight"])
    return attentions, last @ w["model.embed_tokens.weight"].T


def shape_of(cfg):
    """(layers, d, heads, kv heads, head size, MLP inner width, gated, vocabulary)."""
    if cfg["model_type"] == "gpt2":
        d = cfg["n_embd"]
        return (cfg["n_layer"], d, cfg["n_head"], cfg["n_head"], d // cfg["n_head"],
                cfg["n_inner"] or 4 * d, False, cfg["vocab_size"])
    return (cfg["num_hidden_layers"], cfg["hidden_size"], cfg["num_attention_heads"],
            cfg["num_key_value_heads"], cfg["head_dim"], cfg["intermediate_size"], True,
            cfg["vocab_size"])


def multiply_adds(cfg, n):
    """The pass's multiply-adds: the projections at every position, each head's
    scores of every query with the keys its causal mask shows it (n (n + 1) / 2
    of the n x n; ours computes no more than a block's diagonal beyond them)
    and their product with v, the unembedding of one position. Every shape
    timed here is causal."""
    layers, d, heads, kv, hd, inner, gated, vocabulary = shape_of(cfg)
    projections = d * (heads + 2 * kv) * hd + heads * hd * d + (3 if gated else 2) * d * inner
    total = d * vocabulary
    for layer in range(layers):
        # A local layer's query sees at most its window of keys (Gemma 3's).
        window = cfg.get("sliding_window") if cfg["model_type"] == "gemma3_text" and \
            (layer + 1) % cfg.get("sliding_window_pattern", 6) != 0 else None
        seen = sum(min(i + 1, window) for i in range(n)) if window else n * (n + 1) // 2
        total += n * projections + heads * 2 * seen * hd
    return total


def time_torch(forward, w, cfg, n, budget_s=2.0, min_runs=3):
    ids = torch.arange(n) % 1000
    forward(w, cfg, ids)  # warm-up
    times = []
    while len(times) < min_runs or sum(times) < budget_s * 1000:
        start = time.perf_counter()
        forward(w, cfg, ids)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def native_bench(binary, folder, n):
    out = subprocess.run([binary, "bench", "--model", folder, "--n", n, "--json"],
                         check=True, capture_output=True, text=True).stdout
    return {row["n"]: row["forward_ms_median"] for row in json.loads(out)["rows"]}


def peak_rss_kb(binary, folder):
    timed = subprocess.run(["/usr/bin/time", "-f", "%M", binary, "bench", "--model", folder,
                            "--n", "128", "--json"], check=True, capture_output=True, text=True)
    return int(timed.stderr.strip().splitlines()[-1])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    # The shapes this script's PyTorch passes implement (GPT-2's, Llama's and
    # Gemma 3's blocks; not Qwen's biases and QK-norm, nor GPT-NeoX's parallel block).
    parser.add_argument("--shapes", default=",".join(TIMED_SHAPES))
    parser.add_argument("--root", default="/tmp")
    parser.add_argument("--binary", default=os.path.join(HERE, "..", "build", "app",
                                                         "attention-lab"))
    parser.add_argument("--baseline", help="another attention-lab to alternate with --binary")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--n", default="128,1024")
    parser.add_argument("--no-torch", action="store_true", help="skip PyTorch's pass")
    args = parser.parse_args()
    lengths = [int(x) for x in args.n.split(",")]
    threads = os.cpu_count()
    torch.set_num_threads(threads)
    binaries = {"ours": args.binary}
    if args.baseline:
        binaries["baseline"] = args.baseline

    numpy_before = numpy_gflops()
    results = []
    for shape in args.shapes.split(","):
        if shape not in TIMED_SHAPES:
            parser.error(f"--shapes: {shape} is not one of {', '.join(TIMED_SHAPES)}")
        cfg = SHAPES[shape][0]
        folder = make(shape, args.root)
        weights_bytes = os.path.getsize(os.path.join(folder, "model.safetensors"))
        native = {name: {n: [] for n in lengths} for name in binaries}
        for _ in range(args.rounds):
            for name, binary in binaries.items():
                for n, ms in native_bench(binary, folder, args.n).items():
                    native[name][n].append(ms)
        torch_ms = {}
        if not args.no_torch:
            w = read_safetensors(os.path.join(folder, "model.safetensors"))
            forward = {"gpt2": gpt2_forward, "gemma3_text": gemma3_forward}.get(
                cfg["model_type"], llama_forward)
            torch_ms = {n: time_torch(forward, w, cfg, n) for n in lengths}
            del w
        peaks = {name: peak_rss_kb(binary, folder) for name, binary in binaries.items()}
        for n in lengths:
            flops = 2 * multiply_adds(cfg, n)
            row = {"shape": shape, "n": n, "gflop": flops / 1e9,
                   "torch_ms": torch_ms.get(n), "weights_bytes": weights_bytes}
            for name in binaries:
                ms = statistics.median(native[name][n])
                row[name + "_ms"] = ms
                row[name + "_gflops"] = flops / ms / 1e6
                row[name + "_peak_rss_over_file"] = peaks[name] * 1024 / weights_bytes
                if n in torch_ms:
                    row[name + "_over_torch"] = ms / torch_ms[n]
            results.append(row)
    numpy_after = numpy_gflops()
    numpy_rate = statistics.mean([numpy_before, numpy_after])

    print(f"{threads} threads; numpy {np.__version__} and torch {torch.__version__} on "
          f"{blas_in_use()}; numpy float32 2048^2 matmul {numpy_before:.0f} GFLOP/s at the "
          f"start, {numpy_after:.0f} at the end")
    for name in binaries:
        print(f"\n{name}: {binaries[name]}")
        print(f"{'shape':>14} {'n':>5} {'ours ms':>9} {'torch ms':>9} {'ratio':>6} "
              f"{'GFLOP/s':>8} {'/numpy':>7} {'RSS/file':>9}")
        for row in results:
            torch_text = f"{row['torch_ms']:9.1f}" if row["torch_ms"] else f"{'-':>9}"
            ratio = f"{row[name + '_over_torch']:6.2f}" if row["torch_ms"] else f"{'-':>6}"
            rss = f"{row[name + '_peak_rss_over_file']:9.2f}" if row["n"] == lengths[0] else ""
            print(f"{row['shape']:>14} {row['n']:>5} {row[name + '_ms']:9.1f} {torch_text} "
                  f"{ratio} {row[name + '_gflops']:8.0f} "
                  f"{row[name + '_gflops'] / numpy_rate:7.2f} {rss}")
    print(json.dumps({"threads": threads, "blas": blas_in_use(), "numpy_gflops": numpy_rate,
                      "rows": results}))


if __name__ == "__main__":
    main()
