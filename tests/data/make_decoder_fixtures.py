#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 The Attention Lab authors
"""Writes tests/data/decoders/: tiny random checkpoints of the modern decoder
families (llama, mistral, qwen2, qwen3, gpt_neox, gemma2, gemma3_text, gemma3,
phi3, smollm3) in the Hugging Face hub's layout, and reference.json, what
PyTorch computes from them.

Run with Debian's python3 (python3-torch, python3-numpy):

    /usr/bin/python3 tests/data/make_decoder_fixtures.py

There is no transformers package in Debian, so the forward passes below are
written from transformers' modeling_llama.py, modeling_mistral.py,
modeling_qwen2.py, modeling_qwen3.py, modeling_gpt_neox.py and
modeling_rope_utils.py, step for step, in float32 with torch.nn.functional:
RMSNorm as LlamaRMSNorm (x * rsqrt(mean(x^2) + eps), then weight times it),
rotary positions as the default, "linear" and "llama3" rope initialisers
compute inv_freq, cos and sin of cat(freqs, freqs), rotate_half in the
half-split layout, repeat_kv for grouped-query attention, the causal (and,
for Mistral, sliding-window) mask added as float32's lowest before the
softmax, scores scaled by head_dim ** -0.5; Qwen3's q_norm and k_norm on each
head before the rotary; GPT-NeoX's per-head fused query_key_value, partial
rotary on the first rotary_pct of each head, LayerNorm and the parallel
residual.

The small models of 2025 (facts: ../shared/reference/encoder-decoder-and-
more-families.md, sections 5 and 6, and docs/development/smollm3.md), from
modeling_gemma2.py, modeling_gemma3.py, modular_phi3.py and
modeling_smollm3.py: Gemma's RMSNorm scaling by (1 + w) in float32, the
embeddings times sqrt(hidden_size) as a float32 tensor, sandwich norms
(post_attention_layernorm, pre_ and post_feedforward_layernorm), GeGLU with
gelu_pytorch_tanh, scores times query_pre_attn_scalar ** -0.5 then soft-capped
(tanh(s / cap) * cap) before the mask, local layers masking keys at q - k >=
sliding_window (Gemma 2 even layers; Gemma 3 all but every sliding_window_
pattern-th, with rope_local_base_freq and no scaling, and q_norm and k_norm),
the logits soft-capped; Phi-3's fused qkv_proj and gate_up_proj, partial
rotary and longrope (inv_freq = 1 / (ext * base ** (2i / dim)), ext the long
factors when the text is longer than original_max_position_embeddings, cos
and sin times the attention factor), and its window in every layer;
SmolLM3's layers without the rotary where no_rope_layers is 0.

The cases cover a sharded checkpoint (model.safetensors.index.json), BF16 and
F16 files, tied and untied output matrices, llama3 rope_scaling (all three
frequency bands), the old "type" key with "linear", partial rotary,
grouped-query attention at 3:1 and multi-query (one key/value head), Qwen3's
head_dim unequal to hidden_size / heads, and a sliding window shorter than
the text. The forward passes run on token ids; tokenizer.json is a small
SentencePiece-style BPE of letters and a few words (tokenizer_json below), so
that the folders read text as the hub's do; the tokenizers are tested apart."""
import json
import math
import os
import shutil
import sys

import torch
import torch.nn.functional as F

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from make_model_fixtures import DTYPES, f32, save_weights, top, write_json  # noqa: E402

OUT = os.path.join(HERE, "decoders")
DTYPES[torch.bool] = "BOOL"

torch.manual_seed(20261201)
torch.set_num_threads(1)


# ---------------------------------------------------------------- rotary

def longrope_original(cfg):
    scaling = cfg["rope_scaling"]
    return scaling.get("original_max_position_embeddings",
                       cfg.get("original_max_position_embeddings",
                               cfg["max_position_embeddings"]))


def longrope_inv_freq(cfg, dim, base, n_text):
    """_compute_longrope_parameters: the long factors for a text longer than
    original_max_position_embeddings (the seq_len of _longrope_frequency_update)."""
    scaling = cfg["rope_scaling"]
    factors = scaling["long_factor"] if n_text > longrope_original(cfg) else scaling["short_factor"]
    ext_factors = torch.tensor(factors, dtype=torch.float32)
    inv_freq_shape = torch.arange(0, dim, 2, dtype=torch.int64).float() / dim
    return 1.0 / (ext_factors * base ** inv_freq_shape)


def longrope_attention_factor(cfg):
    scaling = cfg.get("rope_scaling") or {}
    if scaling.get("rope_type", scaling.get("type")) != "longrope":
        return 1.0
    if scaling.get("attention_factor") is not None:
        return scaling["attention_factor"]
    original = longrope_original(cfg)
    factor = scaling.get("factor") or cfg["max_position_embeddings"] / original
    return 1.0 if factor <= 1.0 else math.sqrt(1 + math.log(factor) / math.log(original))


