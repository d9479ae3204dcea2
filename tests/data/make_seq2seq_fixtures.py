#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 The Attention Lab authors
"""Writes tests/data/seq2seq/: tiny random encoder-decoder checkpoints (T5,
Flan-T5, BART, mBART, Marian) in the Hugging Face hub's layouts, their
tokenizers, and reference.json, what PyTorch and sentencepiece compute.

Run with Debian's python3 (python3-torch, python3-numpy, python3-sentencepiece)
and Debian's sentencepiece (spm_train):

    /usr/bin/python3 tests/data/make_seq2seq_fixtures.py

There is no transformers package in Debian, so the forward passes below are
written from transformers' models/t5/modeling_t5.py, models/bart/modeling_bart.py,
models/mbart/modeling_mbart.py and models/marian/modeling_marian.py, step for
step, in float32 with torch.nn.functional (facts and their lines:
../shared/reference/encoder-decoder-and-more-families.md, sections 1 to 3):

- T5: T5LayerNorm (mean of squares, no mean, no bias), pre-norm blocks,
  scores Q K^T with no 1/sqrt(d_kv), the relative position bias of block 0
  (_relative_position_bucket as transformers writes it, in float32) shared
  by every block, bidirectional in the encoder and one-directional in the
  decoder, none in the cross-attention; ReLU or gated-gelu (gelu_new); with
  tied embeddings the decoder's output times d_model ** -0.5.
- BART: learned positions indexed by position + 2, layernorm_embedding,
  post-norm, the erf GELU, final_logits_bias. mBART: the same with pre-norm
  layers and the final encoder.layer_norm and decoder.layer_norm.
- Marian: the sinusoids in two halves (sines, then cosines), the embeddings
  times sqrt(d_model), post-norm, SiLU ("swish"), final_logits_bias, shared
  or separate vocabularies.

The decoder reads its start token then the target's ids (teacher forcing);
greedy is ten argmax steps from the start token alone, with no stop at the
end token, each step's cross-attention row being the full pass's row.

Tokenizers: spm_train (unigram, as T5's, Marian's and mBART's models all
are) on CORPUS below from a fixed seed; python3-sentencepiece gives the
reference pieces. Marian's ids are the pieces looked up in vocab.json
(ordered here unlike the .spm, so that a reader taking the .spm's ids fails).
t5-small keeps its spiece.model; flan-t5-small and mbart-large have only a
tokenizer.json, converted from the .model as transformers'
convert_slow_tokenizer.py does (SpmConverter, T5Converter, MBartConverter):
the Unigram model of the pieces and scores, the Precompiled normalizer of the
model's compiled map, Metaspace, the template. Hugging Face's own tokenizers
(npm, make_unigram_tokenizer_fixtures.js) encodes the test strings with
them."""
import base64
import json
import math
import os
import random
import shutil
import subprocess
import sys

import sentencepiece as spm
import torch
import torch.nn.functional as F

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from make_model_fixtures import (DTYPES, f32, gpt2_pieces, bpe, save_weights, top,  # noqa: E402
                                 write_json, BYTE_ENCODER)

OUT = os.path.join(HERE, "seq2seq")

torch.manual_seed(20261202)
torch.set_num_threads(1)

CORPUS = [
    "Show hidden files", "Afficher les fichiers cachés", "USB port not supported",
    "Port USB non pris en charge", "Parameter Set", "Jeu de paramètres", "List of roles",
    "Liste des rôles", "The agreement on the European Economic Area was signed in August 1992.",
    "L'accord sur la zone économique européenne a été signé en août 1992.",
    "It should be noted that the marine environment is the least known of environments.",
    "Il convient de noter que l'environnement marin est le moins connu de l'environnement.",
    "Open the file", "Ouvrir le fichier", "Save the document", "Enregistrer le document",
    "The cat sat on the mat.", "Le chat était assis sur le tapis.", "Print preview",
    "Aperçu avant impression", "Could not open the device", "Impossible d'ouvrir le périphérique",
    "Remove the selected items", "Supprimer les éléments sélectionnés", "Network settings",
    "Paramètres réseau", "Keyboard shortcuts", "Raccourcis clavier",
]
SOURCE = "Show hidden files in the European Economic Area"
TARGET = "Afficher les fichiers cachés"


def tokenizer_strings(count=300):
    """Strings for the tokenizer tests: the corpus, its words shuffled, odd
    spacing, accents, characters NFKC changes, digits and unknown scripts."""
    rng = random.Random(20261202)
    words = " ".join(CORPUS).split()
    extras = ["ﬁchier", "ＵＳＢ", "café", "cafe\u0301", "  two  spaces ", "tab\there", "12345",
              "日本語", "émigré œuvre", "ÀÉÎÕÜ", "a", "", " ", "Ω ≈ ç", "\u00a0nbsp", "x²"]
    strings = list(CORPUS) + extras
    while len(strings) < count:
        n = rng.randint(1, 8)
        strings.append(" ".join(rng.choice(words) for _ in range(n)))
    return strings[:count]


# ---------------------------------------------------------------- sentencepiece

