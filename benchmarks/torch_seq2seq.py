#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 The Attention Lab authors
"""Attention Lab's encoder-decoder pass and translation against PyTorch's, on
the same weights, in one run.

    /usr/bin/python3 benchmarks/torch_seq2seq.py [--binary PATH] [--runs 5] [--tokens 32]

Two checkpoints of real shapes with random weights, written once (to /tmp)
by tests/data/make_seq2seq_fixtures.py's builders in the hub's layouts:

- flan-t5-small: 8 + 8 layers, d_model 512, 6 heads of 64, d_ff 1024
  (gated-gelu), 32,128 tokens, untied, 32 relative buckets;
- opus-mt-en-de: 6 + 6 layers, d_model 512, 8 heads, d_ff 2048 (SiLU),
  58,101 tokens, shared embeddings, the split sinusoids.

Measured, each the median of --runs runs, 2 threads on both sides:

- a teacher-forced pass over 128 source and 128 target tokens, every
  attention kept (PyTorch: the fixture script's forward passes, written from
  transformers' modeling_t5.py and modeling_marian.py with
  torch.nn.functional, float32, as output_attentions=True computes them;
  Attention Lab: `bench --model DIR --n 128`);
- translation of a 128-token source from the decoder's start token: the
  time per token after the first (PyTorch: its own cached greedy loop below,
  the encoder once, each layer's cross-attention keys and values computed
  once, each step one new row of q, k and v per layer appended with
  torch.cat as transformers' EncoderDecoderCache does, the arg-max of the
  logits; Attention Lab: `bench --model DIR --generate --tokens N`).

The issue's targets: each at most half of PyTorch's time."""
import argparse
import functools
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
sys.path.insert(0, os.path.join(HERE, "..", "tests", "data"))
import make_seq2seq_fixtures as fx  # noqa: E402

# The fixture script computes the sinusoids' table in Python at each pass;
# transformers keeps it as a buffer: computed once here too.
fx.sinusoids_halves = functools.lru_cache(maxsize=None)(fx.sinusoids_halves)

THREADS = 2
LENGTH = 128


def flan_config():
    cfg = fx.t5_config(32128, True)
    cfg.update({"d_model": 512, "d_kv": 64, "d_ff": 1024, "num_layers": 8,
                "num_decoder_layers": 8, "num_heads": 6, "relative_attention_num_buckets": 32,
                "relative_attention_max_distance": 128})
    return cfg


def opus_config():
    cfg = fx.bart_family_config("marian", 58101, d_model=512, encoder_layers=6, decoder_layers=6,
                                encoder_attention_heads=8, decoder_attention_heads=8,
                                encoder_ffn_dim=2048, decoder_ffn_dim=2048,
                                max_position_embeddings=512)
    return cfg


def checkpoint(name, cfg, builder):
    path = os.path.join("/tmp", name + "-random")
    if not os.path.exists(os.path.join(path, "model.safetensors")):
        os.makedirs(path, exist_ok=True)
        torch.manual_seed(1)
        weights = builder(cfg)
        fx.save_safetensors(os.path.join(path, "model.safetensors"), list(weights.items()))
        fx.write_json(os.path.join(path, "config.json"), cfg)
    weights = read(path)
    return path, weights


def read(path):
    import struct
    with open(os.path.join(path, "model.safetensors"), "rb") as f:
        data = f.read()
    length = struct.unpack("<Q", data[:8])[0]
    header = json.loads(data[8:8 + length])
    out = {}
    for name, entry in header.items():
        begin, end = entry["data_offsets"]
        t = torch.frombuffer(bytearray(data[8 + length + begin:8 + length + end]),
                             dtype=torch.float32)
        out[name] = t.reshape(entry["shape"])
    return out


# ---------------------------------------------------------------- cached greedy loops

def heads_of(x, heads):
    n = x.shape[0]
    return x.view(n, heads, -1).transpose(0, 1)


def step_attention(q, k, v, scale, bias=None):
    scores = torch.matmul(q, k.transpose(1, 2)) * scale
    if bias is not None:
        scores = scores + bias
    a = F.softmax(scores.float(), dim=-1)
    return torch.matmul(a, v).transpose(0, 1).reshape(1, -1)


