#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 The Attention Lab authors
"""The matplotlib side of the export comparison: draw the same labelled
heatmap of attention weights, with a colour bar and a number in each cell, and
save it as PNG. Timed as a whole process by benchmarks/export_compare.sh.

    /usr/bin/python3 benchmarks/matplotlib_export.py SESSION.json OUT.png
"""
import json
import math
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402


def weights(session):
    q = np.array(session["queries"], dtype=float)
    k = np.array(session["keys"], dtype=float)
    s = q @ k.T
    if session.get("scale", True):
        s /= math.sqrt(k.shape[1])
    if session.get("mask") == "causal":
        s[np.triu_indices(len(s), 1)] = -np.inf
    s -= s.max(axis=1, keepdims=True)
    e = np.exp(s)
    return e / e.sum(axis=1, keepdims=True)


def main():
    session = json.load(open(sys.argv[1]))
    a = weights(session)
    tokens = session["tokens"]
    fig, ax = plt.subplots(figsize=(12, 9), dpi=100)
    image = ax.imshow(a, cmap="viridis", vmin=0, vmax=1)
    ax.set_xticks(range(len(tokens)), tokens)
    ax.set_yticks(range(len(tokens)), tokens)
    ax.set_xlabel("keys")
    ax.set_ylabel("queries")
    for i in range(a.shape[0]):
        for j in range(a.shape[1]):
            ax.text(j, i, f"{a[i, j]:.4f}", ha="center", va="center",
                    color="black" if a[i, j] > 0.5 else "white")
    fig.colorbar(image, ax=ax, label="weight")
    fig.savefig(sys.argv[2])


if __name__ == "__main__":
    main()