def train_spm(path_prefix, model_type, vocab_size, extra):
    """spm_train run in OUT on relative paths: the model records its
    training options, so a second run writes the same bytes."""
    folder, prefix = os.path.split(path_prefix)
    corpus = os.path.join(folder, "corpus.txt")
    with open(corpus, "w", encoding="utf-8") as f:
        for _ in range(4):
            for line in CORPUS:
                f.write(line + "\n")
    try:
        subprocess.run(["spm_train", "--input=corpus.txt", f"--model_prefix={prefix}",
                        f"--vocab_size={vocab_size}", f"--model_type={model_type}",
                        "--character_coverage=1.0", "--random_seed=1", "--num_threads=1",
                        "--minloglevel=2", "--hard_vocab_limit=false", *extra],
                       check=True, capture_output=True, cwd=folder)
    finally:
        os.unlink(corpus)
    os.unlink(path_prefix + ".vocab")
    return spm.SentencePieceProcessor(model_file=path_prefix + ".model")


def spm_proto(path):
    from sentencepiece import sentencepiece_model_pb2  # needs python3-protobuf
    proto = sentencepiece_model_pb2.ModelProto()
    with open(path, "rb") as f:
        proto.ParseFromString(f.read())
    return proto


def added_token(token_id, content, lstrip=False):
    return {"id": token_id, "content": content, "single_word": False, "lstrip": lstrip,
            "rstrip": False, "normalized": False, "special": True}


def template(single, pair, specials):
    """TemplateProcessing as tokenizers serialises it; a piece is "$A",
    "$B" or a special token's name."""
    def items(pieces):
        out = []
        for piece in pieces:
            if piece in ("$A", "$B"):
                out.append({"Sequence": {"id": piece[1], "type_id": 0}})
            else:
                out.append({"SpecialToken": {"id": piece, "type_id": 0}})
        return out
    return {"type": "TemplateProcessing", "single": items(single), "pair": items(pair),
            "special_tokens": {name: {"id": name, "ids": [i], "tokens": [name]}
                               for name, i in specials}}


def unigram_tokenizer_json(proto, vocab, unk_id, added, post_processor):
    """SpmConverter.converted(): Precompiled(charsmap), Strip(right) and
    Replace(" {2,}", "▁"); Metaspace with prepend_scheme "always" (T5's and
    mBART's legacy default); the Unigram model without byte fallback."""
    charsmap = base64.b64encode(proto.normalizer_spec.precompiled_charsmap).decode("ascii")
    metaspace = {"type": "Metaspace", "replacement": "\u2581", "prepend_scheme": "always",
                 "split": True}
    return {
        "version": "1.0", "truncation": None, "padding": None, "added_tokens": added,
        "normalizer": {"type": "Sequence", "normalizers": [
            {"type": "Precompiled", "precompiled_charsmap": charsmap},
            {"type": "Strip", "strip_left": False, "strip_right": True},
            {"type": "Replace", "pattern": {"Regex": " {2,}"}, "content": "\u2581"}]},
        "pre_tokenizer": metaspace, "post_processor": post_processor, "decoder": metaspace,
        "model": {"type": "Unigram", "unk_id": unk_id, "vocab": [[p, s] for p, s in vocab],
                  "byte_fallback": False}}


def t5_tokenizer_json(proto, extra_ids):
    """T5Converter: the pieces, then <extra_id_{n-1}> ... <extra_id_0>;
    $A </s>."""
    vocab = [(p.piece, p.score) for p in proto.pieces]
    vocab += [(f"<extra_id_{i}>", 0.0) for i in range(extra_ids - 1, -1, -1)]
    added = [added_token(i, p) for i, (p, _) in enumerate(vocab)
             if p in ("<pad>", "</s>", "<unk>") or p.startswith("<extra_id_")]
    return unigram_tokenizer_json(proto, vocab, 2, added,
                                  template(["$A", "</s>"], ["$A", "</s>", "$B", "</s>"],
                                           [("</s>", 1)]))


# mBART's FAIRSEQ_LANGUAGE_CODES (tokenization_mbart.py).
MBART_LANGUAGES = ["ar_AR", "cs_CZ", "de_DE", "en_XX", "es_XX", "et_EE", "fi_FI", "fr_XX",
                   "gu_IN", "hi_IN", "it_IT", "ja_XX", "kk_KZ", "ko_KR", "lt_LT", "lv_LV",
                   "my_MM", "ne_NP", "nl_XX", "ro_RO", "ru_RU", "si_LK", "tr_TR", "vi_VN",
                   "zh_CN"]


def mbart_vocabulary(proto):
    """MBartConverter: <s> <pad> </s> <unk>, the pieces after the .model's
    first three (fairseq's offset of 1), the language codes, <mask>."""
    vocab = [("<s>", 0.0), ("<pad>", 0.0), ("</s>", 0.0), ("<unk>", 0.0)]
    vocab += [(p.piece, p.score) for p in proto.pieces[3:]]
    vocab += [(code, 0.0) for code in MBART_LANGUAGES]
    vocab += [("<mask>", 0.0)]
    return vocab