def t5_greedy(w, cfg, source, tokens):
    """T5's decoder, one token a step over its caches."""
    heads, eps = cfg["num_heads"], cfg["layer_norm_epsilon"]
    layers = cfg["num_decoder_layers"]
    *_, encoded = t5_encoder(w, cfg, source)
    cross = []
    for layer in range(layers):
        b = f"decoder.block.{layer}.layer.1.EncDecAttention."
        cross.append((heads_of(F.linear(encoded, w[b + "k.weight"]), heads),
                      heads_of(F.linear(encoded, w[b + "v.weight"]), heads)))
    table = w["decoder.block.0.layer.0.SelfAttention.relative_attention_bias.weight"]
    cache = [(None, None)] * layers
    token = cfg["decoder_start_token_id"]
    times = []
    for position in range(tokens):
        start = time.perf_counter()
        h = w["shared.weight"][torch.tensor([token])]
        rel = torch.arange(position + 1) - position
        buckets = fx.relative_position_bucket(rel, False, cfg["relative_attention_num_buckets"],
                                              cfg["relative_attention_max_distance"])
        bias = table[buckets].t()[:, None, :]
        for layer in range(layers):
            b = f"decoder.block.{layer}.layer."
            x = fx.t5_norm(h, w[b + "0.layer_norm.weight"], eps)
            s = b + "0.SelfAttention."
            q = heads_of(F.linear(x, w[s + "q.weight"]), heads)
            k = heads_of(F.linear(x, w[s + "k.weight"]), heads)
            v = heads_of(F.linear(x, w[s + "v.weight"]), heads)
            pk, pv = cache[layer]
            k = k if pk is None else torch.cat([pk, k], dim=1)
            v = v if pv is None else torch.cat([pv, v], dim=1)
            cache[layer] = (k, v)
            h = h + F.linear(step_attention(q, k, v, 1.0, bias), w[s + "o.weight"])
            x = fx.t5_norm(h, w[b + "1.layer_norm.weight"], eps)
            c = b + "1.EncDecAttention."
            q = heads_of(F.linear(x, w[c + "q.weight"]), heads)
            h = h + F.linear(step_attention(q, *cross[layer], 1.0), w[c + "o.weight"])
            x = fx.t5_norm(h, w[b + "2.layer_norm.weight"], eps)
            inner = fx.gelu_new(F.linear(x, w[b + "2.DenseReluDense.wi_0.weight"])) * \
                F.linear(x, w[b + "2.DenseReluDense.wi_1.weight"])
            h = h + F.linear(inner, w[b + "2.DenseReluDense.wo.weight"])
        h = fx.t5_norm(h, w["decoder.final_layer_norm.weight"], eps)
        token = int(torch.argmax(h @ w["lm_head.weight"].T))
        times.append(time.perf_counter() - start)
    return times


def t5_encoder(w, cfg, source):
    d, heads, dkv = cfg["d_model"], cfg["num_heads"], cfg["d_kv"]
    eps = cfg["layer_norm_epsilon"]
    h = w["shared.weight"][torch.tensor(source)]
    n = len(source)
    bias = fx.t5_bias(w, "encoder.block.0.layer.0.SelfAttention.relative_attention_bias.weight",
                      cfg, n, n, True)
    attentions = []
    for layer in range(cfg["num_layers"]):
        b = f"encoder.block.{layer}.layer."
        x = fx.t5_norm(h, w[b + "0.layer_norm.weight"], eps)
        a, out = fx.attention(x, x, w, [b + "0.SelfAttention." + p for p in "qkvo"], heads, dkv,
                              1.0, bias)
        attentions.append(a)
        h = h + out
        x = fx.t5_norm(h, w[b + "1.layer_norm.weight"], eps)
        inner = fx.gelu_new(F.linear(x, w[b + "1.DenseReluDense.wi_0.weight"])) * \
            F.linear(x, w[b + "1.DenseReluDense.wi_1.weight"])
        h = h + F.linear(inner, w[b + "1.DenseReluDense.wo.weight"])
    return attentions, fx.t5_norm(h, w["encoder.final_layer_norm.weight"], eps)


