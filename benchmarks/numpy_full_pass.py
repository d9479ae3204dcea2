#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 The Attention Lab authors
"""The numpy side of `attention-lab bench`: the same full pass in float64.

Scores, scale by sqrt(d), causal mask before the softmax, a stable softmax,
the entropy of every row in bits, and the output, timed as a median over
repeated runs. Run it with Debian's python3-numpy (OpenBLAS):

    /usr/bin/python3 benchmarks/numpy_full_pass.py [--n 64,256,1024,4096] [--d 64] [--json]

On machines where OPENBLAS_CORETYPE is set (see docs/performance.md), unset it for this
command alone to let numpy use its fastest kernel; benchmarks/compare.sh
does that.
"""
import argparse
import json
import math
import statistics
import time

import numpy as np


def full_pass(q, k, v, blocked, logs):
    """blocked: the n x n boolean mask above the diagonal; logs: scratch n x n."""
    d = q.shape[1]
    s = q @ k.T
    s /= math.sqrt(d)
    np.copyto(s, -np.inf, where=blocked)
    s -= s.max(axis=1, keepdims=True)
    np.exp(s, out=s)
    s /= s.sum(axis=1, keepdims=True)
    logs.fill(0.0)
    np.log2(s, out=logs, where=s > 0)
    entropy = -np.einsum("ij,ij->i", s, logs)
    z = s @ v
    return z, entropy


def time_n(n, d, budget_s=1.5, min_runs=5, max_runs=200):
    rng = np.random.default_rng(0)
    q, k, v = (rng.standard_normal((n, d)) for _ in range(3))
    # Built once per n, outside the timed pass, to give numpy its best case.
    blocked = np.triu(np.ones((n, n), dtype=bool), 1)
    logs = np.empty((n, n))
    full_pass(q, k, v, blocked, logs)
    times, spent = [], 0.0
    while len(times) < max_runs and (len(times) < min_runs or spent < budget_s):
        t0 = time.perf_counter()
        full_pass(q, k, v, blocked, logs)
        dt = time.perf_counter() - t0
        times.append(dt * 1000.0)
        spent += dt
    return statistics.median(times), len(times)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", default="64,256,1024,4096")
    ap.add_argument("--d", type=int, default=64)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    rows = []
    for n in (int(x) for x in a.n.split(",")):
        median, runs = time_n(n, a.d)
        rows.append({"n": n, "full_pass_ms_median": median, "runs": runs})
    if a.json:
        print(json.dumps({"d": a.d, "numpy": np.__version__, "rows": rows}))
    else:
        print(f"numpy {np.__version__}, d = {a.d}, float64")
        for r in rows:
            print(f"  n = {r['n']:>6}  median {r['full_pass_ms_median']:10.3f} ms  ({r['runs']} runs)")


if __name__ == "__main__":
    main()
