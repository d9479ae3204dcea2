# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 The Attention Lab authors
"""Saving is fast: the file is an uncompressed npz, so 12 layers x 12 heads x
512 x 512 float32 (151 MB) is written in well under a second. The one timing
the tests hold to; the bound is generous."""

import time

import numpy as np

import attention_lab as al


def test_saving_12_x_12_x_512_x_512_float32_is_fast(tmp_path):
    attention = np.full((12, 12, 512, 512), 1.0 / 512, dtype=np.float32)
    figure = al.show(attention)
    start = time.perf_counter()
    path = figure.save(tmp_path / "large.npz")
    seconds = time.perf_counter() - start
    assert seconds < 1.5, f"saving took {seconds:.2f} s"
    with np.load(path) as data:
        assert data["attentions"].shape == (12, 12, 512, 512)
