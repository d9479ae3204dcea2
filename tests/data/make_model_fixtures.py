#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 The Attention Lab authors
"""Writes tests/data/models/: tiny random GPT-2 and BERT checkpoints in the
Hugging Face hub's layouts, and reference.json, what PyTorch computes from them.

Run with Debian's python3 (python3-torch, python3-numpy):

    /usr/bin/python3 tests/data/make_model_fixtures.py

There is no transformers package in Debian, so the forward passes below are a
re-implementation of transformers' eager GPT2LMHeadModel and BertForMaskedLM
(modeling_gpt2.py, modeling_bert.py) with torch.nn.functional, step for step:
GPT-2's Conv1D is addmm(bias, x, weight) with weight [in, out], the causal
mask sets future scores to float32's lowest value before the softmax, NewGELU
is the tanh form; BERT's nn.Linear weights are [out, in], LayerNorm comes
after each residual sum, GELU is the erf form, and an unpadded input adds a
zero mask.

.safetensors files are written by hand (struct + json), as in
make_attention_fixtures.py. Float16 and bfloat16 checkpoints are computed
from their rounded weights (converted back to float32), which is what a
reader converting them sees.

The tokenizer files are tiny: GPT-2's 256 byte symbols, merges that build the
words of the texts below, then <|endoftext|>; a WordPiece vocab.txt of a few
words, ## pieces and every letter. The texts' ids come from the simple
tokenizers below (ASCII text only: the GPT-2 pre-tokenizer pattern's \\p{L}
and \\p{N} are written [A-Za-z] and [0-9])."""
import json
import math
import os
import re
import shutil
import struct

import numpy as np
import torch
import torch.nn.functional as F

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "models")

torch.manual_seed(20261130)
torch.set_num_threads(1)

GPT2_TEXTS = [
    "The animal didn't cross the street because it was too tired",
    "The cat sat on the mat.",
    "it was the animal",
]
BERT_TEXTS = [
    "The animal didn't cross the street because it was too tired.",
    "The cat sat on the [MASK].",
    "the [MASK] was too tired",
]


# ---------------------------------------------------------------- tokenizers

def bytes_to_unicode():
    """openai/gpt-2 encoder.py's table: byte -> printable unicode character."""
    bs = (list(range(ord("!"), ord("~") + 1)) + list(range(ord("\u00a1"), ord("\u00ac") + 1))
          + list(range(ord("\u00ae"), ord("\u00ff") + 1)))
    cs = bs[:]
    n = 0
    for b in range(256):
        if b not in bs:
            bs.append(b)
            cs.append(256 + n)
            n += 1
    return dict(zip(bs, (chr(c) for c in cs)))


BYTE_ENCODER = bytes_to_unicode()
GPT2_PATTERN = re.compile(
    r"""'s|'t|'re|'ve|'m|'ll|'d| ?[A-Za-z]+| ?[0-9]+| ?[^\sA-Za-z0-9]+|\s+(?!\S)|\s+""")


def gpt2_pieces(text):
    return ["".join(BYTE_ENCODER[b] for b in piece.encode("utf-8"))
            for piece in GPT2_PATTERN.findall(text)]


def gpt2_vocabulary():
    """256 byte symbols, merges building every piece of GPT2_TEXTS (all but
    'Ġtired', left half-merged so that BPE stops early), <|endoftext|> last."""
    tokens = list(BYTE_ENCODER.values())
    merges = []
    for text in GPT2_TEXTS:
        for piece in gpt2_pieces(text):
            stop = 4 if piece == "\u0120tired" else len(piece)
            for end in range(2, stop + 1):
                pair = (piece[:end - 1], piece[end - 1])
                if pair not in merges:
                    merges.append(pair)
                    if pair[0] + pair[1] not in tokens:
                        tokens.append(pair[0] + pair[1])
    tokens.append("<|endoftext|>")
    return {t: i for i, t in enumerate(tokens)}, merges


def bpe(piece, ranks):
    word = list(piece)
    while len(word) > 1:
        pairs = [(ranks.get((a, b), math.inf), i) for i, (a, b) in enumerate(zip(word, word[1:]))]
        rank, i = min(pairs)
        if rank == math.inf:
            break
        first, second = word[i], word[i + 1]
        merged, j = [], 0
        while j < len(word):
            if j < len(word) - 1 and word[j] == first and word[j + 1] == second:
                merged.append(first + second)
                j += 2
            else:
                merged.append(word[j])
                j += 1
        word = merged
    return word


