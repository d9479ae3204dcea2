#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 The Attention Lab authors
"""Writes the numpy reference streams that tests/core/tst_random.cpp and
tst_scaleexperiment.cpp compare against.  Run once with Debian's python3-numpy
(/usr/bin/python3 tests/data/make_fixtures.py); the tests never need Python.

Every number is written with repr(), which round-trips a float64 exactly, and
every uint64 as a hexadecimal string, which JSON cannot mangle."""
import json
import math
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))


def seed_sequence_states():
    rows = []
    for seed in (0, 1, 42, 12345, 2**32 + 7, 2**64 + 5, 2**128 - 1):
        state = np.random.SeedSequence(seed).generate_state(8, np.uint32)
        rows.append({"seed": str(seed), "state_uint32": [int(x) for x in state]})
    return rows


def pcg64_streams():
    rows = []
    for seed in (0, 1, 12345, 2**64 + 5):
        bits = np.random.PCG64(seed).random_raw(64)
        rows.append({"seed": str(seed), "uint64": ["%016x" % int(x) for x in bits]})
    return rows


def normal_streams():
    rows = []
    for seed, count in ((0, 20000), (1, 2000), (987654321, 2000)):
        values = np.random.default_rng(seed).standard_normal(count)
        rows.append({"seed": str(seed), "values": [repr(float(v)) for v in values]})
    # A long stream: if any draw took a different number of 64-bit words
    # (the rare wedge and tail branches), every later value would differ.
    long = np.random.default_rng(0).standard_normal(1_000_000)
    probes = {str(i): repr(float(long[i])) for i in range(0, 1_000_000, 9973)}
    probes[str(999_999)] = repr(float(long[-1]))
    return rows, {"seed": "0", "count": 1_000_000, "probes": probes,
                  "tail_draws": int(np.sum(np.abs(long) > 3.6541528853610088))}


def softmax(z):
    e = np.exp(z - np.max(z))
    return e / e.sum()


def entropy_bits(p):
    p = p[p > 0]
    return float(-(p * np.log2(p)).sum())


def scale_table(seed=0, draws=200, keys=8, dks=(4, 16, 64, 256, 1024)):
    """The chapter's scale experiment: one generator, query then keys per trial."""
    rng = np.random.default_rng(seed)
    rows = []
    for d in dks:
        spreads, pooled, e_raw, e_sc, top_raw, top_sc = [], [], [], [], [], []
        for _ in range(draws):
            q = rng.normal(0, 1, d)
            k = rng.normal(0, 1, (keys, d))
            s = k @ q
            spreads.append(s.std())
            pooled.extend(s)
            a_raw = softmax(s)
            a_sc = softmax(s / math.sqrt(d))
            e_raw.append(entropy_bits(a_raw))
            e_sc.append(entropy_bits(a_sc))
            top_raw.append(a_raw.max())
            top_sc.append(a_sc.max())
        rows.append({"d_k": d,
                     "spread": repr(float(np.mean(spreads))),
                     "pooled_spread": repr(float(np.std(pooled, ddof=1))),
                     "raw_max_weight": repr(float(np.mean(top_raw))),
                     "raw_entropy_bits": repr(float(np.mean(e_raw))),
                     "scaled_max_weight": repr(float(np.mean(top_sc))),
                     "scaled_entropy_bits": repr(float(np.mean(e_sc)))})
    return {"seed": seed, "draws": draws, "keys": keys, "rows": rows}


def main():
    normals, long = normal_streams()
    out = {"numpy_version": np.__version__,
           "seed_sequence": seed_sequence_states(),
           "pcg64": pcg64_streams(),
           "standard_normal": normals,
           "standard_normal_long": long}
    with open(os.path.join(HERE, "numpy_streams.json"), "w") as f:
        json.dump(out, f, indent=1)
        f.write("\n")
    tables = {"default": scale_table(),
              "seed 7, 50 draws, 4 keys": scale_table(7, 50, 4, (2, 8, 32, 128))}
    with open(os.path.join(HERE, "scale_tables.json"), "w") as f:
        json.dump(tables, f, indent=1)
        f.write("\n")
    print("wrote numpy_streams.json and scale_tables.json with numpy", np.__version__,
          file=sys.stderr)


if __name__ == "__main__":
    main()
