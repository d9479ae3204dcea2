#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 The Attention Lab authors
"""Writes the encoder-decoder attention files that tests/io/tst_attentionsets.cpp,
the command line's and the window's tests read (tests/data/attention-sets/),
and what numpy makes of each (expected.json).  Run once with Debian's
python3-numpy (/usr/bin/python3 tests/data/make_attention_set_fixtures.py); the
tests never need Python.

An encoder-decoder's run holds three attentions, as Hugging Face's
generate(..., output_attentions=True) or a forward pass returns them
(encoder_attentions, decoder_attentions, cross_attentions, each a tuple of
[batch, heads, queries, keys] per layer) and as BertViz's model_view takes
them (encoder_attention, decoder_attention, cross_attention, with
encoder_tokens and decoder_tokens).  The decoder's self-attention is causal;
the cross-attention's rows are the decoder's (target) tokens and its columns
the encoder's (source) tokens.  The weights are softmaxes of random scores;
the texts are the chapter's English sentence and a French translation of it.

Every value in expected.json is a float32 written with repr() of a float64,
which is exact."""
import json
import os
import shutil
import struct

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "attention-sets")
CORPUS = os.path.join(HERE, "..", "fuzz", "corpus")

rng = np.random.default_rng(20261202)

SOURCE = ["▁the", "▁dog", "▁barked", "▁loudly", "</s>"]
TARGET = ["<pad>", "▁le", "▁chien", "▁a", "▁aboyé"]
LAYERS, HEADS = 2, 3