def mbart_tokenizer_json(proto):
    vocab = mbart_vocabulary(proto)
    ids = {p: i for i, (p, _) in enumerate(vocab)}
    added = [added_token(i, p, lstrip=p == "<mask>") for i, (p, _) in enumerate(vocab)
             if i < 4 or p in MBART_LANGUAGES or p == "<mask>"]
    return unigram_tokenizer_json(proto, vocab, 3, added,
                                  template(["$A", "</s>", "en_XX"],
                                           ["$A", "$B", "</s>", "en_XX"],
                                           [("</s>", 2), ("en_XX", ids["en_XX"])]))


def mbart_ids(processor, text):
    """MBartTokenizer's ids: the .model's id + 1, its unknown as <unk> (3)."""
    return [i + 1 if i > 0 else 3 for i in processor.encode(text)]


# ---------------------------------------------------------------- shared maths

def t5_norm(x, w, eps):
    variance = x.to(torch.float32).pow(2).mean(-1, keepdim=True)
    return w * (x * torch.rsqrt(variance + eps))


def gelu_new(x):
    return 0.5 * x * (1.0 + torch.tanh(math.sqrt(2.0 / math.pi) * (x + 0.044715 * torch.pow(x, 3.0))))


def relative_position_bucket(relative_position, bidirectional, num_buckets, max_distance):
    """T5Attention._relative_position_bucket, as transformers writes it."""
    relative_buckets = 0
    if bidirectional:
        num_buckets //= 2
        relative_buckets += (relative_position > 0).to(torch.long) * num_buckets
        relative_position = torch.abs(relative_position)
    else:
        relative_position = -torch.min(relative_position, torch.zeros_like(relative_position))
    max_exact = num_buckets // 2
    is_small = relative_position < max_exact
    large = max_exact + (torch.log(relative_position.float() / max_exact)
                         / math.log(max_distance / max_exact)
                         * (num_buckets - max_exact)).to(torch.long)
    large = torch.min(large, torch.full_like(large, num_buckets - 1))
    relative_buckets += torch.where(is_small, relative_position, large)
    return relative_buckets


def t5_bias(w, name, cfg, q_len, k_len, bidirectional):
    """T5Attention.compute_bias: [H, q, k]."""
    context = torch.arange(q_len, dtype=torch.long)[:, None]
    memory = torch.arange(k_len, dtype=torch.long)[None, :]
    buckets = relative_position_bucket(memory - context, bidirectional,
                                       cfg["relative_attention_num_buckets"],
                                       cfg["relative_attention_max_distance"])
    values = w[name][buckets]  # [q, k, H]
    return values.permute(2, 0, 1)


def attention(q_in, kv_in, w, names, heads, head_dim, scale, bias=None, causal=False,
              hook=None):
    """Multi-head attention; names = (q, k, v, o) module names; returns the
    weights [H, q, k] and the output [q, d]. hook, when given, is (edit, set,
    layer): make_intervention_fixtures.py's edit changes the scores before
    the softmax and the heads' context before the output projection."""
    def lin(x, name):
        return F.linear(x, w[name + ".weight"], w.get(name + ".bias"))
    nq, nk = q_in.shape[0], kv_in.shape[0]
    q = lin(q_in, names[0]).view(nq, heads, head_dim).transpose(0, 1)
    k = lin(kv_in, names[1]).view(nk, heads, head_dim).transpose(0, 1)
    v = lin(kv_in, names[2]).view(nk, heads, head_dim).transpose(0, 1)
    if scale != 1.0:
        q = q * scale
    scores = torch.matmul(q, k.transpose(1, 2))
    if bias is not None:
        scores = scores + bias
    if causal:
        i = torch.arange(nq)[:, None]
        j = torch.arange(nk)[None, :]
        scores = scores + torch.where(j <= i + (nk - nq), torch.zeros([]),
                                      torch.full([], torch.finfo(torch.float32).min))
    if hook:
        scores = hook[0].scores(hook[1], hook[2], scores)
    a = F.softmax(scores.float(), dim=-1)
    context = torch.matmul(a, v).transpose(0, 1).reshape(nq, heads * head_dim)
    if hook:
        context = hook[0].context(hook[1], hook[2], context)
    return a, lin(context, names[3])


# ---------------------------------------------------------------- T5

