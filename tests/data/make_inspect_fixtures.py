#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 The Attention Lab authors
"""Writes the reference data of the real-attention summaries (tests/data/inspect/).

Run once with Debian's python3-numpy; the tests read what it writes and never
need Python. Every expected number is computed here with numpy alone, from
the definitions in issue 11 and TransformerLens' head_detector.py:

  entropy_bits[l][h]   mean over rows not all zero of -sum_j a_ij log2 a_ij
  previous_token[l][h] mean over rows i >= 1 of a[i][i - 1 + K - Q]
  first_token[l][h]    mean over rows i with i + K - Q >= 1 of a[i][0]: the query
                       at position 0, which sees only itself under a causal
                       mask, is left out as previous_token leaves it out
  self[l][h]           mean over rows of a[i][i + K - Q]
  duplicate_token, induction: sum(A * pattern) / sum(A), the patterns of
                       head_detector.py (tril of the equal-token mask without
                       its diagonal; that mask shifted right by one)
  induction_repeats    Olsson et al. 2022's probe: over the rows with an earlier
                       copy of their token, the mean of sum(A * induction pattern)
  monotonicity         a cross-attention's alignment: over consecutive rows (not
                       all zero) whose argmax key moved, (forward - backward)
                       moves / moves; 0 when none moved
  reach                mean over rows not all zero of sum_j a_ij |i + K - Q - j|:
                       how many tokens back a head looks on average
  rollout              B_{L-1} ... B_0, B_l = 0.5 mean_h A_l + 0.5 I
  words                Clark et al. 2019: sum over key pieces, mean over query pieces
"""
import json
import os

import numpy as np

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "inspect")


def random_attention(rng, shape, causal):
    layers, heads, q, k = shape
    logits = rng.normal(size=shape) * 2.0
    if causal:
        offset = k - q
        mask = np.arange(k)[None, :] > (np.arange(q)[:, None] + offset)
        logits = np.where(mask, -np.inf, logits)
    a = np.exp(logits - logits.max(axis=-1, keepdims=True))
    return (a / a.sum(axis=-1, keepdims=True)).astype(np.float32)


def entropy_bits(a):
    a = a.astype(np.float64)
    with np.errstate(divide="ignore", invalid="ignore"):
        terms = np.where(a > 0, a * np.log2(np.where(a > 0, a, 1.0)), 0.0)
    rows = -terms.sum(axis=-1)
    nonzero = (a != 0).any(axis=-1)
    return (rows * nonzero).sum(axis=-1) / np.maximum(nonzero.sum(axis=-1), 1)


def detector_patterns(tokens, q):
    k = len(tokens)
    t = np.array(tokens)
    eq = (t[None, :] == t[:, None]).astype(np.float64)
    np.fill_diagonal(eq, 0)
    duplicate = np.tril(eq)
    shifted = np.zeros_like(duplicate)
    shifted[:, 1:] = duplicate[:, :-1]
    induction = np.tril(shifted)
    # Query i sits at key position i + K - Q.
    return duplicate[k - q:], induction[k - q:]


def monotonicity(matrix):
    rows = [int(np.argmax(row)) for row in matrix if row.max() > 0]
    moves = [b - a for a, b in zip(rows, rows[1:]) if b != a]
    return 0.0 if not moves else (sum(m > 0 for m in moves) - sum(m < 0 for m in moves)) / len(moves)


def reach(a):
    layers, heads, q, k = a.shape
    a64 = a.astype(np.float64)
    distance = np.abs(np.arange(q)[:, None] + (k - q) - np.arange(k)[None, :]).astype(np.float64)
    rows = (a64 * distance).sum(axis=-1)
    nonzero = (a64 != 0).any(axis=-1)
    return (rows * nonzero).sum(axis=-1) / np.maximum(nonzero.sum(axis=-1), 1)