def gpt2_encode(text, vocab, merges):
    ranks = {pair: r for r, pair in enumerate(merges)}
    tokens = [t for piece in gpt2_pieces(text) for t in bpe(piece, ranks)]
    return [vocab[t] for t in tokens], tokens


BERT_SPECIALS = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]
BERT_WORDS = [".", ",", "'", "!", "?", "the", "animal", "didn", "cross", "street", "because",
              "it", "was", "too", "tire", "##d", "cat", "sat", "on", "mat", "play", "##ing",
              "##s", "##ed"]


def bert_vocabulary():
    letters = [chr(c) for c in range(ord("a"), ord("z") + 1)]
    tokens = BERT_SPECIALS + BERT_WORDS + letters + ["##" + c for c in letters]
    seen = []
    for t in tokens:
        if t not in seen:
            seen.append(t)
    return {t: i for i, t in enumerate(seen)}


def bert_encode(text, vocab):
    """BasicTokenizer (ASCII: lower-case, split punctuation) and WordPiece,
    [MASK] kept whole, wrapped in [CLS] ... [SEP]."""
    words = []
    for chunk in re.split(r"(\[MASK\])", text):
        if chunk == "[MASK]":
            words.append(chunk)
            continue
        for word in chunk.lower().split():
            words.extend(w for w in re.split(r"([!-/:-@\[-`{-~])", word) if w)
    tokens = ["[CLS]"]
    for word in words:
        if word == "[MASK]":
            tokens.append(word)
            continue
        pieces, start = [], 0
        while start < len(word):
            end = len(word)
            while end > start:
                candidate = word[start:end] if start == 0 else "##" + word[start:end]
                if candidate in vocab:
                    break
                end -= 1
            if end == start:
                pieces = ["[UNK]"]
                break
            pieces.append(candidate)
            start = end
        tokens.extend(pieces)
    tokens.append("[SEP]")
    return [vocab[t] for t in tokens], tokens


# ---------------------------------------------------------------- forward passes

def gpt2_forward(w, cfg, ids, prefix="", hiddens=None, edit=None):
    """transformers' GPT2LMHeadModel, eager attention, float32; hiddens,
    when given, receives the residual stream after each block; edit, when
    given, changes the pass (make_intervention_fixtures.py: each block's
    input, the scores before the softmax, the heads' context before the
    output projection) and receives the logits at every position."""
    p = prefix
    n = len(ids)
    d, heads = cfg["n_embd"], cfg["n_head"]
    dh = d // heads
    eps = cfg["layer_norm_epsilon"]
    ids_t = torch.tensor(ids)
    h = w[p + "wte.weight"][ids_t] + w[p + "wpe.weight"][torch.arange(n)]
    attentions, qkv_rows = [], []
    causal = torch.tril(torch.ones(n, n, dtype=torch.bool))
    lowest = torch.finfo(torch.float32).min
    for layer in range(cfg["n_layer"]):
        b = f"{p}h.{layer}."
        if edit:
            h = edit.resid(layer, h)
        residual = h
        x = F.layer_norm(h, (d,), w[b + "ln_1.weight"], w[b + "ln_1.bias"], eps)
        qkv = torch.addmm(w[b + "attn.c_attn.bias"], x, w[b + "attn.c_attn.weight"])
        q, k, v = qkv.split(d, dim=1)
        q, k, v = (t.view(n, heads, dh).transpose(0, 1) for t in (q, k, v))
        scores = torch.matmul(q, k.transpose(-1, -2))
        scores = scores / torch.full([], v.size(-1) ** 0.5, dtype=scores.dtype)
        scores = torch.where(causal, scores, torch.full([], lowest))
        if edit:
            scores = edit.scores(layer, scores)
        a = torch.softmax(scores, dim=-1)
        attentions.append(a)
        qkv_rows.append((q, k, v))
        context = torch.matmul(a, v).transpose(0, 1).reshape(n, d)
        if edit:
            context = edit.context(layer, context)
        h = torch.addmm(w[b + "attn.c_proj.bias"], context, w[b + "attn.c_proj.weight"]) + residual
        residual = h
        x = F.layer_norm(h, (d,), w[b + "ln_2.weight"], w[b + "ln_2.bias"], eps)
        x = torch.addmm(w[b + "mlp.c_fc.bias"], x, w[b + "mlp.c_fc.weight"])
        x = 0.5 * x * (1.0 + torch.tanh(math.sqrt(2.0 / math.pi) * (x + 0.044715 * torch.pow(x, 3.0))))
        h = residual + torch.addmm(w[b + "mlp.c_proj.bias"], x, w[b + "mlp.c_proj.weight"])
        if hiddens is not None:
            hiddens.append(h)
    h = F.layer_norm(h, (d,), w[p + "ln_f.weight"], w[p + "ln_f.bias"], eps)
    logits = h @ w[p + "wte.weight"].T
    if edit:
        edit.logits = logits
    return attentions, qkv_rows, logits[-1], h