def t5_forward(w, cfg, source, decoder, last_only=False, edit=None):
    """edit, when given, changes the pass (make_intervention_fixtures.py) and
    receives every decoder position's logits."""
    d, heads, dkv = cfg["d_model"], cfg["num_heads"], cfg["d_kv"]
    eps = cfg["layer_norm_epsilon"]
    gated = cfg["feed_forward_proj"].startswith("gated")

    def ff(x, b):
        x = t5_norm(x, w[b + "layer_norm.weight"], eps)
        if gated:
            inner = gelu_new(F.linear(x, w[b + "DenseReluDense.wi_0.weight"])) * \
                F.linear(x, w[b + "DenseReluDense.wi_1.weight"])
        else:
            inner = F.relu(F.linear(x, w[b + "DenseReluDense.wi.weight"]))
        return F.linear(inner, w[b + "DenseReluDense.wo.weight"])

    enc_att, dec_att, cross_att = [], [], []
    h = w["shared.weight"][torch.tensor(source)]
    n = len(source)
    bias = t5_bias(w, "encoder.block.0.layer.0.SelfAttention.relative_attention_bias.weight",
                   cfg, n, n, True)
    for layer in range(cfg["num_layers"]):
        b = f"encoder.block.{layer}.layer."
        if edit:
            h = edit.resid("encoder", layer, h)
        x = t5_norm(h, w[b + "0.layer_norm.weight"], eps)
        names = [b + "0.SelfAttention." + p for p in "qkvo"]
        a, out = attention(x, x, w, names, heads, dkv, 1.0, bias,
                           hook=edit and (edit, "encoder", layer))
        enc_att.append(a)
        h = h + out
        h = h + ff(h, b + "1.")
    encoded = t5_norm(h, w["encoder.final_layer_norm.weight"], eps)

    t = len(decoder)
    h = w["shared.weight"][torch.tensor(decoder)]
    bias = t5_bias(w, "decoder.block.0.layer.0.SelfAttention.relative_attention_bias.weight",
                   cfg, t, t, False)
    for layer in range(cfg["num_decoder_layers"]):
        b = f"decoder.block.{layer}.layer."
        if edit:
            h = edit.resid("decoder", layer, h)
        x = t5_norm(h, w[b + "0.layer_norm.weight"], eps)
        a, out = attention(x, x, w, [b + "0.SelfAttention." + p for p in "qkvo"], heads, dkv,
                           1.0, bias, causal=True, hook=edit and (edit, "decoder", layer))
        dec_att.append(a)
        h = h + out
        x = t5_norm(h, w[b + "1.layer_norm.weight"], eps)
        a, out = attention(x, encoded, w, [b + "1.EncDecAttention." + p for p in "qkvo"], heads,
                           dkv, 1.0, hook=edit and (edit, "cross", layer))
        cross_att.append(a)
        h = h + out
        h = h + ff(h, b + "2.")
    h = t5_norm(h, w["decoder.final_layer_norm.weight"], eps)
    if last_only:  # benchmarks/torch_seq2seq.py: the last position's logits alone
        h = h[-1:]
    if cfg["tie_word_embeddings"]:
        h = h * (d ** -0.5)
        logits = h @ w["shared.weight"].T
    else:
        logits = h @ w["lm_head.weight"].T
    if edit:
        edit.logits = logits
    return enc_att, dec_att, cross_att, logits[-1]


def t5_weights(cfg):
    d, h, dkv, dff = cfg["d_model"], cfg["num_heads"], cfg["d_kv"], cfg["d_ff"]
    inner = h * dkv
    gated = cfg["feed_forward_proj"].startswith("gated")
    w = {"shared.weight": torch.randn(cfg["vocab_size"], d)}

    def norm():
        return 1.0 + 0.1 * torch.randn(d)

    def att(prefix, first):
        w[prefix + "q.weight"] = torch.randn(inner, d) * (d * dkv) ** -0.5
        w[prefix + "k.weight"] = torch.randn(inner, d) * d ** -0.5
        w[prefix + "v.weight"] = torch.randn(inner, d) * d ** -0.5
        w[prefix + "o.weight"] = torch.randn(d, inner) * inner ** -0.5
        if first:
            w[prefix + "relative_attention_bias.weight"] = \
                torch.randn(cfg["relative_attention_num_buckets"], h)

    def ff(prefix):
        if gated:
            w[prefix + "DenseReluDense.wi_0.weight"] = torch.randn(dff, d) * d ** -0.5
            w[prefix + "DenseReluDense.wi_1.weight"] = torch.randn(dff, d) * d ** -0.5
        else:
            w[prefix + "DenseReluDense.wi.weight"] = torch.randn(dff, d) * d ** -0.5
        w[prefix + "DenseReluDense.wo.weight"] = torch.randn(d, dff) * dff ** -0.5

    for layer in range(cfg["num_layers"]):
        b = f"encoder.block.{layer}.layer."
        w[b + "0.layer_norm.weight"] = norm()
        att(b + "0.SelfAttention.", layer == 0)
        w[b + "1.layer_norm.weight"] = norm()
        ff(b + "1.")
    w["encoder.final_layer_norm.weight"] = norm()
    for layer in range(cfg["num_decoder_layers"]):
        b = f"decoder.block.{layer}.layer."
        w[b + "0.layer_norm.weight"] = norm()
        att(b + "0.SelfAttention.", layer == 0)
        w[b + "1.layer_norm.weight"] = norm()
        att(b + "1.EncDecAttention.", False)
        w[b + "2.layer_norm.weight"] = norm()
        ff(b + "2.")
    w["decoder.final_layer_norm.weight"] = norm()
    if not cfg["tie_word_embeddings"]:
        w["lm_head.weight"] = torch.randn(cfg["vocab_size"], d) * d ** -0.5
    return w


def t5_config(vocab_size, gated):
    return {"architectures": ["T5ForConditionalGeneration"], "model_type": "t5",
            "d_model": 24, "d_kv": 5, "d_ff": 40, "num_layers": 2, "num_decoder_layers": 3,
            "num_heads": 4, "relative_attention_num_buckets": 8,
            "relative_attention_max_distance": 20, "dropout_rate": 0.1,
            "layer_norm_epsilon": 1e-6, "initializer_factor": 1.0,
            "feed_forward_proj": "gated-gelu" if gated else "relu",
            "is_encoder_decoder": True, "tie_word_embeddings": not gated,
            "vocab_size": vocab_size, "pad_token_id": 0, "eos_token_id": 1,
            "decoder_start_token_id": 0, "torch_dtype": "float32"}


