# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 The Attention Lab authors
"""The tests' shared fixtures.

The package is imported from this tree (python/), not from an installed copy.
Every test runs with its own cache folder and socket path and with sending
off, so nothing reaches a real window or starts the program unless a test
asks. The `binary` fixture finds the program: ATTENTION_LAB_BINARY, else
build/app/attention-lab of this repository; a test that needs it is skipped,
with the reason, when there is none."""

import json
import os
import struct
import sys

import numpy as np
import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
PYTHON = os.path.dirname(HERE)
REPO = os.path.dirname(PYTHON)
sys.path.insert(0, PYTHON)

import attention_lab  # noqa: E402  (after the path)
from attention_lab import window  # noqa: E402

BUILT = os.path.join(REPO, "build", "app", "attention-lab")


def _program():
    explicit = os.environ.get("ATTENTION_LAB_BINARY")
    if explicit:
        return explicit if os.access(explicit, os.X_OK) else None
    return BUILT if os.access(BUILT, os.X_OK) else None


PROGRAM = _program()


@pytest.fixture(autouse=True)
def isolated(tmp_path, monkeypatch):
    """A cache folder and a socket path of the test's own; sending off; the
    settings back at their defaults."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setenv("ATTENTION_LAB_SOCKET", str(tmp_path / "no-window.socket"))
    monkeypatch.setenv("ATTENTION_LAB_SEND", "0")
    monkeypatch.delenv("ATTENTION_LAB_BINARY", raising=False)
    monkeypatch.setattr(attention_lab.config, "_send", None)
    monkeypatch.setattr(attention_lab.config, "_binary", None)
    monkeypatch.setattr(attention_lab.config, "keep", 20)
    monkeypatch.setattr(window, "_started", None)
    yield


@pytest.fixture
def binary(monkeypatch):
    """The real program, as ATTENTION_LAB_BINARY; the test is skipped without it."""
    if PROGRAM is None:
        pytest.skip("no attention-lab program: set ATTENTION_LAB_BINARY or build "
                    f"{os.path.relpath(BUILT, REPO)}")
    monkeypatch.setenv("ATTENTION_LAB_BINARY", PROGRAM)
    return PROGRAM


@pytest.fixture
def rng():
    return np.random.default_rng(20261206)


def softmax(rng, shape, causal=False, dtype=np.float32):
    """Rows of softmax(random scores), as a model's attention is."""
    scores = rng.standard_normal(shape) * 2.0
    if causal:
        queries, keys = shape[-2:]
        allowed = np.tril(np.ones((queries, keys), dtype=bool), k=keys - queries)
        scores = np.where(allowed, scores, -np.inf)
    e = np.exp(scores - scores.max(axis=-1, keepdims=True))
    return (e / e.sum(axis=-1, keepdims=True)).astype(dtype)


def read_npz(path):
    """The file's members as numpy arrays, and its `view` member parsed."""
    with np.load(path, allow_pickle=False) as data:
        members = {name: data[name] for name in data.files}
    hint = json.loads(str(members["view"][()])) if "view" in members else None
    return members, hint


def png_size(data):
    """(width, height) from a PNG's IHDR chunk."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    assert data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


class FakeTokenizer:
    """Hugging Face's tokenizer as far as the package uses it."""

    def __init__(self, vocabulary):
        self.vocabulary = list(vocabulary)
        self.calls = []

    def convert_ids_to_tokens(self, ids):
        self.calls.append(list(ids))
        return [self.vocabulary[i] for i in ids]
