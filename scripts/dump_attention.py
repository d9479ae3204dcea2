#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 The Attention Lab authors
"""Dump a Hugging Face model's attention for Attention Lab.

    pip install torch transformers numpy          # on your side, not Attention Lab's
    python3 scripts/dump_attention.py gpt2 "The animal didn't cross the street because it was too tired" -o tired.npz
    attention-lab inspect tired.npz
    attention-lab tired.npz                       # the window's Model tab

Runs MODEL (any hub name or local folder that AutoModel loads) on TEXT with
output_attentions=True and writes an .npz with two arrays: `attentions`,
float32 [layers, heads, tokens, tokens], and `tokens`, the tokenizer's pieces
as spelled in its vocabulary ("Ġstreet", "##ing"). attn_implementation="eager"
is needed: recent transformers default to SDPA attention, which computes no
weights and returns None (transformers issue #31990).
"""
import argparse

import numpy as np
import torch
from transformers import AutoModel, AutoTokenizer


def main():
    parser = argparse.ArgumentParser(description="Dump a model's attention as .npz")
    parser.add_argument("model", help="hub name or folder, e.g. gpt2, bert-base-uncased")
    parser.add_argument("text", help="the input sentence")
    parser.add_argument("-o", "--output", default="attention.npz")
    args = parser.parse_args()

    tokenizer = AutoTokenizer.from_pretrained(args.model)
    model = AutoModel.from_pretrained(args.model, attn_implementation="eager")
    model.eval()
    inputs = tokenizer(args.text, return_tensors="pt")
    with torch.no_grad():
        outputs = model(**inputs, output_attentions=True)
    # A tuple of L tensors [batch, heads, q, k]; batch 1 here.
    attentions = torch.stack(outputs.attentions)[:, 0].float().numpy()
    tokens = tokenizer.convert_ids_to_tokens(inputs["input_ids"][0])
    np.savez_compressed(args.output, attentions=attentions, tokens=np.array(tokens))
    layers, heads, q, k = attentions.shape
    print(f"{args.output}: {layers} layers x {heads} heads, {q} tokens")


if __name__ == "__main__":
    main()