# ---------------------------------------------------------------- BART, mBART, Marian

def sinusoids_halves(n_pos, dim):
    """MarianSinusoidalPositionalEmbedding._init_weight: sines in the first
    half, cosines in the second."""
    position_enc = torch.tensor(
        [[pos / math.pow(10000, 2 * (j // 2) / dim) for j in range(dim)] for pos in range(n_pos)],
        dtype=torch.float64)
    out = torch.empty(n_pos, dim)
    sentinel = dim // 2 if dim % 2 == 0 else (dim // 2) + 1
    out[:, 0:sentinel] = torch.sin(position_enc[:, 0::2]).float()
    out[:, sentinel:] = torch.cos(position_enc[:, 1::2]).float()
    return out


def act(name, x):
    if name == "gelu":
        return F.gelu(x)
    if name in ("swish", "silu"):
        return F.silu(x)
    if name == "relu":
        return F.relu(x)
    raise ValueError(name)


def bart_family_forward(w, cfg, source, decoder, last_only=False, edit=None):
    """BartForConditionalGeneration, MBartForConditionalGeneration and
    MarianMTModel, as cfg["model_type"] says; edit as t5_forward's."""
    kind = cfg["model_type"]
    d = cfg["d_model"]
    pre = kind == "mbart"
    scale = math.sqrt(d) if cfg.get("scale_embedding", False) else 1.0
    eps = 1e-5

    def ln(x, name):
        return F.layer_norm(x, (d,), w[name + ".weight"], w[name + ".bias"], eps)

    def lin(x, name):
        return F.linear(x, w[name + ".weight"], w[name + ".bias"])

    def embed(stack, ids):
        table = w.get(f"model.{stack}.embed_tokens.weight", w.get("model.shared.weight"))
        x = table[torch.tensor(ids)] * scale
        n = len(ids)
        if kind == "marian":
            x = x + sinusoids_halves(cfg["max_position_embeddings"], d)[:n]
        else:
            x = x + w[f"model.{stack}.embed_positions.weight"][torch.arange(n) + 2]
            x = ln(x, f"model.{stack}.layernorm_embedding")
        return x

    def sub(h, norm_name, fn):
        if pre:
            return h + fn(ln(h, norm_name))
        return ln(h + fn(h), norm_name)

    def mlp(prefix, heads_act):
        return lambda x: lin(act(heads_act, lin(x, prefix + "fc1")), prefix + "fc2")

    enc_att, dec_att, cross_att = [], [], []
    eh = cfg["encoder_attention_heads"]
    h = embed("encoder", source)
    for layer in range(cfg["encoder_layers"]):
        b = f"model.encoder.layers.{layer}."
        names = [b + "self_attn." + p for p in ("q_proj", "k_proj", "v_proj", "out_proj")]

        def self_att(x, names=names, layer=layer):
            a, out = attention(x, x, w, names, eh, d // eh, (d // eh) ** -0.5,
                               hook=edit and (edit, "encoder", layer))
            enc_att.append(a)
            return out
        if edit:
            h = edit.resid("encoder", layer, h)
        h = sub(h, b + "self_attn_layer_norm", self_att)
        h = sub(h, b + "final_layer_norm", mlp(b, cfg["activation_function"]))
    if pre:
        h = ln(h, "model.encoder.layer_norm")
    encoded = h

    dh = cfg["decoder_attention_heads"]
    h = embed("decoder", decoder)
    for layer in range(cfg["decoder_layers"]):
        b = f"model.decoder.layers.{layer}."
        names = [b + "self_attn." + p for p in ("q_proj", "k_proj", "v_proj", "out_proj")]
        cnames = [b + "encoder_attn." + p for p in ("q_proj", "k_proj", "v_proj", "out_proj")]

        def self_att(x, names=names, layer=layer):
            a, out = attention(x, x, w, names, dh, d // dh, (d // dh) ** -0.5, causal=True,
                               hook=edit and (edit, "decoder", layer))
            dec_att.append(a)
            return out

        def cross(x, names=cnames, layer=layer):
            a, out = attention(x, encoded, w, names, dh, d // dh, (d // dh) ** -0.5,
                               hook=edit and (edit, "cross", layer))
            cross_att.append(a)
            return out
        if edit:
            h = edit.resid("decoder", layer, h)
        h = sub(h, b + "self_attn_layer_norm", self_att)
        h = sub(h, b + "encoder_attn_layer_norm", cross)
        h = sub(h, b + "final_layer_norm", mlp(b, cfg["activation_function"]))
    if pre:
        h = ln(h, "model.decoder.layer_norm")
    if last_only:  # benchmarks/torch_seq2seq.py: the last position's logits alone
        h = h[-1:]
    out = w.get("lm_head.weight", w.get("model.decoder.embed_tokens.weight",
                                        w.get("model.shared.weight")))
    logits = h @ out.T + w["final_logits_bias"][0]
    if edit:
        edit.logits = logits
    return enc_att, dec_att, cross_att, logits[-1]


def bart_family_weights(cfg, shared=True, lm_head=True):
    kind = cfg["model_type"]
    d = cfg["d_model"]
    v = cfg["vocab_size"]
    dv = cfg.get("decoder_vocab_size") or v
    w = {}

    def lin(name, out, inp):
        w[name + ".weight"] = torch.randn(out, inp) * inp ** -0.5
        w[name + ".bias"] = torch.randn(out) * 0.1

    def ln(name):
        w[name + ".weight"] = 1.0 + 0.1 * torch.randn(d)
        w[name + ".bias"] = 0.1 * torch.randn(d)

    if shared:
        w["model.shared.weight"] = torch.randn(v, d) * 0.5
    else:
        w["model.encoder.embed_tokens.weight"] = torch.randn(v, d) * 0.5
        w["model.decoder.embed_tokens.weight"] = torch.randn(dv, d) * 0.5
    for stack, layers, ffn in (("encoder", cfg["encoder_layers"], cfg["encoder_ffn_dim"]),
                               ("decoder", cfg["decoder_layers"], cfg["decoder_ffn_dim"])):
        if kind != "marian":
            w[f"model.{stack}.embed_positions.weight"] = \
                torch.randn(cfg["max_position_embeddings"] + 2, d) * 0.5
            ln(f"model.{stack}.layernorm_embedding")
        for layer in range(layers):
            b = f"model.{stack}.layers.{layer}."
            for p in ("q_proj", "k_proj", "v_proj", "out_proj"):
                lin(b + "self_attn." + p, d, d)
            ln(b + "self_attn_layer_norm")
            if stack == "decoder":
                for p in ("q_proj", "k_proj", "v_proj", "out_proj"):
                    lin(b + "encoder_attn." + p, d, d)
                ln(b + "encoder_attn_layer_norm")
            lin(b + "fc1", ffn, d)
            lin(b + "fc2", d, ffn)
            ln(b + "final_layer_norm")
        if kind == "mbart":
            ln(f"model.{stack}.layer_norm")
    w["final_logits_bias"] = torch.randn(1, dv) * 0.1
    if lm_head:
        # Tied: the same values as the decoder's embeddings.
        w["lm_head.weight"] = w.get("model.decoder.embed_tokens.weight",
                                    w.get("model.shared.weight")).clone()
    return w


def bart_family_config(kind, vocab_size, **changes):
    cfg = {"model_type": kind, "d_model": 16, "encoder_layers": 2, "decoder_layers": 2,
           "encoder_attention_heads": 4, "decoder_attention_heads": 4, "encoder_ffn_dim": 32,
           "decoder_ffn_dim": 24, "max_position_embeddings": 64, "vocab_size": vocab_size,
           "activation_function": "gelu", "scale_embedding": False, "is_encoder_decoder": True,
           "torch_dtype": "float32"}
    if kind == "bart":
        cfg.update({"architectures": ["BartForConditionalGeneration"], "bos_token_id": 0,
                    "pad_token_id": 1, "eos_token_id": 2, "decoder_start_token_id": 2,
                    "forced_bos_token_id": 0})
    elif kind == "mbart":
        cfg.update({"architectures": ["MBartForConditionalGeneration"], "bos_token_id": 0,
                    "pad_token_id": 1, "eos_token_id": 2, "decoder_start_token_id": 2,
                    "scale_embedding": True})
    else:
        cfg.update({"architectures": ["MarianMTModel"], "activation_function": "swish",
                    "scale_embedding": True, "eos_token_id": 0, "forced_eos_token_id": 0,
                    "pad_token_id": vocab_size - 1, "decoder_start_token_id": vocab_size - 1,
                    "decoder_vocab_size": vocab_size, "share_encoder_decoder_embeddings": True})
    cfg.update(changes)
    return cfg


# ---------------------------------------------------------------- the cases

def flat(attentions):
    return f32(torch.stack(attentions).flatten().tolist())


def greedy(forward, w, cfg, source, start, steps=10):
    ids = [start]
    for _ in range(steps):
        *_, logits = forward(w, cfg, source, ids)
        ids.append(int(torch.argmax(logits)))
    return ids


def case(name, cfg, w, forward, source_ids, target_ids, start, dtype=torch.float32, shards=1,
         extra=None):
    path = os.path.join(OUT, name)
    os.makedirs(path, exist_ok=True)
    write_json(os.path.join(path, "config.json"), cfg)
    stored = {k: v.to(dtype) for k, v in w.items()}
    seen = {k: v.to(torch.float32) for k, v in stored.items()}
    save_weights(path, list(stored.items()), shards)
    decoder = [start] + target_ids
    enc, dec, cross, logits = forward(seen, cfg, source_ids, decoder)
    steps = greedy(forward, seen, cfg, source_ids, start)
    g_enc, g_dec, g_cross, _ = forward(seen, cfg, source_ids, steps[:-1])
    record = {"model_type": cfg["model_type"], "dtype": DTYPES[dtype],
              "source_ids": source_ids, "decoder_ids": decoder,
              "encoder": flat(enc), "decoder": flat(dec), "cross": flat(cross),
              "top_next": top(logits),
              "greedy_ids": steps, "greedy_cross": flat(g_cross)}
    if extra:
        record.update(extra)
    return record


def spm_pieces(processor, strings):
    return [processor.encode(s, out_type=str) for s in strings]


def t5_case(name, gated, processor, extra_ids, shards=1, dtype=torch.float32,
            tokenizer_json=False):
    vocab = processor.get_piece_size() + extra_ids
    cfg = t5_config(vocab + 3, gated)  # padded past the tokens, as the hub's 32128 over 32100
    w = t5_weights(cfg)
    path = os.path.join(OUT, name)
    os.makedirs(path, exist_ok=True)
    model = os.path.join(OUT, "t5-spiece.model")
    if tokenizer_json:
        write_json(os.path.join(path, "tokenizer.json"),
                   t5_tokenizer_json(spm_proto(model), extra_ids))
    else:
        shutil.copy(model, os.path.join(path, "spiece.model"))
    write_json(os.path.join(path, "tokenizer_config.json"),
               {"eos_token": "</s>", "unk_token": "<unk>", "pad_token": "<pad>",
                "extra_ids": extra_ids, "model_max_length": 512})
    source = processor.encode(SOURCE) + [1]
    target = processor.encode(TARGET) + [1]
    return case(name, cfg, w, t5_forward, source, target, 0, dtype, shards,
                {"source_text": SOURCE, "target_text": TARGET})


def bart_vocabulary():
    """GPT-2's 256 byte symbols after BART's four specials, merges that
    build the words of SOURCE and TARGET's ASCII pieces, <mask> last."""
    tokens = ["<s>", "<pad>", "</s>", "<unk>"] + list(BYTE_ENCODER.values())
    merges = []
    for text in (SOURCE, "Show the files", "hidden area"):
        for piece in gpt2_pieces(text):
            for end in range(2, len(piece) + 1):
                pair = (piece[:end - 1], piece[end - 1])
                if pair not in merges:
                    merges.append(pair)
                    if pair[0] + pair[1] not in tokens:
                        tokens.append(pair[0] + pair[1])
    tokens.append("<mask>")
    return {t: i for i, t in enumerate(tokens)}, merges


def bart_encode(text, vocab, merges):
    ranks = {pair: r for r, pair in enumerate(merges)}
    return [0] + [vocab[t] for piece in gpt2_pieces(text) for t in bpe(piece, ranks)] + [2]


def marian_vocab(source, target, separate):
    """vocab.json as Marian's converter orders it: </s>, <unk>, the pieces
    (here sorted by spelling, unlike the .spm), <pad> last."""
    def pieces(p):
        return sorted(p.id_to_piece(i) for i in range(p.get_piece_size())
                      if not (p.is_unknown(i) or p.is_control(i)))
    src = pieces(source)
    tgt = pieces(target)
    if separate:
        return ({t: i for i, t in enumerate(["</s>", "<unk>"] + src + ["<pad>"])},
                {t: i for i, t in enumerate(["</s>", "<unk>"] + tgt + ["<pad>"])})
    merged = sorted(set(src) | set(tgt))
    vocab = {t: i for i, t in enumerate(["</s>", "<unk>"] + merged + ["<pad>"])}
    return vocab, vocab


def marian_ids(processor, vocab, text):
    return [vocab.get(p, 1) for p in processor.encode(text, out_type=str)] + [0]


def main():
    shutil.rmtree(OUT, ignore_errors=True)
    os.makedirs(OUT)
    strings = tokenizer_strings()
    # T5: pad 0, eos 1, unk 2, no bos, as T5's spiece.model.
    t5 = train_spm(os.path.join(OUT, "t5-spiece"), "unigram", 180,
                   ["--pad_id=0", "--eos_id=1", "--unk_id=2", "--bos_id=-1",
                    "--pad_piece=<pad>", "--eos_piece=</s>", "--unk_piece=<unk>"])
    checkpoints = {
        "t5-small": t5_case("t5-small", False, t5, 10),
        "flan-t5-small": t5_case("flan-t5-small", True, t5, 10, shards=2, tokenizer_json=True),
    }
    os.unlink(os.path.join(OUT, "t5-spiece.model"))

    vocab, merges = bart_vocabulary()
    bart_target = "Show the files"
    name = "bart-base"
    cfg = bart_family_config("bart", len(vocab))
    w = bart_family_weights(cfg, lm_head=True)
    path = os.path.join(OUT, name)
    os.makedirs(path, exist_ok=True)
    write_json(os.path.join(path, "vocab.json"), vocab)
    with open(os.path.join(path, "merges.txt"), "w", encoding="utf-8") as f:
        f.write("#version: 0.2\n")
        for a, b in merges:
            f.write(f"{a} {b}\n")
    source = bart_encode(SOURCE, vocab, merges)
    target = bart_encode(bart_target, vocab, merges)
    checkpoints[name] = case(name, cfg, w, bart_family_forward, source, target,
                             cfg["decoder_start_token_id"], torch.float32,
                             extra={"source_text": SOURCE, "target_text": bart_target})

    # mBART: a unigram .model with XLM-R's specials (<unk> 0, <s> 1, </s> 2),
    # converted to its tokenizer.json; English to French (en_XX to fr_XX).
    # The decoder starts from the target's language code, as
    # shift_tokens_right makes it of the labels "... </s> fr_XX".
    mbart_spm = train_spm(os.path.join(OUT, "mbart"), "unigram", 150,
                          ["--unk_id=0", "--bos_id=1", "--eos_id=2", "--pad_id=-1"])
    proto = spm_proto(os.path.join(OUT, "mbart.model"))
    mbart_vocab = mbart_vocabulary(proto)
    mbart_id = {p: i for i, (p, _) in enumerate(mbart_vocab)}
    name = "mbart-large"
    cfg = bart_family_config("mbart", len(mbart_vocab),
                             decoder_start_token_id=mbart_id["fr_XX"])
    w = bart_family_weights(cfg, lm_head=False)
    path = os.path.join(OUT, name)
    os.makedirs(path, exist_ok=True)
    write_json(os.path.join(path, "tokenizer.json"), mbart_tokenizer_json(proto))
    write_json(os.path.join(path, "tokenizer_config.json"),
               {"tokenizer_class": "MBartTokenizer", "src_lang": "en_XX", "tgt_lang": "fr_XX",
                "bos_token": "<s>", "eos_token": "</s>", "unk_token": "<unk>",
                "pad_token": "<pad>", "model_max_length": 1024})
    source = mbart_ids(mbart_spm, SOURCE) + [2, mbart_id["en_XX"]]
    target = mbart_ids(mbart_spm, TARGET) + [2]
    checkpoints[name] = case(name, cfg, w, bart_family_forward, source, target,
                             cfg["decoder_start_token_id"], torch.bfloat16,
                             extra={"source_text": SOURCE, "target_text": TARGET})
    os.unlink(os.path.join(OUT, "mbart.model"))

    src = train_spm(os.path.join(OUT, "source"), "unigram", 120,
                    ["--unk_id=0", "--bos_id=-1", "--eos_id=1", "--pad_id=-1"])
    tgt = train_spm(os.path.join(OUT, "target"), "unigram", 110,
                    ["--unk_id=0", "--bos_id=-1", "--eos_id=1", "--pad_id=-1"])
    tokenizers = {}
    for name, separate in (("opus-mt-en-fr", False), ("opus-mt-en-de-separate", True)):
        source_vocab, target_vocab = marian_vocab(src, tgt, separate)
        changes = {}
        if separate:
            changes = {"decoder_vocab_size": len(target_vocab),
                       "share_encoder_decoder_embeddings": False,
                       "pad_token_id": len(source_vocab) - 1,
                       "decoder_start_token_id": len(target_vocab) - 1}
        cfg = bart_family_config("marian", len(source_vocab), **changes)
        w = bart_family_weights(cfg, shared=not separate, lm_head=not separate)
        path = os.path.join(OUT, name)
        os.makedirs(path, exist_ok=True)
        shutil.copy(os.path.join(OUT, "source.model"), os.path.join(path, "source.spm"))
        shutil.copy(os.path.join(OUT, "target.model"), os.path.join(path, "target.spm"))
        write_json(os.path.join(path, "vocab.json"), source_vocab)
        if separate:
            write_json(os.path.join(path, "target_vocab.json"), target_vocab)
        write_json(os.path.join(path, "tokenizer_config.json"),
                   {"source_lang": "en", "target_lang": "fr", "separate_vocabs": separate,
                    "eos_token": "</s>", "unk_token": "<unk>", "pad_token": "<pad>",
                    "model_max_length": 512})
        source = marian_ids(src, source_vocab, SOURCE)
        target = marian_ids(tgt, target_vocab, TARGET)
        checkpoints[name] = case(name, cfg, w, bart_family_forward, source, target,
                                 cfg["decoder_start_token_id"],
                                 torch.bfloat16 if separate else torch.float32,
                                 extra={"source_text": SOURCE, "target_text": TARGET})
        tokenizers[name] = {
            "source": [marian_ids(src, source_vocab, s) for s in strings],
            "target": [marian_ids(tgt, target_vocab, s) for s in strings]}
    tokenizers["t5"] = [t5.encode(s) + [1] for s in strings]
    tokenizers["t5_pieces"] = spm_pieces(t5, strings)
    os.unlink(os.path.join(OUT, "source.model"))
    os.unlink(os.path.join(OUT, "target.model"))

    buckets = {}
    for bidirectional in (True, False):
        for nb, md in ((32, 128), (8, 20)):
            rel = torch.arange(-128, 129)
            key = f"{'bidirectional' if bidirectional else 'causal'}-{nb}-{md}"
            buckets[key] = relative_position_bucket(rel, bidirectional, nb, md).tolist()

    reference = {"note": "Written by make_seq2seq_fixtures.py; encoder, decoder and cross are "
                         "[L, H, Q, K] flattened in C order; greedy_cross is the cross-attention "
                         "of the pass over greedy_ids without its last id; top lists have "
                         "probabilities from a softmax in float64; buckets are T5's bucket of "
                         "each offset (key - query) from -128 to 128.",
                 "checkpoints": checkpoints, "strings": strings, "tokenizers": tokenizers,
                 "buckets": buckets}
    with open(os.path.join(OUT, "reference.json"), "w", encoding="utf-8") as f:
        json.dump(reference, f, separators=(",", ":"), ensure_ascii=False)
        f.write("\n")


if __name__ == "__main__":
    main()