def bert_forward(w, cfg, ids, types, prefix, ln_names, edit=None):
    """transformers' BertForMaskedLM, eager attention, float32, no padding;
    edit as gpt2_forward's."""
    p = prefix
    g, be = ln_names
    n = len(ids)
    d, heads = cfg["hidden_size"], cfg["num_attention_heads"]
    dh = d // heads
    eps = cfg["layer_norm_eps"]

    def lin(x, name):
        return F.linear(x, w[name + ".weight"], w[name + ".bias"])

    def ln(x, name):
        return F.layer_norm(x, (d,), w[f"{name}.{g}"], w[f"{name}.{be}"], eps)

    e = p + "embeddings."
    h = w[e + "word_embeddings.weight"][torch.tensor(ids)] + \
        w[e + "token_type_embeddings.weight"][torch.tensor(types)]
    h = h + w[e + "position_embeddings.weight"][torch.arange(n)]
    h = ln(h, e + "LayerNorm")
    zero_mask = torch.zeros(1, 1, n)  # (1 - attention_mask) * lowest, with a mask of ones
    attentions, qkv_rows = [], []
    for layer in range(cfg["num_hidden_layers"]):
        b = f"{p}encoder.layer.{layer}."
        if edit:
            h = edit.resid(layer, h)
        q, k, v = (lin(h, b + "attention.self." + part).view(n, heads, dh).transpose(0, 1)
                   for part in ("query", "key", "value"))
        scores = torch.matmul(q, k.transpose(-1, -2)) / math.sqrt(dh)
        scores = scores + zero_mask
        if edit:
            scores = edit.scores(layer, scores)
        a = torch.softmax(scores, dim=-1)
        attentions.append(a)
        qkv_rows.append((q, k, v))
        context = torch.matmul(a, v).transpose(0, 1).reshape(n, d)
        if edit:
            context = edit.context(layer, context)
        h1 = ln(lin(context, b + "attention.output.dense") + h, b + "attention.output.LayerNorm")
        inner = F.gelu(lin(h1, b + "intermediate.dense"))
        h = ln(lin(inner, b + "output.dense") + h1, b + "output.LayerNorm")
    logits = None
    if "cls.predictions.bias" in w:
        t = F.gelu(lin(h, "cls.predictions.transform.dense"))
        t = ln(t, "cls.predictions.transform.LayerNorm")
        logits = t @ w[e + "word_embeddings.weight"].T + w["cls.predictions.bias"]
    if edit:
        edit.logits = logits
    return attentions, qkv_rows, logits, h


def top(logits, count=5):
    p = torch.softmax(logits.double(), dim=-1)
    values, ids = torch.sort(p, descending=True, stable=True)
    return [{"id": int(i), "p": float(v)} for i, v in zip(ids[:count], values[:count])]


# ---------------------------------------------------------------- files

DTYPES = {torch.float32: "F32", torch.float16: "F16", torch.bfloat16: "BF16",
          torch.int64: "I64"}


def tensor_bytes(t):
    t = t.contiguous()
    if t.dtype == torch.bfloat16:
        return t.view(torch.int16).numpy().astype("<i2").tobytes()
    return t.numpy().tobytes()


def save_safetensors(path, tensors):
    """tensors: list of (name, tensor), written in that order."""
    header, data, offset = {}, [], 0
    for name, t in tensors:
        raw = tensor_bytes(t)
        header[name] = {"dtype": DTYPES[t.dtype], "shape": list(t.shape),
                        "data_offsets": [offset, offset + len(raw)]}
        offset += len(raw)
        data.append(raw)
    text = json.dumps(header, separators=(",", ":")).encode("utf-8")
    text += b" " * ((-len(text)) % 8)
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(text)) + text + b"".join(data))


