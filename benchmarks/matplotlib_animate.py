#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 The Attention Lab authors
"""The matplotlib side of the animation comparison: the same 60 heatmaps of a
temperature sweep (0.1 to 10 on a log scale) of a session's weights, each
with its colour bar, its labels and a number in each cell, at 1200 x 900,
written with FuncAnimation and PillowWriter (GIF) or FFMpegWriter (MP4,
H.264 in yuv420p with faststart, as attention-lab writes it; it needs the
ffmpeg binary: Debian's `ffmpeg` package). Timed as a whole process by
benchmarks/animate_compare.sh.

    /usr/bin/python3 benchmarks/matplotlib_animate.py SESSION.json OUT.gif|OUT.mp4 [FRAMES]
"""
import json
import math
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
from matplotlib.animation import FFMpegWriter, FuncAnimation, PillowWriter  # noqa: E402


def weights(session, temperature):
    q = np.array(session["queries"], dtype=float)
    k = np.array(session["keys"], dtype=float)
    s = q @ k.T
    if session.get("scale", True):
        s /= math.sqrt(k.shape[1])
    s /= temperature
    if session.get("mask") == "causal":
        s[np.triu_indices(len(s), 1)] = -np.inf
    s -= s.max(axis=1, keepdims=True)
    e = np.exp(s)
    return e / e.sum(axis=1, keepdims=True)


def main():
    session = json.load(open(sys.argv[1]))
    out = sys.argv[2]
    frames = int(sys.argv[3]) if len(sys.argv) > 3 else 60
    keys = session["tokens"]
    queries = session.get("query_tokens") or keys
    temperatures = 0.1 * 100.0 ** (np.arange(frames) / (frames - 1))
    fig, ax = plt.subplots(figsize=(12, 9), dpi=100)
    first = weights(session, temperatures[0])
    image = ax.imshow(first, cmap="viridis", vmin=0, vmax=1, aspect="auto")
    ax.set_xticks(range(len(keys)), keys)
    ax.set_yticks(range(len(queries)), queries)
    ax.set_xlabel("keys")
    ax.set_ylabel("queries")
    fig.colorbar(image, ax=ax, label="weight")
    texts = [[ax.text(j, i, "", ha="center", va="center") for j in range(first.shape[1])]
             for i in range(first.shape[0])]

    def draw(frame):
        a = weights(session, temperatures[frame])
        image.set_data(a)
        ax.set_title(f"temperature {temperatures[frame]:.3g}")
        for i in range(a.shape[0]):
            for j in range(a.shape[1]):
                texts[i][j].set_text(f"{a[i, j]:.4f}")
                texts[i][j].set_color("black" if a[i, j] > 0.5 else "white")
        return [image]

    animation = FuncAnimation(fig, draw, frames=frames, interval=1000 / 15)
    if out.endswith(".gif"):
        writer = PillowWriter(fps=15)
    else:
        writer = FFMpegWriter(fps=15, codec="libx264",
                              extra_args=["-pix_fmt", "yuv420p", "-movflags", "+faststart"])
    animation.save(out, writer=writer)


if __name__ == "__main__":
    main()
