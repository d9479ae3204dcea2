#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 The Attention Lab authors
"""`attention-lab inspect` against numpy doing the same work, in one run.

Usage: benchmarks/numpy_inspect.py [--binary build/app/attention-lab]
                                   [--file /tmp/attention-12x12x1024.npy] [--runs 3]

Writes (once) a [12, 12, 1024, 1024] float32 .npy of causal softmax rows
(604 MB), then times, alternating, numpy's load + mean row entropy in bits +
previous-token, first-token and self scores + attention rollout, and
`attention-lab inspect FILE`, which does the same and prints it. Reports the
median seconds of each, their ratio, and the peak resident memory of
attention-lab (GNU time's %M) against the file's size. Also checks that
`inspect --json` agrees with numpy's numbers. Targets (issue 11): at most half
numpy's time, and peak memory under 1.3 times the file. Exit status 1 when a
target is missed. Needs Debian's python3-numpy and time (and libopenblas0 for a
fair numpy: the reference BLAS makes its rollout several times slower); run it
on an idle machine.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np

SHAPE = (12, 12, 1024, 1024)


def write_tensor(path):
    rng = np.random.default_rng(0)
    layers, heads, q, k = SHAPE
    causal = np.arange(k)[None, :] > np.arange(q)[:, None]
    out = np.lib.format.open_memmap(path + ".part", mode="w+", dtype="<f4", shape=SHAPE)
    for layer in range(layers):
        logits = rng.normal(size=(heads, q, k)).astype(np.float32) * 3
        logits[:, causal] = -np.inf
        logits -= logits.max(axis=-1, keepdims=True)
        a = np.exp(logits)
        out[layer] = a / a.sum(axis=-1, keepdims=True)
    out.flush()
    del out
    os.replace(path + ".part", path)


def numpy_inspect(path):
    a = np.load(path)
    layers, heads, q, k = a.shape
    offset = k - q
    entropy = np.empty((layers, heads))
    for layer in range(layers):
        x = a[layer]
        logs = np.zeros_like(x)
        np.log2(x, out=logs, where=x > 0)
        rows = -(x * logs).sum(axis=-1, dtype=np.float64)
        nonzero = (x != 0).any(axis=-1)
        entropy[layer] = (rows * nonzero).sum(axis=-1) / np.maximum(nonzero.sum(axis=-1), 1)
    i = np.arange(q)
    previous = a[:, :, i[1:], i[1:] - 1 + offset].mean(axis=-1, dtype=np.float64)
    first = a[:, :, :, 0].mean(axis=-1, dtype=np.float64)
    self_ = a[:, :, i, i + offset].mean(axis=-1, dtype=np.float64)
    rollout = np.eye(k, dtype=np.float32)
    for layer in range(layers):
        b = 0.5 * a[layer].mean(axis=0) + 0.5 * np.eye(k, dtype=np.float32)
        rollout = b @ rollout
    return {"entropy_bits": entropy, "previous_token": previous, "first_token": first,
            "self": self_, "rollout": rollout}


def run_inspect(binary, path, json_out=False):
    """Runs inspect under /usr/bin/time, whose fork is small: a fork of this
    Python process would count numpy's pages in the child's peak."""
    args = [binary, "inspect", path] + (["--json"] if json_out else [])
    with tempfile.NamedTemporaryFile("r") as peak_file:
        start = time.perf_counter()
        proc = subprocess.run(["/usr/bin/time", "-f", "%M", "-o", peak_file.name] + args,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        seconds = time.perf_counter() - start
        if proc.returncode != 0:
            sys.exit("attention-lab inspect failed: " + proc.stderr.decode(errors="replace"))
        peak = int(peak_file.read().split()[-1]) * 1024
    return seconds, peak, proc.stdout


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default="build/app/attention-lab")
    parser.add_argument("--file", default="/tmp/attention-12x12x1024.npy")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    if not os.path.exists(args.file):
        print(f"writing {args.file} ...", flush=True)
        write_tensor(args.file)
    size = os.path.getsize(args.file)

    numpy_times, lab_times, peaks = [], [], []
    reference = None
    for _ in range(args.runs):
        start = time.perf_counter()
        reference = numpy_inspect(args.file)
        numpy_times.append(time.perf_counter() - start)
        seconds, peak, _ = run_inspect(args.binary, args.file)
        lab_times.append(seconds)
        peaks.append(peak)

    # The same numbers, from the JSON.
    _, _, out = run_inspect(args.binary, args.file, json_out=True)
    lab = json.loads(out)
    worst = 0.0
    for key in ("entropy_bits", "previous_token", "first_token", "self", "rollout"):
        worst = max(worst, float(np.abs(np.array(lab[key]) - reference[key]).max()))

    numpy_s = statistics.median(numpy_times)
    lab_s = statistics.median(lab_times)
    peak = max(peaks)
    blas = "OpenBLAS" if "openblas" in open("/proc/self/maps").read() else "reference BLAS"
    print(f"numpy {np.__version__} with {blas}")
    print(f"file: {args.file}, {size / 1e6:.0f} MB, shape {list(SHAPE)}")
    print(f"numpy (load, entropies, detector scores, rollout): {numpy_s:.3f} s (median of {args.runs})")
    print(f"attention-lab inspect:                             {lab_s:.3f} s (median of {args.runs})")
    print(f"time ratio attention-lab / numpy: {lab_s / numpy_s:.2f} (target <= 0.50)")
    print(f"peak resident memory: {peak / 1e6:.0f} MB = {peak / size:.2f} x the file (target < 1.30)")
    print(f"largest difference from numpy's numbers: {worst:.2e}")
    ok = lab_s <= 0.5 * numpy_s and peak < 1.3 * size and worst < 1e-4
    print("targets met" if ok else "TARGET MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