def rope_inv_freq(cfg, head_dim, base, partial, n_text=0):
    """modeling_rope_utils: _compute_default_rope_parameters, then the
    rope_type's rescaling (longrope's for a text of n_text tokens)."""
    dim = int(head_dim * partial)
    inv_freq = 1.0 / (base ** (torch.arange(0, dim, 2, dtype=torch.int64).float() / dim))
    scaling = cfg.get("rope_scaling")
    if not scaling:
        return inv_freq
    rope_type = scaling.get("rope_type", scaling.get("type"))
    if rope_type == "default":
        return inv_freq
    if rope_type == "linear":
        return inv_freq / scaling["factor"]
    if rope_type == "longrope":
        return longrope_inv_freq(cfg, dim, base, n_text)
    assert rope_type == "llama3"
    factor = scaling["factor"]
    low_freq_factor = scaling["low_freq_factor"]
    high_freq_factor = scaling["high_freq_factor"]
    old_context_len = scaling["original_max_position_embeddings"]
    low_freq_wavelen = old_context_len / low_freq_factor
    high_freq_wavelen = old_context_len / high_freq_factor
    wavelen = 2 * math.pi / inv_freq
    inv_freq_llama = torch.where(wavelen > low_freq_wavelen, inv_freq / factor, inv_freq)
    smooth_factor = (old_context_len / wavelen - low_freq_factor) / (high_freq_factor - low_freq_factor)
    smoothed_inv_freq = (1 - smooth_factor) * inv_freq_llama / factor + smooth_factor * inv_freq_llama
    is_medium_freq = ~(wavelen < high_freq_wavelen) * ~(wavelen > low_freq_wavelen)
    return torch.where(is_medium_freq, smoothed_inv_freq, inv_freq_llama)


def rope_cos_sin(inv_freq, n, attention_scaling=1.0):
    """LlamaRotaryEmbedding.forward."""
    position_ids = torch.arange(n)[None, :]
    inv_freq_expanded = inv_freq[None, :, None].float()
    position_ids_expanded = position_ids[:, None, :].float()
    freqs = (inv_freq_expanded @ position_ids_expanded).transpose(1, 2)
    emb = torch.cat((freqs, freqs), dim=-1)
    return emb.cos()[0] * attention_scaling, emb.sin()[0] * attention_scaling