def softmax(scores, mask=None):
    if mask is not None:
        scores = np.where(mask, scores, -np.inf)
    e = np.exp(scores - scores.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


def attention(queries, keys, causal):
    scores = rng.standard_normal((LAYERS, 1, HEADS, queries, keys)) * 2.0
    mask = np.tril(np.ones((queries, keys), dtype=bool)) if causal else None
    return softmax(scores, mask).astype("<f4")


def entropy_bits(rows):
    """Each head's mean row entropy in bits, as float64 from the float32 weights."""
    p = rows.astype(np.float64)
    with np.errstate(divide="ignore", invalid="ignore"):
        terms = np.where(p > 0, -p * np.log2(p), 0.0)
    return terms.sum(axis=-1).mean(axis=-1)


def first_token(rows):
    """A self-attention's mean weight on key 0 over the rows past position 0;
    none for a cross-attention, whose first key is another text's token."""
    return rows.astype(np.float64)[..., 1:, 0].mean(axis=-1)


def safetensors(name, tensors, metadata):
    header = {"__metadata__": metadata}
    offset, data = 0, b""
    for key, array in tensors:
        raw = np.ascontiguousarray(array, dtype="<f4").tobytes()
        header[key] = {"dtype": "F32", "shape": list(array.shape),
                       "data_offsets": [offset, offset + len(raw)]}
        offset += len(raw)
        data += raw
    text = json.dumps(header).encode()
    text += b" " * (-len(text) % 8)
    with open(os.path.join(OUT, name), "wb") as f:
        f.write(struct.pack("<Q", len(text)) + text + data)


def main():
    os.makedirs(OUT, exist_ok=True)
    s, t = len(SOURCE), len(TARGET)
    encoder = attention(s, s, causal=False)
    decoder = attention(t, t, causal=True)
    cross = attention(t, s, causal=False)

    # Hugging Face's names, each output stacked: [layers, batch, heads, queries, keys].
    np.savez(os.path.join(OUT, "encoder_decoder.npz"), encoder_attentions=encoder,
             decoder_attentions=decoder, cross_attentions=cross,
             encoder_tokens=np.array(SOURCE), decoder_tokens=np.array(TARGET))
    # BertViz's names, one array per layer ([batch, heads, queries, keys]),
    # compressed; the decoder's tokens left out.
    per_layer = {}
    for name, array in (("encoder_attention", encoder), ("decoder_attention", decoder),
                        ("cross_attention", cross)):
        for layer in range(LAYERS):
            per_layer[f"{name}_{layer}"] = array[layer]
    np.savez_compressed(os.path.join(OUT, "bertviz_per_layer.npz"), **per_layer,
                        encoder_tokens=np.array(SOURCE))
    # The same run in a .safetensors file, the texts in its metadata, [L, H, Q, K].
    safetensors("encoder_decoder.safetensors",
                [("encoder_attentions", encoder[:, 0]), ("decoder_attentions", decoder[:, 0]),
                 ("cross_attentions", cross[:, 0])],
                {"encoder_tokens": json.dumps(SOURCE, ensure_ascii=False),
                 "decoder_tokens": json.dumps(TARGET, ensure_ascii=False)})
    # A file of one attention is one set: a decoder's where it is causal.
    np.save(os.path.join(OUT, "decoder_only.npy"), decoder[:, 0])
    np.save(os.path.join(OUT, "encoder_only.npy"), encoder[:, 0])
    # Refused: the target text one token short of the cross-attention's rows.
    np.savez(os.path.join(OUT, "bad_decoder_tokens.npz"), encoder_attentions=encoder,
             decoder_attentions=decoder, cross_attentions=cross,
             encoder_tokens=np.array(SOURCE), decoder_tokens=np.array(TARGET[:-1]))
    # Refused: a cross-attention row that is not a distribution.
    broken = cross.copy()
    broken[1, 0, 0, 2, :] *= 0.5
    np.savez(os.path.join(OUT, "bad_cross_row.npz"), encoder_attentions=encoder,
             decoder_attentions=decoder, cross_attentions=broken,
             encoder_tokens=np.array(SOURCE), decoder_tokens=np.array(TARGET))

    # The view a file asks to be opened on, as the Python module writes it
    # for head_view: the cross-attention's head 1.0, large, dark.
    view = {"view": "head", "layer": 1, "head": 0, "theme": "dark", "set": "cross",
            "title": "head_view", "sentence_b_start": None}
    np.savez(os.path.join(OUT, "viewed.npz"), encoder_attentions=encoder,
             decoder_attentions=decoder, cross_attentions=cross,
             encoder_tokens=np.array(SOURCE), decoder_tokens=np.array(TARGET),
             view=np.array(json.dumps(view)))
    # Refused: a view of a kind the window has not.
    np.savez(os.path.join(OUT, "bad_view.npz"), attentions=decoder[:, 0],
             tokens=np.array(TARGET), view=np.array(json.dumps({"view": "table"})))
    # model_view(include_layers=[5, 11], include_heads=[7, 0, 3]): the
    # layers and heads kept, with the numbers they had in the model.
    kept = {"view": "grid", "layer": 1, "head": 0, "theme": "light", "layers": [5, 11],
            "heads": [7, 0, 3]}
    np.savez(os.path.join(OUT, "kept_heads.npz"), attentions=decoder[:, 0],
             tokens=np.array(TARGET), view=np.array(json.dumps(kept)))
    # include_layers=[1, 0]: the file's layer 1 is the model's 0, and back.
    np.savez(os.path.join(OUT, "kept_swapped.npz"), attentions=decoder[:, 0],
             tokens=np.array(TARGET), view=np.array(json.dumps({"layers": [1, 0]})))
    # Refused: three layers' numbers for two layers.
    np.savez(os.path.join(OUT, "bad_kept_layers.npz"), attentions=decoder[:, 0],
             tokens=np.array(TARGET), view=np.array(json.dumps({"layers": [0, 5, 11]})))

    sets = []
    for kind, array, queries, keys, causal in (("encoder", encoder, SOURCE, SOURCE, False),
                                               ("decoder", decoder, TARGET, TARGET, True),
                                               ("cross", cross, TARGET, SOURCE, None)):
        rows = array[:, 0]
        sets.append({"kind": kind, "layers": LAYERS, "heads": HEADS,
                     "query_tokens": queries, "key_tokens": keys, "causal": bool(causal),
                     "entropy_bits": entropy_bits(rows).tolist(),
                     "first_token": None if causal is None else first_token(rows).tolist(),
                     "cell": [float(rows[1, 2, 3, 1])]})
    with open(os.path.join(OUT, "expected.json"), "w") as f:
        json.dump({"sets": sets,
                   "bad": {"bad_decoder_tokens.npz":
                           ": has 4 decoder self-attention tokens (its decoder_tokens array) "
                           "for 5 keys",
                           "bad_cross_row.npz":
                           ": cross-attention, layer 1, head 0, row 2 sums to 0.5000, not 1",
                           "bad_view.npz":
                           ": its view names the view \"table\", not head or grid",
                           "bad_kept_layers.npz":
                           ": its view numbers 3 layers, but the attention has 2"}},
                  f, indent=1, ensure_ascii=False)
    # Seeds for the readers' fuzzers, so that they reach the sets.
    # viewed.npz and kept_heads.npz reach the view member's parser and the
    # layers' and heads' own numbers.
    for fuzzer, names in (("npz_fuzzer", ["encoder_decoder.npz", "bertviz_per_layer.npz",
                                          "viewed.npz", "kept_heads.npz"]),
                          ("safetensors_fuzzer", ["encoder_decoder.safetensors"])):
        for name in names:
            shutil.copy(os.path.join(OUT, name), os.path.join(CORPUS, fuzzer, name))


if __name__ == "__main__":
    main()
