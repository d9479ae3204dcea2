#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 The Attention Lab authors
"""Writes tests/data/interventions.json: what PyTorch computes when a pass of
each float32 fixture checkpoint (tests/data/models, tests/data/decoders) is
changed as the program's experiments on heads change it.

Run with Debian's python3 (python3-torch, python3-numpy), after the model and
decoder fixtures:

    /usr/bin/python3 tests/data/make_intervention_fixtures.py

The passes are the reference implementations of make_model_fixtures.py and
make_decoder_fixtures.py (written from transformers' modeling files), with an
`edit` that changes them where TransformerLens hooks them:
- hook_resid_pre: a block's input, where a residual position is patched;
- hook_attn_scores: the scores before the softmax (after the mask), where a
  knocked-out edge becomes minus infinity (Geva et al. 2023);
- hook_z: the heads' context before the output projection, where a head is
  zeroed, replaced by its mean over the positions (mean ablation; in a causal
  model position i's mean over positions 0 to i), or patched from the clean
  text's run.
Within a layer the order is the program's: the residual patch, then the
knockouts, then the ablations, then the head patches.

Each case keeps the logits at two positions (the last and position 3), and
the loss over tokens 1 to n - 1 (mean -ln p(token i | tokens before it)) of
causal models.

The encoder-decoders (tests/data/seq2seq, make_seq2seq_fixtures.py's
passes) are changed alike in each of their three attentions: the encoder's
and the decoder's self-attention, and the cross-attention in the decoder's
blocks, whose queries are the decoder's positions and keys the source's. A
residual position is the encoder's (over the source) or the decoder's (over
the target). The decoder's mean ablation, in its self-attention and its
cross-attention alike, is causal: position i's mean over positions 0 to i.
The corrupted text is another source of the same length, with the same
target; the positions and the loss are the decoder's."""
import json
import math
import os
import struct
import sys

import numpy as np
import torch

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import make_decoder_fixtures as decoders  # noqa: E402
import make_model_fixtures as models  # noqa: E402
import make_seq2seq_fixtures as seq2seq  # noqa: E402

FOLDERS = [
    ("models/gpt2-tiny", "gpt2"),
    ("models/bert-tiny", "bert"),
    ("decoders/llama-gqa", "llama"),
    ("decoders/mistral-window", "llama"),
    ("decoders/qwen3-headdim", "llama"),
    ("decoders/pythia-partial", "neox"),
]
LENGTH = 8
KEPT_POSITIONS = [LENGTH - 1, 3]

SEQ2SEQ_FOLDERS = ["seq2seq/t5-small", "seq2seq/bart-base", "seq2seq/mbart-large",
                   "seq2seq/opus-mt-en-de-separate"]
SOURCE_LENGTH = 7
TARGET_LENGTH = 6  # the start token, then five target tokens


def load_safetensors(folder):
    """Every float32 or bfloat16 tensor of the folder's model*.safetensors
    files, as float32."""
    out = {}
    for name in sorted(os.listdir(folder)):
        if not (name.startswith("model") and name.endswith(".safetensors")):
            continue
        with open(os.path.join(folder, name), "rb") as f:
            size = struct.unpack("<Q", f.read(8))[0]
            header = json.loads(f.read(size))
            data = f.read()
        for key, entry in header.items():
            if key == "__metadata__":
                continue
            if entry["dtype"] in ("I64", "BOOL"):
                continue  # buffers such as BERT's position_ids
            begin, end = entry["data_offsets"]
            if entry["dtype"] == "BF16":
                # bfloat16 is float32's upper half: widened exactly, as the program reads it.
                values = (np.frombuffer(data[begin:end], dtype=np.uint16).astype(np.uint32)
                          << 16).view(np.float32).reshape(entry["shape"])
            elif entry["dtype"] == "F32":
                values = np.frombuffer(data[begin:end], dtype=np.float32).reshape(entry["shape"])
            else:
                raise SystemExit(f"{folder}: {key} is {entry['dtype']}: float32 or bfloat16 only")
            out[key] = torch.from_numpy(values.copy())
    return out


