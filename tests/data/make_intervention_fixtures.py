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
causal models."""
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


def load_safetensors(folder):
    """Every float32 tensor of the folder's model*.safetensors files."""
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
            if entry["dtype"] != "F32":
                raise SystemExit(f"{folder}: {key} is {entry['dtype']}: float32 fixtures only")
            begin, end = entry["data_offsets"]
            values = np.frombuffer(data[begin:end], dtype=np.float32).reshape(entry["shape"])
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
    with open(os.path.join(HERE, "interventions.json"), "w", encoding="utf-8") as f:
        json.dump(out, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