def rotate_half(x):
    x1 = x[..., : x.shape[-1] // 2]
    x2 = x[..., x.shape[-1] // 2:]
    return torch.cat((-x2, x1), dim=-1)


def apply_rotary(x, cos, sin):
    return (x * cos) + (rotate_half(x) * sin)


# ---------------------------------------------------------------- forward passes

def rms_norm(x, weight, eps):
    """LlamaRMSNorm (Qwen2RMSNorm, Qwen3RMSNorm, MistralRMSNorm are copies)."""
    variance = x.pow(2).mean(-1, keepdim=True)
    return weight * (x * torch.rsqrt(variance + eps))


def gemma_rms_norm(x, weight, eps):
    """Gemma2RMSNorm, Gemma3RMSNorm: in float32, x * rsqrt(mean x^2 + eps) * (1 + w)."""
    x = x.float()
    return (x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps)) * (1.0 + weight.float())


def layer_kinds(cfg):
    """Each layer's (local, rotated): Gemma 2's even layers local, Gemma 3's
    all but every sliding_window_pattern-th (or layer_types), SmolLM3's
    no_rope_layers."""
    model_type = cfg["model_type"]
    layers = cfg["num_hidden_layers"]
    if cfg.get("layer_types"):
        local = [t == "sliding_attention" for t in cfg["layer_types"]]
    elif model_type == "gemma2":
        local = [layer % 2 == 0 for layer in range(layers)]
    elif model_type == "gemma3_text":
        pattern = cfg.get("sliding_window_pattern", 6)
        local = [(layer + 1) % pattern != 0 for layer in range(layers)]
    else:
        local = [model_type in ("mistral", "phi3")] * layers
    rotated = [True] * layers
    if model_type == "smollm3":
        rotated = [bool(r) for r in cfg["no_rope_layers"][:layers]]
    return list(zip(local, rotated))


def repeat_kv(x, n_rep):
    """[KV, n, hd] -> [KV * n_rep, n, hd], each key/value head repeated in a row."""
    kv, n, hd = x.shape
    if n_rep == 1:
        return x
    return x[:, None, :, :].expand(kv, n_rep, n, hd).reshape(kv * n_rep, n, hd)


def mask_of(n, window):
    i = torch.arange(n)[:, None]
    j = torch.arange(n)[None, :]
    visible = j <= i
    if window:
        visible = visible & (j > i - window)
    return torch.where(visible, torch.zeros([]), torch.full([], torch.finfo(torch.float32).min))


def eager_attention(q, k, v, n_rep, scaling, mask, edit=None, layer=0, softcap=None):
    """eager_attention_forward of modeling_llama.py (of modeling_gemma2.py
    with softcap: the scaled scores capped before the mask); edit, when
    given, changes the scores before the softmax (make_intervention_fixtures.py)."""
    k = repeat_kv(k, n_rep)
    v = repeat_kv(v, n_rep)
    scores = torch.matmul(q, k.transpose(1, 2)) * scaling
    if softcap:
        scores = torch.tanh(scores / softcap) * softcap
    scores = scores + mask
    if edit:
        scores = edit.scores(layer, scores)
    a = F.softmax(scores, dim=-1, dtype=torch.float32)
    return a, torch.matmul(a, v), k, v


def llama_forward(w, cfg, ids, hiddens=None, edit=None, prefix="model."):
    """LlamaForCausalLM / MistralForCausalLM / Qwen2ForCausalLM / Qwen3ForCausalLM,
    Gemma2ForCausalLM / Gemma3ForCausalLM (with prefix "language_model.model.",
    Gemma3ForConditionalGeneration's text model), Phi3ForCausalLM and
    SmolLM3ForCausalLM; hiddens, when given, receives the residual stream
    after each block; edit, when given, changes each block's input, the
    scores and the heads' context before o_proj, and receives the logits at
    every position."""
    model_type = cfg["model_type"]
    gemma = model_type in ("gemma2", "gemma3_text")
    phi3 = model_type == "phi3"
    n = len(ids)
    d = cfg["hidden_size"]
    heads = cfg["num_attention_heads"]
    kv = cfg.get("num_key_value_heads") or heads
    hd = cfg.get("head_dim") or d // heads
    eps = cfg["rms_norm_eps"]
    norm = gemma_rms_norm if gemma else rms_norm
    bias = cfg.get("attention_bias", False) or model_type == "qwen2"
    out_bias = cfg.get("attention_bias", False) and model_type != "qwen2"
    partial = cfg.get("partial_rotary_factor", 1.0)
    rotated_dims = int(hd * partial)
    inv_freq = rope_inv_freq(cfg, hd, cfg.get("rope_theta", 10000.0), partial, n)
    cos, sin = rope_cos_sin(inv_freq, n, longrope_attention_factor(cfg))
    if cfg.get("rope_local_base_freq"):
        local_freq = rope_inv_freq({}, hd, cfg["rope_local_base_freq"], partial)
        local_cos, local_sin = rope_cos_sin(local_freq, n)
    scaling = cfg["query_pre_attn_scalar"] ** -0.5 if gemma else hd ** -0.5
    softcap = cfg.get("attn_logit_softcapping")
    h = w[prefix + "embed_tokens.weight"][torch.tensor(ids)]
    if gemma:
        h = h * torch.tensor(d ** 0.5, dtype=h.dtype)
    attentions, qkv_rows = [], []
    for layer, (local, use_rope) in enumerate(layer_kinds(cfg)):
        b = f"{prefix}layers.{layer}."

        def lin(x, name, with_bias):
            return F.linear(x, w[b + name + ".weight"], w[b + name + ".bias"] if with_bias else None)

        if edit:
            h = edit.resid(layer, h)
        residual = h
        x = norm(h, w[b + "input_layernorm.weight"], eps)
        if phi3:
            qkv = lin(x, "self_attn.qkv_proj", False)
            q = qkv[:, :heads * hd].view(n, heads, hd)
            k = qkv[:, heads * hd:(heads + kv) * hd].view(n, kv, hd)
            v = qkv[:, (heads + kv) * hd:].view(n, kv, hd).transpose(0, 1)
        else:
            q = lin(x, "self_attn.q_proj", bias).view(n, heads, hd)
            k = lin(x, "self_attn.k_proj", bias).view(n, kv, hd)
            v = lin(x, "self_attn.v_proj", bias).view(n, kv, hd).transpose(0, 1)
        if model_type in ("qwen3", "gemma3_text"):
            q = norm(q, w[b + "self_attn.q_norm.weight"], eps)
            k = norm(k, w[b + "self_attn.k_norm.weight"], eps)
        q, k = q.transpose(0, 1), k.transpose(0, 1)
        if use_rope:
            c, s_ = (local_cos, local_sin) if local and cfg.get("rope_local_base_freq") else (cos, sin)
            q_rot, q_pass = q[..., :rotated_dims], q[..., rotated_dims:]
            k_rot, k_pass = k[..., :rotated_dims], k[..., rotated_dims:]
            q = torch.cat((apply_rotary(q_rot, c, s_), q_pass), dim=-1)
            k = torch.cat((apply_rotary(k_rot, c, s_), k_pass), dim=-1)
        mask = mask_of(n, cfg.get("sliding_window") if local else None)
        a, context, k_rep, v_rep = eager_attention(q, k, v, heads // kv, scaling, mask,
                                                   edit, layer, softcap)
        attentions.append(a)
        qkv_rows.append((q, k_rep, v_rep))
        context = context.transpose(0, 1).reshape(n, heads * hd)
        if edit:
            context = edit.context(layer, context)
        attended = lin(context, "self_attn.o_proj", out_bias)
        if gemma:
            h = residual + norm(attended, w[b + "post_attention_layernorm.weight"], eps)
            x = norm(h, w[b + "pre_feedforward_layernorm.weight"], eps)
            mlp = lin(F.gelu(lin(x, "mlp.gate_proj", False), approximate="tanh")
                      * lin(x, "mlp.up_proj", False), "mlp.down_proj", False)
            h = h + norm(mlp, w[b + "post_feedforward_layernorm.weight"], eps)
        else:
            h = residual + attended
            residual = h
            x = norm(h, w[b + "post_attention_layernorm.weight"], eps)
            if phi3:
                gate, up = lin(x, "mlp.gate_up_proj", False).chunk(2, dim=-1)
                mlp = lin(up * F.silu(gate), "mlp.down_proj", False)
            else:
                mlp = lin(F.silu(lin(x, "mlp.gate_proj", False)) * lin(x, "mlp.up_proj", False),
                          "mlp.down_proj", False)
            h = residual + mlp
        if hiddens is not None:
            hiddens.append(h)
    h = norm(h, w[prefix + "norm.weight"], eps)
    tied = cfg.get("tie_word_embeddings", gemma)
    output = w[prefix + "embed_tokens.weight"] if tied else w["lm_head.weight"]
    logits = h @ output.T
    if cfg.get("final_logit_softcapping"):
        cap = cfg["final_logit_softcapping"]
        logits = torch.tanh(logits / cap) * cap
    if edit:
        edit.logits = logits
    return attentions, qkv_rows, logits[-1]


def neox_forward(w, cfg, ids, hiddens=None, edit=None):
    """GPTNeoXForCausalLM, eager attention; hiddens and edit as llama_forward's."""
    n = len(ids)
    d = cfg["hidden_size"]
    heads = cfg["num_attention_heads"]
    hd = d // heads
    eps = cfg["layer_norm_eps"]
    rotary_ndims = int(hd * cfg["rotary_pct"])
    inv_freq = rope_inv_freq(cfg, hd, cfg["rotary_emb_base"], cfg["rotary_pct"])
    cos, sin = rope_cos_sin(inv_freq, n)
    mask = mask_of(n, None)
    p = "gpt_neox."
    h = w[p + "embed_in.weight"][torch.tensor(ids)]
    attentions, qkv_rows = [], []
    for layer in range(cfg["num_hidden_layers"]):
        b = f"{p}layers.{layer}."

        def lin(x, name):
            return F.linear(x, w[b + name + ".weight"], w[b + name + ".bias"])

        def ln(x, name):
            return F.layer_norm(x, (d,), w[b + name + ".weight"], w[b + name + ".bias"], eps)

        if edit:
            h = edit.resid(layer, h)
        qkv = lin(ln(h, "input_layernorm"), "attention.query_key_value")
        qkv = qkv.view(n, heads, 3 * hd).transpose(0, 1)
        q, k, v = qkv.chunk(3, dim=-1)
        q_rot, q_pass = q[..., :rotary_ndims], q[..., rotary_ndims:]
        k_rot, k_pass = k[..., :rotary_ndims], k[..., rotary_ndims:]
        q = torch.cat((apply_rotary(q_rot, cos, sin), q_pass), dim=-1)
        k = torch.cat((apply_rotary(k_rot, cos, sin), k_pass), dim=-1)
        a, context, _, _ = eager_attention(q, k, v, 1, hd ** -0.5, mask, edit, layer)
        attentions.append(a)
        qkv_rows.append((q, k, v))
        context = context.transpose(0, 1).reshape(n, d)
        if edit:
            context = edit.context(layer, context)
        attn = lin(context, "attention.dense")
        if cfg["use_parallel_residual"]:
            mlp = lin(F.gelu(lin(ln(h, "post_attention_layernorm"), "mlp.dense_h_to_4h")),
                      "mlp.dense_4h_to_h")
            h = mlp + attn + h
        else:
            attn = attn + h
            mlp = lin(F.gelu(lin(ln(attn, "post_attention_layernorm"), "mlp.dense_h_to_4h")),
                      "mlp.dense_4h_to_h")
            h = mlp + attn
        if hiddens is not None:
            hiddens.append(h)
    h = F.layer_norm(h, (d,), w[p + "final_layer_norm.weight"], w[p + "final_layer_norm.bias"], eps)
    if edit:
        edit.logits = h @ w["embed_out.weight"].T
    return attentions, qkv_rows, h[-1] @ w["embed_out.weight"].T


# ---------------------------------------------------------------- weights

def randn(*shape, std):
    return torch.randn(*shape) * std


def llama_weights(cfg, prefix="model."):
    model_type = cfg["model_type"]
    gemma = model_type in ("gemma2", "gemma3_text")
    phi3 = model_type == "phi3"
    d, f = cfg["hidden_size"], cfg["intermediate_size"]
    heads = cfg["num_attention_heads"]
    kv = cfg.get("num_key_value_heads") or heads
    hd = cfg.get("head_dim") or d // heads
    bias = cfg.get("attention_bias", False) or model_type == "qwen2"
    out_bias = cfg.get("attention_bias", False) and model_type != "qwen2"
    # Gemma's norms scale by (1 + w): their weights lie around 0, not 1.
    centre = 0.0 if gemma else 1.0
    w = {prefix + "embed_tokens.weight": randn(cfg["vocab_size"], d, std=0.5)}
    for layer in range(cfg["num_hidden_layers"]):
        b = f"{prefix}layers.{layer}."
        w[b + "input_layernorm.weight"] = centre + randn(d, std=0.1)
        if phi3:
            w[b + "self_attn.qkv_proj.weight"] = randn((heads + 2 * kv) * hd, d, std=0.4)
        else:
            for name, rows in (("q_proj", heads * hd), ("k_proj", kv * hd), ("v_proj", kv * hd)):
                w[b + f"self_attn.{name}.weight"] = randn(rows, d, std=0.4)
                if bias:
                    w[b + f"self_attn.{name}.bias"] = randn(rows, std=0.2)
        w[b + "self_attn.o_proj.weight"] = randn(d, heads * hd, std=0.2)
        if out_bias:
            w[b + "self_attn.o_proj.bias"] = randn(d, std=0.1)
        if model_type in ("qwen3", "gemma3_text"):
            w[b + "self_attn.q_norm.weight"] = centre + randn(hd, std=0.2)
            w[b + "self_attn.k_norm.weight"] = centre + randn(hd, std=0.2)
        w[b + "post_attention_layernorm.weight"] = centre + randn(d, std=0.1)
        if gemma:
            w[b + "pre_feedforward_layernorm.weight"] = randn(d, std=0.1)
            w[b + "post_feedforward_layernorm.weight"] = randn(d, std=0.1)
        if phi3:
            w[b + "mlp.gate_up_proj.weight"] = randn(2 * f, d, std=0.3)
        else:
            w[b + "mlp.gate_proj.weight"] = randn(f, d, std=0.3)
            w[b + "mlp.up_proj.weight"] = randn(f, d, std=0.3)
        w[b + "mlp.down_proj.weight"] = randn(d, f, std=0.2)
    w[prefix + "norm.weight"] = centre + randn(d, std=0.1)
    if not cfg.get("tie_word_embeddings", gemma):
        w["lm_head.weight"] = randn(cfg["vocab_size"], d, std=0.5)
    return w


def neox_weights(cfg):
    d, f = cfg["hidden_size"], cfg["intermediate_size"]
    p = "gpt_neox."
    w = {p + "embed_in.weight": randn(cfg["vocab_size"], d, std=0.5)}
    for layer in range(cfg["num_hidden_layers"]):
        b = f"{p}layers.{layer}."
        for name in ("input_layernorm", "post_attention_layernorm"):
            w[b + name + ".weight"] = 1.0 + randn(d, std=0.1)
            w[b + name + ".bias"] = randn(d, std=0.1)
        w[b + "attention.query_key_value.weight"] = randn(3 * d, d, std=0.4)
        w[b + "attention.query_key_value.bias"] = randn(3 * d, std=0.2)
        w[b + "attention.dense.weight"] = randn(d, d, std=0.2)
        w[b + "attention.dense.bias"] = randn(d, std=0.1)
        w[b + "mlp.dense_h_to_4h.weight"] = randn(f, d, std=0.3)
        w[b + "mlp.dense_h_to_4h.bias"] = randn(f, std=0.1)
        w[b + "mlp.dense_4h_to_h.weight"] = randn(d, f, std=0.2)
        w[b + "mlp.dense_4h_to_h.bias"] = randn(d, std=0.1)
    w[p + "final_layer_norm.weight"] = 1.0 + randn(d, std=0.1)
    w[p + "final_layer_norm.bias"] = randn(d, std=0.1)
    w["embed_out.weight"] = randn(cfg["vocab_size"], d, std=0.5)
    return w


def neox_buffers(cfg, dtype):
    """What old GPT-NeoX files hold beside the weights: the causal mask, its
    fill value and the rotary's inv_freq, per layer."""
    n = cfg["max_position_embeddings"]
    hd = cfg["hidden_size"] // cfg["num_attention_heads"]
    rd = int(hd * cfg["rotary_pct"])
    buffers = {}
    for layer in range(cfg["num_hidden_layers"]):
        b = f"gpt_neox.layers.{layer}.attention."
        buffers[b + "bias"] = torch.tril(torch.ones(n, n, dtype=torch.bool)).view(1, 1, n, n)
        buffers[b + "masked_bias"] = torch.tensor(-1e9).to(dtype)
        buffers[b + "rotary_emb.inv_freq"] = (
            1.0 / (10000 ** (torch.arange(0, rd, 2).float() / rd))).to(dtype)
    return buffers


# ---------------------------------------------------------------- files

def tokenizer_json(vocab_size):
    """A small tokenizer.json of the SentencePiece kind (Llama 2, TinyLlama,
    Mistral): <unk>, <s> and </s>, the Metaspace "▁", the letters, then
    merges that build a few words, up to vocab_size tokens, so that a text
    such as "the cat sat" reads as tokens the tiny model has. Its ids are
    those of the merges below, checked by Hugging Face's tokenizers in
    tests/data/tokenizers/hub (this file's features are all covered there)."""
    pieces = ["<unk>", "<s>", "</s>", "\u2581"] + [chr(c) for c in range(ord("a"), ord("z") + 1)]
    words = ["the", "cat", "sat", "on", "mat", "dog", "ran"]
    merges = []
    for word in words:
        piece = "\u2581"
        for letter in word:
            if len(pieces) >= vocab_size:
                break
            merged = piece + letter
            if merged not in pieces:
                merges.append([piece, letter])
                pieces.append(merged)
            piece = merged
    pieces = pieces[:vocab_size]
    vocab = {p: i for i, p in enumerate(pieces)}
    special = [{"id": i, "content": p, "single_word": False, "lstrip": False, "rstrip": False,
                "normalized": False, "special": True} for i, p in enumerate(pieces[:3])]
    return {"version": "1.0", "truncation": None, "padding": None, "added_tokens": special,
            "normalizer": None,
            "pre_tokenizer": {"type": "Metaspace", "replacement": "\u2581",
                              "prepend_scheme": "always", "split": True},
            "post_processor": None,
            "decoder": {"type": "Metaspace", "replacement": "\u2581",
                        "prepend_scheme": "always", "split": True},
            "model": {"type": "BPE", "dropout": None, "unk_token": "<unk>",
                      "continuing_subword_prefix": None, "end_of_word_suffix": None,
                      "fuse_unk": True, "byte_fallback": False, "vocab": vocab,
                      "merges": merges}}


def write_checkpoint(path, cfg, stored, shards):
    """config.json, tokenizer.json and the weights: model.safetensors, or
    \a shards files named as the hub names them with their index."""
    os.makedirs(path, exist_ok=True)
    write_json(os.path.join(path, "config.json"), cfg)
    text = cfg.get("text_config", cfg)
    write_json(os.path.join(path, "tokenizer.json"), tokenizer_json(text["vocab_size"]))
    if text["model_type"] in ("llama", "mistral", "gemma2", "gemma3_text", "phi3"):
        # As Llama 2's, TinyLlama's and Mistral's: every text begins with <s>.
        write_json(os.path.join(path, "tokenizer_config.json"),
                   {"add_bos_token": True, "add_eos_token": False, "bos_token": "<s>",
                    "eos_token": "</s>", "unk_token": "<unk>"})
    save_weights(path, list(stored.items()), shards)


def case_record(name, ids, attentions, qkv_rows, logits):
    q, k, v = qkv_rows[-1]
    return {"name": name, "ids": ids,
            "attentions": f32(torch.stack(attentions).flatten().tolist()),
            # Layer L-1, query head 1 and the key/value head it reads; q and k after the rotary.
            "last_layer_head1_q": f32(q[1].flatten().tolist()),
            "last_layer_head1_k": f32(k[1].flatten().tolist()),
            "last_layer_head1_v": f32(v[1].flatten().tolist()),
            "top_next": top(logits)}


def checkpoint(name, cfg, dtype=torch.float32, shards=1, lengths=(1, 12), extra=None):
    """The folder \a name of a model of \a cfg: a multimodal Gemma 3's text
    model is its text_config, its tensors under language_model.model.,
    beside \a extra tensors (a vision tower's) the text's pass never reads."""
    neox = cfg["model_type"] == "gpt_neox"
    text = cfg.get("text_config", cfg)
    prefix = "language_model.model." if "text_config" in cfg else "model."
    w = neox_weights(cfg) if neox else llama_weights(text, prefix)
    stored = {k: v.to(dtype) for k, v in w.items()}
    seen = {k: v.to(torch.float32) for k, v in stored.items()}
    if neox:
        stored.update(neox_buffers(cfg, dtype))
    if extra:
        stored.update({k: v.to(dtype) for k, v in extra.items()})
    write_checkpoint(os.path.join(OUT, name), cfg, stored, shards)
    gen = torch.Generator().manual_seed(len(name))
    cases = []
    for n in lengths:
        ids = torch.randint(0, text["vocab_size"], (n,), generator=gen).tolist()
        if neox:
            attentions, qkv_rows, logits = neox_forward(seen, cfg, ids)
        else:
            attentions, qkv_rows, logits = llama_forward(seen, text, ids, prefix=prefix)
        cases.append(case_record(f"n = {n}", ids, attentions, qkv_rows, logits))
    return {"model_type": cfg["model_type"], "dtype": DTYPES[dtype], "cases": cases}


def gemma_config(model_type, **changes):
    """Gemma 2's and Gemma 3's keys in small: head_dim of its own,
    query_pre_attn_scalar, hidden_activation, the window."""
    cfg = {"architectures": ["Gemma2ForCausalLM" if model_type == "gemma2"
                             else "Gemma3ForCausalLM"],
           "model_type": model_type, "hidden_activation": "gelu_pytorch_tanh",
           "hidden_size": 24, "intermediate_size": 40, "num_hidden_layers": 2,
           "num_attention_heads": 4, "num_key_value_heads": 2, "head_dim": 8,
           "query_pre_attn_scalar": 8, "max_position_embeddings": 64, "rms_norm_eps": 1e-6,
           "rope_theta": 10000.0, "sliding_window": 4, "attention_bias": False,
           "tie_word_embeddings": True, "vocab_size": 61, "pad_token_id": 0,
           "bos_token_id": 1, "eos_token_id": 2, "torch_dtype": "float32"}
    cfg.update(changes)
    return cfg


def llama_config(model_type, **changes):
    cfg = {"architectures": ["LlamaForCausalLM"], "model_type": model_type, "hidden_act": "silu",
           "hidden_size": 24, "intermediate_size": 32, "num_hidden_layers": 2,
           "num_attention_heads": 6, "num_key_value_heads": 2, "max_position_embeddings": 32,
           "rms_norm_eps": 1e-5, "rope_theta": 10000.0, "rope_scaling": None,
           "attention_bias": False, "tie_word_embeddings": True, "vocab_size": 61,
           "bos_token_id": 1, "eos_token_id": 2, "torch_dtype": "float32"}
    cfg.update(changes)
    return cfg


def main():
    shutil.rmtree(OUT, ignore_errors=True)
    os.makedirs(OUT)
    reference = {
        # SmolLM2's shape in small: 3:1 grouped-query attention, tied.
        "llama-gqa": checkpoint("llama-gqa", llama_config("llama")),
        # Llama 3.2's: one key/value head, llama3 rope_scaling, BF16, lm_head, two shards.
        "llama3-mqa": checkpoint(
            "llama3-mqa",
            llama_config("llama", hidden_size=32, num_attention_heads=4, num_key_value_heads=1,
                         rope_theta=500000.0, tie_word_embeddings=False, torch_dtype="bfloat16",
                         rope_scaling={"rope_type": "llama3", "factor": 32.0,
                                       "low_freq_factor": 1.0, "high_freq_factor": 4.0,
                                       "original_max_position_embeddings": 8192}),
            dtype=torch.bfloat16, shards=2),
        # Mistral: a window of 4 over 12 tokens; the old "type" key.
        "mistral-window": checkpoint(
            "mistral-window",
            llama_config("mistral", num_attention_heads=4, tie_word_embeddings=False,
                         sliding_window=4, rope_scaling={"type": "linear", "factor": 2.0})),
        # Qwen2.5: q/k/v biases, rope_theta 1e6, F16.
        "qwen2-bias": checkpoint(
            "qwen2-bias",
            llama_config("qwen2", num_attention_heads=4, rope_theta=1000000.0,
                         use_sliding_window=False, sliding_window=None, torch_dtype="float16"),
            dtype=torch.float16),
        # Qwen3: head_dim 10 while hidden_size / heads is 6; q_norm, k_norm.
        "qwen3-headdim": checkpoint(
            "qwen3-headdim",
            llama_config("qwen3", num_attention_heads=4, head_dim=10, rope_theta=1000000.0)),
        # Pythia: partial rotary (a quarter of each head), parallel residual, embed_out.
        "pythia-partial": checkpoint(
            "pythia-partial",
            {"architectures": ["GPTNeoXForCausalLM"], "model_type": "gpt_neox",
             "hidden_act": "gelu", "hidden_size": 32, "intermediate_size": 48,
             "num_hidden_layers": 2, "num_attention_heads": 4, "max_position_embeddings": 32,
             "layer_norm_eps": 1e-5, "rotary_pct": 0.25, "rotary_emb_base": 10000,
             "use_parallel_residual": True, "tie_word_embeddings": False, "vocab_size": 61,
             "bos_token_id": 0, "eos_token_id": 0, "torch_dtype": "float32"}),
        # Gemma 2: even layers local with a window of 4 over 12 tokens; both
        # soft caps small enough to bite (scores and logits well above them).
        "gemma2-capped": checkpoint(
            "gemma2-capped",
            gemma_config("gemma2", num_hidden_layers=3, attn_logit_softcapping=1.5,
                         final_logit_softcapping=2.0, cache_implementation="hybrid")),
        # Gemma 3's text model: six layers, the sixth global (sliding_window_pattern),
        # the local ones on their own base; q_norm, k_norm; linear scaling on the global.
        "gemma3-six": checkpoint(
            "gemma3-six",
            gemma_config("gemma3_text", num_hidden_layers=6, sliding_window_pattern=6,
                         rope_theta=1000000.0, rope_local_base_freq=10000.0,
                         rope_scaling={"rope_type": "linear", "factor": 8.0},
                         final_logit_softcapping=None, attn_logit_softcapping=None)),
        # A multimodal Gemma 3 folder: text_config, language_model.model., a vision tower beside.
        "gemma3-multimodal": checkpoint(
            "gemma3-multimodal",
            {"architectures": ["Gemma3ForConditionalGeneration"], "model_type": "gemma3",
             "text_config": gemma_config(
                 "gemma3_text", num_hidden_layers=2,
                 layer_types=["sliding_attention", "full_attention"],
                 rope_local_base_freq=10000.0, rope_theta=1000000.0),
             "vision_config": {"hidden_size": 8, "image_size": 4, "patch_size": 2},
             "mm_tokens_per_image": 4, "torch_dtype": "bfloat16"},
            dtype=torch.bfloat16,
            extra={"vision_tower.vision_model.embeddings.patch_embedding.weight":
                   randn(8, 3, 2, 2, std=0.1),
                   "multi_modal_projector.mm_input_projection_weight": randn(8, 24, std=0.1)}),
        # Phi-3: fused qkv_proj and gate_up_proj, half the head rotated, longrope:
        # one token within original_max_position_embeddings (4), the short
        # factors; twelve past it, the long ones; the attention factor of 64 / 4.
        "phi3-longrope": checkpoint(
            "phi3-longrope",
            llama_config("phi3", architectures=["Phi3ForCausalLM"], hidden_size=32,
                         num_attention_heads=4, num_key_value_heads=2,
                         partial_rotary_factor=0.5, max_position_embeddings=64,
                         original_max_position_embeddings=4, sliding_window=48,
                         tie_word_embeddings=False,
                         rope_scaling={"type": "longrope",
                                       "short_factor": [1.0, 1.1],
                                       "long_factor": [1.5, 3.0]})),
        # SmolLM3: the third layer without positions (no_rope_layers), tied.
        "smollm3-nope": checkpoint(
            "smollm3-nope",
            llama_config("smollm3", architectures=["SmolLM3ForCausalLM"], num_hidden_layers=4,
                         num_attention_heads=4, num_key_value_heads=2, rope_theta=2000000.0,
                         no_rope_layers=[1, 1, 0, 1], no_rope_layer_interval=4,
                         use_sliding_window=False, sliding_window=None)),
    }
    reference = {"note": "Written by make_decoder_fixtures.py; attentions are [L, H, n, n] "
                         "flattened in C order; last_layer_head1_{q,k,v} are [n, d_h] "
                         "flattened, for query head 1 and the key/value head it reads, q and k "
                         "after QK-norm and the rotary; top lists have probabilities from a "
                         "softmax in float64.",
                 "checkpoints": reference}
    with open(os.path.join(OUT, "reference.json"), "w", encoding="utf-8") as f:
        json.dump(reference, f, separators=(",", ":"), ensure_ascii=False)
        f.write("\n")


if __name__ == "__main__":
    main()