class Edit:
    """One case's interventions, applied by the reference forward passes."""

    def __init__(self, heads, head_dim, ablate=(), mean=False, knockouts=(), patch_heads=(),
                 patch_residual=(), clean=None, causal=True):
        self.heads, self.head_dim = heads, head_dim
        self.ablate, self.mean = list(ablate), mean
        self.knockouts = list(knockouts)
        self.patch_heads, self.patch_residual = list(patch_heads), list(patch_residual)
        self.clean = clean
        self.causal = causal
        self.inputs, self.contexts = {}, {}
        self.logits = None

    def resid(self, layer, h):
        h = h.clone()
        for l, position in self.patch_residual:
            if l == layer:
                h[position] = self.clean.inputs[layer][position]
        self.inputs[layer] = h.clone()
        return h

    def scores(self, layer, scores):
        scores = scores.clone()
        for l, head, query, key in self.knockouts:
            if l != layer:
                continue
            heads = range(self.heads) if head < 0 else [head]
            for h in heads:
                scores[..., h, query, key] = -math.inf
        return scores

    def context(self, layer, context):
        n = context.shape[0]
        c = context.clone().view(n, self.heads, self.head_dim)
        for l, head in self.ablate:
            if l != layer:
                continue
            if not self.mean:
                c[:, head] = 0.0
            elif self.causal:
                # Position i's mean over positions 0 to i: no later token leaks in.
                c[:, head] = c[:, head].double().cumsum(0).div(
                    torch.arange(1, n + 1, dtype=torch.float64)[:, None]).float()
            else:
                c[:, head] = c[:, head].mean(0, keepdim=True)
        for l, head in self.patch_heads:
            if l == layer:
                c[:, head] = self.clean.contexts[layer].view(n, self.heads, self.head_dim)[:, head]
        c = c.reshape(n, self.heads * self.head_dim)
        self.contexts[layer] = c.clone()
        return c


class Seq2SeqEdit:
    """One case's interventions on an encoder-decoder: an Edit for each of
    its attentions ("encoder", "decoder", "cross"), each item naming its set
    first: ablate (set, layer, head), knockouts (set, layer, head, query,
    key), patch_heads (set, layer, head), patch_residual (stack, layer,
    position)."""

    SETS = ("encoder", "decoder", "cross")

    def __init__(self, shapes, ablate=(), mean=False, knockouts=(), patch_heads=(),
                 patch_residual=(), clean=None):
        def of(items, kind):
            return [tuple(item[1:]) for item in items if item[0] == kind]
        self.edits = {
            kind: Edit(shapes[kind][0], shapes[kind][1], ablate=of(ablate, kind), mean=mean,
                       knockouts=of(knockouts, kind), patch_heads=of(patch_heads, kind),
                       patch_residual=of(patch_residual, kind),
                       clean=clean.edits[kind] if clean else None, causal=kind != "encoder")
            for kind in self.SETS}
        self.logits = None

    def resid(self, stack, layer, h):
        return self.edits[stack].resid(layer, h)

    def scores(self, kind, layer, scores):
        return self.edits[kind].scores(layer, scores)

    def context(self, kind, layer, context):
        return self.edits[kind].context(layer, context)