def save_weights(path, items, shards=1):
    """items: list of (name, tensor). model.safetensors in \a path, or
    \a shards files named as the hub names them, with their index
    (model.safetensors.index.json)."""
    if shards == 1:
        save_safetensors(os.path.join(path, "model.safetensors"), items)
        return
    weight_map, total = {}, 0
    per = math.ceil(len(items) / shards)
    for s in range(shards):
        name = f"model-{s + 1:05d}-of-{shards:05d}.safetensors"
        part = items[s * per:(s + 1) * per]
        save_safetensors(os.path.join(path, name), part)
        for key, t in part:
            weight_map[key] = name
            total += t.numel() * t.element_size()
    write_json(os.path.join(path, "model.safetensors.index.json"),
               {"metadata": {"total_size": total}, "weight_map": weight_map})


def randn(*shape, std):
    return torch.randn(*shape) * std


def norm_pair(d):
    return 1.0 + randn(d, std=0.1), randn(d, std=0.1)


def gpt2_weights(cfg):
    d, inner = cfg["n_embd"], cfg["n_inner"] or 4 * cfg["n_embd"]
    w = {"wte.weight": randn(cfg["vocab_size"], d, std=0.5),
         "wpe.weight": randn(cfg["n_positions"], d, std=0.3)}
    for layer in range(cfg["n_layer"]):
        b = f"h.{layer}."
        w[b + "ln_1.weight"], w[b + "ln_1.bias"] = norm_pair(d)
        w[b + "attn.c_attn.weight"] = randn(d, 3 * d, std=0.4)
        w[b + "attn.c_attn.bias"] = randn(3 * d, std=0.1)
        w[b + "attn.c_proj.weight"] = randn(d, d, std=0.2)
        w[b + "attn.c_proj.bias"] = randn(d, std=0.1)
        w[b + "ln_2.weight"], w[b + "ln_2.bias"] = norm_pair(d)
        w[b + "mlp.c_fc.weight"] = randn(d, inner, std=0.2)
        w[b + "mlp.c_fc.bias"] = randn(inner, std=0.1)
        w[b + "mlp.c_proj.weight"] = randn(inner, d, std=0.2)
        w[b + "mlp.c_proj.bias"] = randn(d, std=0.1)
    w["ln_f.weight"], w["ln_f.bias"] = norm_pair(d)
    return w


def bert_weights(cfg, mlm_head=True, pooler=True):
    d, inner = cfg["hidden_size"], cfg["intermediate_size"]
    e = "embeddings."
    w = {e + "word_embeddings.weight": randn(cfg["vocab_size"], d, std=0.5),
         e + "position_embeddings.weight": randn(cfg["max_position_embeddings"], d, std=0.3),
         e + "token_type_embeddings.weight": randn(cfg["type_vocab_size"], d, std=0.3)}
    w[e + "LayerNorm.weight"], w[e + "LayerNorm.bias"] = norm_pair(d)
    for layer in range(cfg["num_hidden_layers"]):
        b = f"encoder.layer.{layer}."
        for part in ("query", "key", "value"):
            w[b + f"attention.self.{part}.weight"] = randn(d, d, std=0.4)
            w[b + f"attention.self.{part}.bias"] = randn(d, std=0.1)
        w[b + "attention.output.dense.weight"] = randn(d, d, std=0.2)
        w[b + "attention.output.dense.bias"] = randn(d, std=0.1)
        w[b + "attention.output.LayerNorm.weight"], w[b + "attention.output.LayerNorm.bias"] = \
            norm_pair(d)
        w[b + "intermediate.dense.weight"] = randn(inner, d, std=0.2)
        w[b + "intermediate.dense.bias"] = randn(inner, std=0.1)
        w[b + "output.dense.weight"] = randn(d, inner, std=0.2)
        w[b + "output.dense.bias"] = randn(d, std=0.1)
        w[b + "output.LayerNorm.weight"], w[b + "output.LayerNorm.bias"] = norm_pair(d)
    if pooler:
        w["pooler.dense.weight"] = randn(d, d, std=0.2)
        w["pooler.dense.bias"] = randn(d, std=0.1)
    if mlm_head:
        w["cls.predictions.transform.dense.weight"] = randn(d, d, std=0.3)
        w["cls.predictions.transform.dense.bias"] = randn(d, std=0.1)
        w["cls.predictions.transform.LayerNorm.weight"], \
            w["cls.predictions.transform.LayerNorm.bias"] = norm_pair(d)
        w["cls.predictions.bias"] = randn(cfg["vocab_size"], std=0.1)
    return w


def rounded(w, dtype):
    """The weights stored as \a dtype, and what a reader sees of them as float32."""
    stored = {k: v.to(dtype) for k, v in w.items()}
    return stored, {k: v.to(torch.float32) for k, v in stored.items()}