def marian_greedy(w, cfg, source, tokens):
    """Marian's decoder, one token a step over its caches."""
    d, heads = cfg["d_model"], cfg["decoder_attention_heads"]
    layers = cfg["decoder_layers"]
    scale = (d // heads) ** -0.5
    positions = fx.sinusoids_halves(cfg["max_position_embeddings"], d)

    def ln(x, name):
        return F.layer_norm(x, (d,), w[name + ".weight"], w[name + ".bias"], 1e-5)

    def lin(x, name):
        return F.linear(x, w[name + ".weight"], w[name + ".bias"])

    encoded = marian_encoder(w, cfg, source)
    cross = []
    for layer in range(layers):
        b = f"model.decoder.layers.{layer}.encoder_attn."
        cross.append((heads_of(lin(encoded, b + "k_proj"), heads),
                      heads_of(lin(encoded, b + "v_proj"), heads)))
    cache = [(None, None)] * layers
    token = cfg["decoder_start_token_id"]
    times = []
    for position in range(tokens):
        start = time.perf_counter()
        h = w["model.shared.weight"][torch.tensor([token])] * math.sqrt(d) + \
            positions[position:position + 1]
        for layer in range(layers):
            b = f"model.decoder.layers.{layer}."
            q = heads_of(lin(h, b + "self_attn.q_proj"), heads)
            k = heads_of(lin(h, b + "self_attn.k_proj"), heads)
            v = heads_of(lin(h, b + "self_attn.v_proj"), heads)
            pk, pv = cache[layer]
            k = k if pk is None else torch.cat([pk, k], dim=1)
            v = v if pv is None else torch.cat([pv, v], dim=1)
            cache[layer] = (k, v)
            h = ln(h + lin(step_attention(q, k, v, scale), b + "self_attn.out_proj"),
                   b + "self_attn_layer_norm")
            q = heads_of(lin(h, b + "encoder_attn.q_proj"), heads)
            h = ln(h + lin(step_attention(q, *cross[layer], scale), b + "encoder_attn.out_proj"),
                   b + "encoder_attn_layer_norm")
            h = ln(h + lin(F.silu(lin(h, b + "fc1")), b + "fc2"), b + "final_layer_norm")
        logits = h @ w["model.shared.weight"].T + w["final_logits_bias"][0]
        token = int(torch.argmax(logits))
        times.append(time.perf_counter() - start)
    return times


def marian_encoder(w, cfg, source):
    d, heads = cfg["d_model"], cfg["encoder_attention_heads"]

    def ln(x, name):
        return F.layer_norm(x, (d,), w[name + ".weight"], w[name + ".bias"], 1e-5)

    def lin(x, name):
        return F.linear(x, w[name + ".weight"], w[name + ".bias"])

    h = w["model.shared.weight"][torch.tensor(source)] * math.sqrt(d) + \
        fx.sinusoids_halves(cfg["max_position_embeddings"], d)[:len(source)]
    for layer in range(cfg["encoder_layers"]):
        b = f"model.encoder.layers.{layer}."
        names = [b + "self_attn." + p for p in ("q_proj", "k_proj", "v_proj", "out_proj")]
        _, out = fx.attention(h, h, w, names, heads, d // heads, (d // heads) ** -0.5)
        h = ln(h + out, b + "self_attn_layer_norm")
        h = ln(h + lin(F.silu(lin(h, b + "fc1")), b + "fc2"), b + "final_layer_norm")
    return h


# ---------------------------------------------------------------- the run

def lab(binary, arguments):
    environment = dict(os.environ, OMP_NUM_THREADS=str(THREADS))
    out = subprocess.run([binary] + arguments + ["--json"], check=True, capture_output=True,
                         env=environment).stdout
    return json.loads(out)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=os.path.join(HERE, "..", "build", "app",
                                                         "attention-lab"))
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--tokens", type=int, default=32)
    args = parser.parse_args()
    torch.set_num_threads(THREADS)
    cases = [("flan-t5-small", flan_config(), fx.t5_weights, fx.t5_forward, t5_greedy),
             ("opus-mt-en-de", opus_config(),
              lambda cfg: fx.bart_family_weights(cfg, lm_head=False), fx.bart_family_forward,
              marian_greedy)]
    print(f"{'model':16} {'':28} {'PyTorch':>10} {'Attention Lab':>14} {'ratio':>7}")
    for name, cfg, builder, forward, greedy in cases:
        path, w = checkpoint(name, cfg, builder)
        vocab = cfg["vocab_size"]
        source = [i % vocab for i in range(LENGTH)]
        decoder = [(i * 7 + 1) % vocab for i in range(LENGTH)]
        with torch.no_grad():
            forward(w, cfg, source, decoder, last_only=True)
            passes = []
            for _ in range(args.runs):
                start = time.perf_counter()
                forward(w, cfg, source, decoder, last_only=True)
                passes.append(time.perf_counter() - start)
            steps = []
            for _ in range(max(1, args.runs // 2)):
                steps += greedy(w, cfg, source, args.tokens)[1:]
        torch_pass = statistics.median(passes) * 1000
        torch_step = statistics.median(steps) * 1000
        ours_pass = lab(args.binary, ["bench", "--model", path, "--n", str(LENGTH)])
        ours_pass = ours_pass["rows"][0]["forward_ms_median"]
        ours_step = lab(args.binary, ["bench", "--model", path, "--generate", "--tokens",
                                      str(args.tokens)])["per_token_ms_median"]
        print(f"{name:16} {'pass, 128 + 128 tokens (ms)':28} {torch_pass:10.1f} "
              f"{ours_pass:14.1f} {ours_pass / torch_pass:7.2f}")
        print(f"{name:16} {'translation, per token (ms)':28} {torch_step:10.2f} "
              f"{ours_step:14.2f} {ours_step / torch_step:7.2f}")


if __name__ == "__main__":
    main()