def seq2seq_shapes(cfg):
    """(layers, heads, head size) of each attention, and the decoder's vocabulary."""
    if cfg["model_type"] == "t5":
        enc = (cfg["num_layers"], cfg["num_heads"], cfg["d_kv"])
        dec = (cfg["num_decoder_layers"], cfg["num_heads"], cfg["d_kv"])
    else:
        d = cfg["d_model"]
        enc = (cfg["encoder_layers"], cfg["encoder_attention_heads"],
               d // cfg["encoder_attention_heads"])
        dec = (cfg["decoder_layers"], cfg["decoder_attention_heads"],
               d // cfg["decoder_attention_heads"])
    return {"encoder": enc, "decoder": dec, "cross": dec}


def seq2seq_cases(w, cfg, generator):
    forward = seq2seq.t5_forward if cfg["model_type"] == "t5" else seq2seq.bart_family_forward
    shapes = seq2seq_shapes(cfg)
    heads = {kind: (shape[1], shape[2]) for kind, shape in shapes.items()}
    vocabulary = cfg["vocab_size"]
    target_vocabulary = cfg.get("decoder_vocab_size") or vocabulary
    source = torch.randint(3, vocabulary, (SOURCE_LENGTH,), generator=generator).tolist()
    decoder = [cfg["decoder_start_token_id"]] + torch.randint(
        3, target_vocabulary, (TARGET_LENGTH - 1,), generator=generator).tolist()
    corrupted = list(source)
    corrupted[1] = (source[1] + 1) % vocabulary
    corrupted[4] = (source[4] + 5) % vocabulary
    enc_last = shapes["encoder"][0] - 1
    dec_last = shapes["decoder"][0] - 1
    t, s = TARGET_LENGTH, SOURCE_LENGTH

    def run_one(ids, edit):
        with torch.no_grad():
            forward(w, cfg, ids, decoder, edit=edit)
        return edit.logits

    clean = Seq2SeqEdit(heads)
    run_one(source, clean)
    cases = [
        ("none", {}, {}),
        ("zero-encoder", {"ablate": [["encoder", enc_last, 0]]},
         {"ablate": [("encoder", enc_last, 0)]}),
        ("zero-cross", {"ablate": [["cross", dec_last, 1]]}, {"ablate": [("cross", dec_last, 1)]}),
        ("mean-decoder", {"ablate": [["decoder", 0, 1]], "ablation": "mean"},
         {"ablate": [("decoder", 0, 1)], "mean": True}),
        ("mean-cross", {"ablate": [["cross", 0, 0]], "ablation": "mean"},
         {"ablate": [("cross", 0, 0)], "mean": True}),
        ("mean-encoder", {"ablate": [["encoder", 0, 2]], "ablation": "mean"},
         {"ablate": [("encoder", 0, 2)], "mean": True}),
        ("knockout-cross",
         {"knockouts": [["cross", dec_last, -1, t - 1, 2], ["cross", 0, 1, 3, 0]]},
         {"knockouts": [("cross", dec_last, -1, t - 1, 2), ("cross", 0, 1, 3, 0)]}),
        ("knockout-self",
         {"knockouts": [["encoder", 0, 3, 4, s - 1], ["decoder", dec_last, 0, t - 1, t - 2]]},
         {"knockouts": [("encoder", 0, 3, 4, s - 1), ("decoder", dec_last, 0, t - 1, t - 2)]}),
        ("composed",
         {"ablate": [["encoder", 0, 0], ["decoder", 0, 2]],
          "knockouts": [["cross", dec_last, -1, t - 1, 1]]},
         {"ablate": [("encoder", 0, 0), ("decoder", 0, 2)],
          "knockouts": [("cross", dec_last, -1, t - 1, 1)]}),
        ("patch-head-cross", {"corrupted": True, "patch_heads": [["cross", dec_last, 1]]},
         {"patch_heads": [("cross", dec_last, 1)], "clean": clean}),
        ("patch-head-encoder", {"corrupted": True, "patch_heads": [["encoder", 0, 1]]},
         {"patch_heads": [("encoder", 0, 1)], "clean": clean}),
        ("patch-residual-encoder", {"corrupted": True, "patch_residual": [["encoder", enc_last, 4]]},
         {"patch_residual": [("encoder", enc_last, 4)], "clean": clean}),
        ("patch-residual-decoder", {"corrupted": True, "patch_residual": [["decoder", dec_last, 3]]},
         {"patch_residual": [("decoder", dec_last, 3)], "clean": clean}),
        ("corrupted", {"corrupted": True}, {}),
    ]
    records = []
    for name, described, arguments in cases:
        text = corrupted if described.get("corrupted") else source
        logits = run_one(text, Seq2SeqEdit(heads, **arguments))
        records.append({"name": name, **described,
                        "logits": [[round(float(v), 7) for v in logits[p]]
                                   for p in [t - 1, 3]],
                        "loss": loss_of(logits, decoder)})
    return {"source_ids": source, "corrupted_ids": corrupted, "ids": decoder,
            "positions": [t - 1, 3], "cases": records}


def run(kind, w, cfg, ids, edit):
    with torch.no_grad():
        if kind == "gpt2":
            models.gpt2_forward(w, cfg, ids, edit=edit)
        elif kind == "bert":
            models.bert_forward(w, cfg, ids, [0] * len(ids), "bert.", ("gamma", "beta"),
                                edit=edit)
        elif kind == "llama":
            decoders.llama_forward(w, cfg, ids, edit=edit)
        else:
            decoders.neox_forward(w, cfg, ids, edit=edit)
    return edit.logits


def shape_of(kind, cfg):
    if kind == "gpt2":
        return cfg["n_layer"], cfg["n_head"], cfg["n_embd"] // cfg["n_head"]
    if kind == "bert":
        return cfg["num_hidden_layers"], cfg["num_attention_heads"], \
            cfg["hidden_size"] // cfg["num_attention_heads"]
    heads = cfg["num_attention_heads"]
    return cfg["num_hidden_layers"], heads, cfg.get("head_dim") or cfg["hidden_size"] // heads


def loss_of(logits, ids):
    logp = torch.log_softmax(logits.double(), dim=-1)
    return float(-np.mean([logp[i - 1, ids[i]].item() for i in range(1, len(ids))]))


def main():
    generator = torch.Generator().manual_seed(20261206)
    out = {"note": __doc__.split("\n")[0], "positions": KEPT_POSITIONS, "checkpoints": []}
    for folder, kind in FOLDERS:
        path = os.path.join(HERE, folder)
        with open(os.path.join(path, "config.json"), encoding="utf-8") as f:
            cfg = json.load(f)
        w = load_safetensors(path)
        if kind == "bert" and "bert.embeddings.word_embeddings.weight" not in w:
            raise SystemExit(f"{folder}: expected bert.-prefixed names")
        layers, heads, head_dim = shape_of(kind, cfg)
        vocabulary = cfg["vocab_size"]
        ids = torch.randint(3, vocabulary, (LENGTH,), generator=generator).tolist()
        corrupted = list(ids)
        corrupted[2] = (ids[2] + 1) % vocabulary
        corrupted[5] = (ids[5] + 7) % vocabulary
        last = layers - 1
        clean = Edit(heads, head_dim)
        run(kind, w, cfg, ids, clean)
        cases = [
            ("none", {}, {}),
            ("zero", {"ablate": [[last, 0]]}, {"ablate": [(last, 0)]}),
            ("mean", {"ablate": [[0, 1]], "ablation": "mean"}, {"ablate": [(0, 1)], "mean": True}),
            ("knockout",
             {"knockouts": [[last, -1, LENGTH - 1, LENGTH - 2], [0, 2, 5, 4]]},
             {"knockouts": [(last, -1, LENGTH - 1, LENGTH - 2), (0, 2, 5, 4)]}),
            ("composed",
             {"ablate": [[0, 0]], "knockouts": [[last, -1, LENGTH - 1, LENGTH - 2]]},
             {"ablate": [(0, 0)], "knockouts": [(last, -1, LENGTH - 1, LENGTH - 2)]}),
            ("patch-head", {"corrupted": True, "patch_heads": [[0, 1]]},
             {"patch_heads": [(0, 1)], "clean": clean}),
            ("patch-residual", {"corrupted": True, "patch_residual": [[last, 2]]},
             {"patch_residual": [(last, 2)], "clean": clean}),
            ("corrupted", {"corrupted": True}, {}),
        ]
        records = []
        for name, described, arguments in cases:
            text = corrupted if described.get("corrupted") else ids
            logits = run(kind, w, cfg, text,
                         Edit(heads, head_dim, causal=kind != "bert", **arguments))
            record = {"name": name, **described,
                      "logits": [[round(float(v), 7) for v in logits[p]] for p in KEPT_POSITIONS]}
            if kind != "bert":
                record["loss"] = loss_of(logits, text)
            records.append(record)
        out["checkpoints"].append({"folder": folder, "ids": ids, "corrupted_ids": corrupted,
                                   "cases": records})
        print(f"{folder}: {len(records)} cases", file=sys.stderr)
    for folder in SEQ2SEQ_FOLDERS:
        path = os.path.join(HERE, folder)
        with open(os.path.join(path, "config.json"), encoding="utf-8") as f:
            cfg = json.load(f)
        checkpoint = {"folder": folder, **seq2seq_cases(load_safetensors(path), cfg, generator)}
        out["checkpoints"].append(checkpoint)
        print(f"{folder}: {len(checkpoint['cases'])} cases", file=sys.stderr)
    with open(os.path.join(HERE, "interventions.json"), "w", encoding="utf-8") as f:
        json.dump(out, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