def scores(a, tokens):
    layers, heads, q, k = a.shape
    a64 = a.astype(np.float64)
    offset = k - q
    rows = np.arange(q)
    result = {
        "entropy_bits": entropy_bits(a).tolist(),
        "previous_token": a64[:, :, rows[1:], rows[1:] - 1 + offset].mean(axis=-1).tolist(),
        "first_token": a64[:, :, rows[rows + offset >= 1], 0].mean(axis=-1).tolist(),
        "self": a64[:, :, rows, rows + offset].mean(axis=-1).tolist(),
        "monotonicity": [[monotonicity(a[l, h]) for h in range(heads)] for l in range(layers)],
        "reach": reach(a).tolist(),
    }
    duplicate, induction = detector_patterns(tokens, q)
    total = a64.sum(axis=(-1, -2))
    # null where no row repeats a token: the detectors have nothing to score
    # (NaN in the program).
    repeated = duplicate.sum(axis=-1) > 0
    nothing = [[None] * heads for _ in range(layers)]
    per_row = (a64 * induction).sum(axis=-1)[:, :, repeated]
    if repeated.any():
        result["duplicate_token"] = ((a64 * duplicate).sum(axis=(-1, -2)) / total).tolist()
        result["induction"] = ((a64 * induction).sum(axis=(-1, -2)) / total).tolist()
        result["induction_repeats"] = per_row.mean(axis=-1).tolist()
    else:
        result["duplicate_token"] = result["induction"] = result["induction_repeats"] = nothing
    return result


def rollout(a):
    n = a.shape[-1]
    r = np.eye(n)
    for layer in a.astype(np.float64):
        b = 0.5 * layer.mean(axis=0) + 0.5 * np.eye(n)
        r = b @ r
    return r


def merge_words(matrix, word_of_rows, word_of_cols):
    rows = max(word_of_rows) + 1
    cols = max(word_of_cols) + 1
    by_col = np.zeros((matrix.shape[0], cols))
    for c, w in enumerate(word_of_cols):
        by_col[:, w] += matrix[:, c]
    merged = np.zeros((rows, cols))
    counts = np.zeros(rows)
    for r, w in enumerate(word_of_rows):
        merged[w] += by_col[r]
        counts[w] += 1
    return merged / counts[:, None]


def main():
    os.makedirs(HERE, exist_ok=True)
    rng = np.random.default_rng(20261130)
    cases = []

    # GPT-2 spelling, causal, with a repeated phrase (duplicate and induction heads).
    gpt2 = ["The", "Ġcat", "Ġsat", "Ġon", "Ġthe", "Ġmat", ".", "ĠThe", "Ġcat", "Ġsat"]
    a = random_attention(rng, (3, 4, len(gpt2), len(gpt2)), causal=True)
    gpt2_words = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]  # "." does not join "Ġmat": punctuation
    cases.append(("gpt2_repeats", a, gpt2, None, gpt2_words))

    # WordPiece spelling, bidirectional, with pieces to merge.
    bert = ["[CLS]", "the", "play", "##ing", "child", "##ren", "laughed", "[SEP]"]
    b = random_attention(rng, (2, 3, len(bert), len(bert)), causal=False)
    cases.append(("bert_pieces", b, bert, None, [0, 1, 2, 2, 3, 3, 4, 5]))

    # Fewer queries than keys (the last 3 of 6): no rollout, offsets K - Q.
    keys = ["a", "b", "c", "d", "e", "f"]
    c = random_attention(rng, (2, 2, 3, len(keys)), causal=True)
    cases.append(("queries_differ", c, keys, None, None))

    expected = {}
    for name, att, tokens, query_tokens, words in cases:
        np.savez(os.path.join(HERE, name + ".npz"), attentions=att, tokens=np.array(tokens))
        entry = {"shape": list(att.shape), "tokens": tokens, "attentions": att.tolist()}
        entry.update(scores(att, tokens))
        q, k = att.shape[-2:]
        entry["rollout"] = rollout(att).tolist() if q == k else None
        entry["layer_average_0"] = att[0].astype(np.float64).mean(axis=0).tolist()
        if words is not None:
            entry["word_of"] = words
            entry["words_layer_0_head_1"] = merge_words(att[0, 1].astype(np.float64), words,
                                                        words).tolist()
        expected[name] = entry
    with open(os.path.join(HERE, "expected.json"), "w") as f:
        json.dump(expected, f)


if __name__ == "__main__":
    main()
