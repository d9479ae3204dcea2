#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 The Attention Lab authors
"""Writes tests/data/generation.json: what the PyTorch references of
make_model_fixtures.py and make_decoder_fixtures.py write after a prompt and
read through the logit lens, for every tiny causal checkpoint (gpt2-tiny and
the decoders), from the checkpoints already in tests/data.

Run with Debian's python3 (python3-torch, python3-numpy):

    /usr/bin/python3 tests/data/make_generation_fixtures.py

Greedy decoding without a cache: each of the 20 tokens is the arg-max of a
new full pass over the text so far, the plainest statement of what a cached
generation must give. The lens: for each block l and position i, the final
norm (LayerNorm or RMSNorm, as the family's) and the unembedding applied to
the residual stream after block l, its five most likely tokens with
probabilities from a softmax in float64."""
import json
import os
import struct
import sys

import numpy as np
import torch
import torch.nn.functional as F

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from make_decoder_fixtures import gemma_rms_norm, llama_forward, neox_forward, rms_norm  # noqa: E402
from make_model_fixtures import gpt2_forward, top  # noqa: E402

TOKENS = 20
PROMPT = 6


def load_folder(folder):
    """Every .safetensors file of folder as float32 tensors."""
    weights = {}
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".safetensors"):
            continue
        with open(os.path.join(folder, name), "rb") as f:
            data = f.read()
        size = struct.unpack("<Q", data[:8])[0]
        header = json.loads(data[8:8 + size])
        body = data[8 + size:]
        for key, info in header.items():
            if key == "__metadata__":
                continue
            begin, end = info["data_offsets"]
            raw = body[begin:end]
            dtype = info["dtype"]
            if dtype == "F32":
                t = torch.from_numpy(np.frombuffer(raw, dtype="<f4").copy())
            elif dtype == "F16":
                t = torch.from_numpy(np.frombuffer(raw, dtype="<f2").astype(np.float32))
            elif dtype == "BF16":
                bits = np.frombuffer(raw, dtype="<u2").astype(np.uint32) << 16
                t = torch.from_numpy(bits.view(np.float32).copy())
            else:
                continue  # the old GPT-NeoX buffers
            weights[key] = t.reshape(info["shape"])
    return weights


def family(folder, cfg, w):
    """The forward pass, final norm and output matrix of the checkpoint."""
    model_type = cfg["model_type"]
    if model_type == "gpt2":
        prefix = "transformer." if "transformer.wte.weight" in w else ""
        d, eps = cfg["n_embd"], cfg["layer_norm_epsilon"]

        def forward(ids, hiddens):
            _, _, logits, _ = gpt2_forward(w, cfg, ids, prefix, hiddens)
            return logits

        def final(h):
            return F.layer_norm(h, (d,), w[prefix + "ln_f.weight"], w[prefix + "ln_f.bias"], eps)

        return forward, final, w[prefix + "wte.weight"], None
    if model_type == "gpt_neox":
        d, eps = cfg["hidden_size"], cfg["layer_norm_eps"]

        def forward(ids, hiddens):
            return neox_forward(w, cfg, ids, hiddens)[2]

        def final(h):
            return F.layer_norm(h, (d,), w["gpt_neox.final_layer_norm.weight"],
                                w["gpt_neox.final_layer_norm.bias"], eps)

        return forward, final, w["embed_out.weight"], None

    # A multimodal Gemma 3's text model, under language_model.model.
    text = cfg.get("text_config", cfg)
    prefix = "language_model.model." if "text_config" in cfg else "model."
    gemma = text["model_type"] in ("gemma2", "gemma3_text")
    norm = gemma_rms_norm if gemma else rms_norm
    cap = text.get("final_logit_softcapping")

    def forward(ids, hiddens):
        return llama_forward(w, text, ids, hiddens, prefix=prefix)[2]

    def final(h):
        return norm(h, w[prefix + "norm.weight"], text["rms_norm_eps"])

    tied = text.get("tie_word_embeddings", gemma)
    output = w[prefix + "embed_tokens.weight"] if tied else w["lm_head.weight"]
    # Gemma 2's lens reads the logits as its last layer does: soft-capped.
    return forward, final, output, cap


def record(folder):
    with open(os.path.join(folder, "config.json"), encoding="utf-8") as f:
        cfg = json.load(f)
    w = load_folder(folder)
    forward, final, output, cap = family(folder, cfg, w)

    def capped(logits):
        return torch.tanh(logits / cap) * cap if cap else logits
    vocabulary = output.shape[0]
    gen = torch.Generator().manual_seed(len(os.path.basename(folder)))
    prompt = torch.randint(0, vocabulary, (PROMPT,), generator=gen).tolist()
    ids = list(prompt)
    for _ in range(TOKENS):
        logits = forward(ids, None)
        ids.append(int(torch.argmax(logits)))
    hiddens = []
    forward(prompt, hiddens)
    lens = [[top(capped(final(h[i]) @ output.T)) for i in range(len(prompt))] for h in hiddens]
    return {"prompt": prompt, "greedy": ids[len(prompt):], "lens": lens}


def main():
    folders = [os.path.join(HERE, "models", "gpt2-tiny")]
    decoders = os.path.join(HERE, "decoders")
    folders += [os.path.join(decoders, name) for name in sorted(os.listdir(decoders))
                if os.path.isdir(os.path.join(decoders, name))]
    reference = {os.path.relpath(f, HERE): record(f) for f in folders}
    out = {"note": "Written by make_generation_fixtures.py: for each checkpoint a prompt, its "
                   "greedy continuation of 20 tokens (a full pass per token) and the logit "
                   "lens over the prompt, lens[layer][position] the five most likely tokens "
                   "as {id, p}, most likely first.",
           "checkpoints": reference}
    with open(os.path.join(HERE, "generation.json"), "w", encoding="utf-8") as f:
        json.dump(out, f, separators=(",", ":"), ensure_ascii=False)
        f.write("\n")


if __name__ == "__main__":
    main()