def f32(values):
    """float32 values as the shortest decimals that read back to the same float32."""
    return [float(np.format_float_positional(np.float32(v), unique=True)) for v in values]


def case_record(name, ids, types, masks, attentions, qkv_rows, tokens=None, text=None):
    record = {"name": name, "ids": ids}
    if text is not None:
        record["text"] = text
        record["tokens"] = tokens
    if types is not None:
        record["token_types"] = types
        record["mask_positions"] = masks
    record["attentions"] = f32(torch.stack(attentions).flatten().tolist())
    # One head's rows, as a spot check of the kept q, k and v: layer last, head 1.
    q, k, v = qkv_rows[-1]
    record["last_layer_head1_q"] = f32(q[1].flatten().tolist())
    record["last_layer_head1_k"] = f32(k[1].flatten().tolist())
    record["last_layer_head1_v"] = f32(v[1].flatten().tolist())
    return record


def gpt2_cases(w, cfg, prefix, vocab=None, merges=None):
    vocabulary = cfg["vocab_size"]
    gen = torch.Generator().manual_seed(len(prefix) + vocabulary)
    inputs = [("n = 1", [vocabulary - 1], None, None),
              ("seven tokens", torch.randint(0, vocabulary, (7,), generator=gen).tolist(), None,
               None),
              ("n = positions", [(3 * i + 1) % vocabulary for i in range(cfg["n_positions"])],
               None, None)]
    if vocab is not None:
        for text in GPT2_TEXTS:
            ids, tokens = gpt2_encode(text, vocab, merges)
            inputs.append((text, ids, tokens, text))
    cases = []
    for name, ids, tokens, text in inputs:
        attentions, qkv_rows, last_logits, _ = gpt2_forward(w, cfg, ids, prefix)
        record = case_record(name, ids, None, None, attentions, qkv_rows, tokens, text)
        record["top_next"] = top(last_logits)
        cases.append(record)
    return cases


