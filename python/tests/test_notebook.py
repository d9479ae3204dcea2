# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 The Attention Lab authors
"""A real notebook, run by a real Jupyter kernel with no display: the
BertViz call's cell shows the figure inline, as PNG and SVG, drawn by the
program's own headless export.

Debian's python3-nbclient and python3-ipykernel run it; without them the
test is skipped, with the reason."""

import base64

import pytest

from conftest import PYTHON, png_size

nbformat = pytest.importorskip("nbformat", reason="python3-nbformat is not installed")
nbclient = pytest.importorskip("nbclient", reason="python3-nbclient is not installed")
pytest.importorskip("ipykernel", reason="python3-ipykernel is not installed")

CELLS = [
    # Hugging Face's output_attentions: a tuple of [batch, heads, q, k] per layer.
    "import sys\n"
    f"sys.path.insert(0, {PYTHON!r})\n"
    "import numpy as np\n"
    "from attention_lab import head_view\n"
    "n = 96\n"
    "rng = np.random.default_rng(7)\n"
    "scores = rng.standard_normal((4, 1, 3, n, n)).astype(np.float32)\n"
    "scores = np.where(np.tril(np.ones((n, n), bool)), scores, -np.inf)\n"
    "weights = np.exp(scores - scores.max(-1, keepdims=True))\n"
    "attentions = tuple(w / w.sum(-1, keepdims=True) for w in weights)\n"
    "tokens = [f'tok{i}' for i in range(n)]",
    "head_view(attentions, tokens, layer=2, heads=[1])",
]


def test_head_view_renders_inline_in_a_kernel_without_a_display(binary, tmp_path, monkeypatch):
    # The kernel inherits this environment: no display of any kind, the
    # program named, nothing sent to a window.
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("PYDEVD_DISABLE_FILE_VALIDATION", "1")
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell(source) for source in CELLS]
    client = nbclient.NotebookClient(notebook, timeout=180, kernel_name="python3",
                                     resources={"metadata": {"path": str(tmp_path)}})
    client.execute()
    outputs = notebook.cells[1].outputs
    errors = [f"{o.ename}: {o.evalue}" for o in outputs if o.output_type == "error"]
    assert not errors, errors
    results = [o for o in outputs if o.output_type == "execute_result"]
    assert len(results) == 1, outputs
    data = results[0].data
    assert {"image/png", "image/svg+xml", "text/plain"} <= set(data)
    assert png_size(base64.b64decode(data["image/png"])) == (900, 600)
    svg = data["image/svg+xml"]
    assert "<svg" in svg and "layer 2, head 1" in svg