def bert_cases(w, cfg, prefix, ln_names, vocab=None):
    vocabulary = cfg["vocab_size"]
    positions = cfg["max_position_embeddings"]
    inputs = [("n = 1", [2], [0], [0], None, None),
              ("pair with masks", [2, 10, 4, 12, 3, 16, 4, 3], [0, 0, 0, 0, 0, 1, 1, 1], [2, 6],
               None, None),
              ("n = positions", [(5 * i + 2) % vocabulary for i in range(positions)],
               [int(i >= positions // 2) for i in range(positions)], [0, positions - 1], None,
               None)]
    if vocab is not None:
        for text in BERT_TEXTS:
            ids, tokens = bert_encode(text, vocab)
            masks = [i for i, t in enumerate(tokens) if t == "[MASK]"]
            inputs.append((text, ids, [0] * len(ids), masks, tokens, text))
    cases = []
    for name, ids, types, masks, tokens, text in inputs:
        attentions, qkv_rows, logits, _ = bert_forward(w, cfg, ids, types, prefix, ln_names)
        record = case_record(name, ids, types, masks, attentions, qkv_rows, tokens, text)
        record["masked"] = ([{"position": m, "top": top(logits[m])} for m in masks]
                            if logits is not None else [])
        cases.append(record)
    return cases


def folder(name):
    path = os.path.join(OUT, name)
    os.makedirs(path, exist_ok=True)
    return path


def write_json(path, value):
    with open(path, "w", encoding="utf-8") as f:
        json.dump(value, f, indent=2, ensure_ascii=False)
        f.write("\n")


def gpt2_checkpoint(name, cfg, dtype=torch.float32, prefix="", buffers=True, tokenizer=None):
    w = gpt2_weights(cfg)
    stored, seen = rounded(w, dtype)
    path = folder(name)
    write_json(os.path.join(path, "config.json"), cfg)
    tensors = []
    for key, t in stored.items():
        tensors.append((prefix + key, t))
        if buffers and key.endswith("attn.c_attn.weight"):
            block = prefix + key[:-len("c_attn.weight")]
            n = cfg["n_positions"]
            tensors.append((block + "bias", torch.tril(torch.ones(n, n)).view(1, 1, n, n).to(dtype)))
            tensors.append((block + "masked_bias", torch.tensor(-1e4).to(dtype)))
    save_safetensors(os.path.join(path, "model.safetensors"), tensors)
    seen = {prefix + k: v for k, v in seen.items()}
    vocab = merges = None
    if tokenizer is not None:
        vocab, merges = tokenizer
        write_json(os.path.join(path, "vocab.json"), vocab)
        with open(os.path.join(path, "merges.txt"), "w", encoding="utf-8") as f:
            f.write("#version: 0.2\n")
            for a, b in merges:
                f.write(f"{a} {b}\n")
    return {"model_type": "gpt2", "dtype": DTYPES[dtype],
            "cases": gpt2_cases(seen, cfg, prefix, vocab, merges)}


def bert_checkpoint(name, cfg, dtype=torch.float32, prefix="bert.", gamma_beta=True,
                    mlm_head=True, vocab=None):
    w = bert_weights(cfg, mlm_head=mlm_head, pooler=mlm_head)
    stored, seen = rounded(w, dtype)
    ln_names = ("gamma", "beta") if gamma_beta else ("weight", "bias")

    def file_name(key):
        if gamma_beta and "LayerNorm." in key:
            key = key.replace("LayerNorm.weight", "LayerNorm.gamma")
            key = key.replace("LayerNorm.bias", "LayerNorm.beta")
        return key if key.startswith("cls.") else prefix + key

    path = folder(name)
    write_json(os.path.join(path, "config.json"), cfg)
    tensors = [(file_name(k), t) for k, t in stored.items()]
    tensors.insert(3, (prefix + "embeddings.position_ids",
                       torch.arange(cfg["max_position_embeddings"]).view(1, -1)))
    save_safetensors(os.path.join(path, "model.safetensors"), tensors)
    seen = {file_name(k): v for k, v in seen.items()}
    if vocab is not None:
        with open(os.path.join(path, "vocab.txt"), "w", encoding="utf-8") as f:
            for token in vocab:
                f.write(token + "\n")
        write_json(os.path.join(path, "tokenizer_config.json"), {"do_lower_case": True})
    return {"model_type": "bert", "dtype": DTYPES[dtype],
            "cases": bert_cases(seen, cfg, prefix, ln_names, vocab)}


def gpt2_config(vocab_size, n_inner=None):
    return {"model_type": "gpt2", "architectures": ["GPT2LMHeadModel"],
            "activation_function": "gelu_new", "n_layer": 2, "n_head": 4, "n_embd": 32,
            "n_inner": n_inner, "n_positions": 32, "n_ctx": 32, "vocab_size": vocab_size,
            "layer_norm_epsilon": 1e-5, "bos_token_id": vocab_size - 1,
            "eos_token_id": vocab_size - 1}


def bert_config(vocab_size):
    return {"model_type": "bert", "architectures": ["BertForMaskedLM"], "hidden_act": "gelu",
            "num_hidden_layers": 2, "num_attention_heads": 4, "hidden_size": 32,
            "intermediate_size": 64, "max_position_embeddings": 24, "type_vocab_size": 2,
            "vocab_size": vocab_size, "layer_norm_eps": 1e-12, "pad_token_id": 0}


def main():
    shutil.rmtree(OUT, ignore_errors=True)
    os.makedirs(OUT)
    gpt2_vocab, merges = gpt2_vocabulary()
    bert_vocab = bert_vocabulary()
    reference = {
        "gpt2-tiny": gpt2_checkpoint("gpt2-tiny", gpt2_config(len(gpt2_vocab)),
                                     tokenizer=(gpt2_vocab, merges)),
        "bert-tiny": bert_checkpoint("bert-tiny", bert_config(len(bert_vocab)),
                                     vocab=bert_vocab),
        "gpt2-prefixed": gpt2_checkpoint("gpt2-prefixed", gpt2_config(61, n_inner=48),
                                         prefix="transformer.", buffers=False),
        "bert-noprefix": bert_checkpoint("bert-noprefix", bert_config(53), prefix="",
                                         gamma_beta=False, mlm_head=False),
        "gpt2-f16": gpt2_checkpoint("gpt2-f16", gpt2_config(67), dtype=torch.float16),
        "bert-bf16": bert_checkpoint("bert-bf16", bert_config(59), dtype=torch.bfloat16),
    }
    reference = {"note": "Written by make_model_fixtures.py; attentions are [L, H, n, n] "
                         "flattened in C order; last_layer_head1_{q,k,v} are [n, d_h] "
                         "flattened (q, k, v before the scaling); top lists have "
                         "probabilities from a softmax in float64.",
                 "checkpoints": reference}
    with open(os.path.join(OUT, "reference.json"), "w", encoding="utf-8") as f:
        json.dump(reference, f, separators=(",", ":"), ensure_ascii=False)
        f.write("\n")


if __name__ == "__main__":
    main()
