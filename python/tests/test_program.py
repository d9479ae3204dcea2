# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 The Attention Lab authors
"""Through the real program: what `attention-lab inspect --json` reads from
the files the package writes, and the inline renderings from its headless
export. Skipped when the program is missing."""

import json
import os
import subprocess

import numpy as np
import pytest

import attention_lab as al
from conftest import png_size, softmax

TOKENS = ["<|endoftext|>", "The", "Ġdog", "Ġbarked", "Ġat", "Ġthe", "Ġdog"]
N = len(TOKENS)
SOURCE = ["▁the", "▁dog", "▁barked", "</s>"]
TARGET = ["<pad>", "▁le", "▁chien", "▁a", "▁aboyé"]


def inspect(binary, path, *extra):
    done = subprocess.run([binary, "inspect", str(path), "--json", *extra],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_inspect_reads_what_was_saved(binary, rng, tmp_path):
    layers = tuple(softmax(rng, (1, 3, N, N), causal=True) for _ in range(2))
    figure = al.head_view(layers, TOKENS, layer=1, heads=[2])
    path = figure.save(tmp_path / "gpt2.npz")
    report = inspect(binary, path)
    assert report["shape"] == [2, 3, N, N]
    assert (report["layers"], report["heads"]) == (2, 3)
    assert report["tokens"] == TOKENS
    assert report["query_tokens"] == TOKENS


def test_inspect_reads_query_tokens(binary, rng, tmp_path):
    path = al.show(softmax(rng, (2, 2, 3, N)), TOKENS).save(tmp_path / "last-three.npz")
    report = inspect(binary, path)
    assert report["shape"] == [2, 2, 3, N]
    assert report["tokens"] == TOKENS
    assert report["query_tokens"] == TOKENS[-3:]


def test_inspect_reads_the_kept_layers_and_heads(binary, rng, tmp_path):
    layers = tuple(softmax(rng, (1, 4, N, N)) for _ in range(3))
    figure = al.model_view(layers, TOKENS, include_layers=[2, 0], include_heads=[3])
    report = inspect(binary, figure.save(tmp_path / "kept.npz"))
    assert report["shape"] == [2, 1, N, N]
    assert (report["layer_numbers"], report["head_numbers"]) == ([2, 0], [3])
    head = np.stack(layers)[[2, 0], 0][:, [3]]
    with np.errstate(divide="ignore", invalid="ignore"):
        entropy = -np.where(head > 0, head * np.log2(head), 0.0).sum(-1).mean(-1)
    np.testing.assert_allclose(report["entropy_bits"], entropy, rtol=1e-5)


def test_figures_name_the_kept_layers_and_heads_as_the_model_did(binary, rng):
    # BertViz's include_layers: the figure says "layer 3", the model's
    # number, where the file holds it first.
    layers = tuple(softmax(rng, (1, 4, N, N), causal=True) for _ in range(4))
    head = al.head_view(layers, TOKENS, layer=3, heads=[2], include_layers=[3, 1])
    assert "layer 3, head 2" in head._repr_svg_()
    grid = al.model_view(layers, TOKENS, include_layers=[2, 0], include_heads=[3, 1])
    svg = grid._repr_svg_()
    for label in ("layer 2", "layer 0", "head 3", "head 1", "2.3", "2.1"):
        assert label in svg, label
    assert "head 0" not in svg


def test_show_on_a_saved_file_keeps_its_numbers_and_look(binary, rng, tmp_path):
    # What Copy as Python gives for a file model_view wrote with
    # include_layers: show() on it names head 3.5 as the model did, dark.
    layers = tuple(softmax(rng, (1, 6, N, N)) for _ in range(12))
    path = al.model_view(layers, TOKENS, include_layers=[11, 3, 7],
                         include_heads=[5, 0]).save(tmp_path / "kept.npz")
    again = al.show(path, view="head", layer=1, head=0)
    assert (again.hint["layers"], again.hint["heads"], again.theme) == ([11, 3, 7], [5, 0], "dark")
    assert "layer 3, head 5" in again._repr_svg_()
    report = inspect(binary, again.save(tmp_path / "again.npz"))
    assert (report["layer_numbers"], report["head_numbers"]) == ([11, 3, 7], [5, 0])
    assert al.show(path, theme="light").theme == "light"


def test_inspect_reads_an_encoder_decoder(binary, rng, tmp_path):
    s, t = len(SOURCE), len(TARGET)
    figure = al.model_view(
        encoder_attention=tuple(softmax(rng, (1, 2, s, s)) for _ in range(3)),
        decoder_attention=tuple(softmax(rng, (1, 2, t, t), causal=True) for _ in range(3)),
        cross_attention=tuple(softmax(rng, (1, 2, t, s)) for _ in range(3)),
        encoder_tokens=SOURCE, decoder_tokens=TARGET)
    report = inspect(binary, figure.save(tmp_path / "marian.npz"))
    sets = {entry["kind"]: entry for entry in report["sets"]}
    assert set(sets) == {"encoder", "decoder", "cross"}
    for entry in sets.values():
        assert (entry["layers"], entry["heads"]) == (3, 2)
    assert sets["encoder"]["key_tokens"] == sets["encoder"]["query_tokens"] == SOURCE
    assert sets["decoder"]["key_tokens"] == sets["decoder"]["query_tokens"] == TARGET
    assert sets["cross"]["query_tokens"] == TARGET and sets["cross"]["key_tokens"] == SOURCE
    cross = inspect(binary, figure.path, "--set", "cross")
    assert cross["shape"] == [3, 2, t, s]
    # The text says nothing of a query aligned with a key: the two texts differ.
    text = subprocess.run([binary, "inspect", str(figure.path)], capture_output=True, text=True,
                          timeout=120).stdout
    assert "== cross-attention ==" in text
    assert "aligned with key" not in text.split("== cross-attention ==")[1]


def test_inspect_reads_16_bit_attention_within_its_tolerance(binary, rng, tmp_path):
    array = softmax(rng, (2, 2, 64, 64)).astype(np.float16)
    array[1, 1, 5] *= np.float16(1.008)  # off by more than 1e-3, within 2e-2
    path = al.show(array).save(tmp_path / "half.npz")
    assert inspect(binary, path)["shape"] == [2, 2, 64, 64]


def test_png_is_the_size_asked(binary, rng):
    layers = tuple(softmax(rng, (1, 2, N, N), causal=True) for _ in range(2))
    figure = al.head_view(layers, TOKENS, layer=1, heads=[1])
    assert png_size(figure._repr_png_()) == (900, 600)
    figure.resize(640, 480)
    assert png_size(figure._repr_png_()) == (640, 480)
    figure.view = "grid"
    figure.resize(1200, 900)
    assert png_size(figure._repr_png_()) == (1200, 900)


def test_svg(binary, rng, tmp_path):
    figure = al.model_view(tuple(softmax(rng, (1, 2, N, N)) for _ in range(2)), TOKENS)
    svg = figure._repr_svg_()
    assert isinstance(svg, str)
    assert "<svg" in svg and svg.rstrip().endswith("</svg>")
    bundle = figure._repr_mimebundle_()
    assert set(bundle) == {"image/png", "image/svg+xml"}
    # The grid's own size, as `export` draws it, at the inline scale.
    own = tmp_path / "own.png"
    subprocess.run([binary, "export", str(figure.save(tmp_path / "grid.npz")), "--view", "grid",
                    "--theme", "dark", "--scale", "0.7", "-o", str(own)], check=True,
                   env=dict(os.environ, QT_QPA_PLATFORM="offscreen"), timeout=120)
    assert png_size(bundle["image/png"]) == png_size(own.read_bytes())
    assert (figure.width, figure.height) == png_size(own.read_bytes())
    assert set(figure._repr_mimebundle_(include={"image/png"})) == {"image/png"}
    assert set(figure._repr_mimebundle_(exclude={"image/png"})) == {"image/svg+xml"}


def test_renderings_are_cached(binary, rng, monkeypatch):
    figure = al.attention_heads(softmax(rng, (2, N, N)), TOKENS)
    first = figure._repr_png_()
    from attention_lab import render

    def refuse(*args, **kwargs):
        raise AssertionError("rendered again")

    monkeypatch.setattr(render, "export", refuse)
    assert figure._repr_png_() is first
    figure.theme = "dark"
    with pytest.raises(AssertionError, match="rendered again"):
        figure.png()


def test_each_rendering_failure_is_said_once(binary, rng, monkeypatch):
    import warnings
    from attention_lab import render
    figure = al.attention_heads(softmax(rng, (2, N, N)), TOKENS)
    failures = iter(["the first failure", "the first failure", "another failure"])

    def fail(*args, **kwargs):
        raise render.RenderError(next(failures))

    monkeypatch.setattr(render, "export", fail)
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        for size in (300, 310, 320):
            figure.resize(size, size)
            assert figure._repr_png_() is None
    assert [str(w.message) for w in said] == [
        "attention_lab: the figure was not rendered: the first failure",
        "attention_lab: the figure was not rendered: another failure"]


def test_an_encoder_decoder_renders_its_set(binary, rng):
    s, t = len(SOURCE), len(TARGET)
    figure = al.head_view(encoder_attention=tuple(softmax(rng, (1, 2, s, s)) for _ in range(2)),
                          cross_attention=tuple(softmax(rng, (1, 2, t, s)) for _ in range(2)),
                          encoder_tokens=SOURCE, decoder_tokens=TARGET, layer=1, heads=[1])
    assert figure.set == "cross"
    assert png_size(figure.png()) == (900, 600)
    figure.set = "encoder"
    assert "<svg" in figure.svg()


def test_export_writes_a_pdf(binary, rng, tmp_path):
    figure = al.show(softmax(rng, (2, N, N)), TOKENS, name="two heads")
    path = figure.export(tmp_path / "heads.pdf")
    with open(path, "rb") as handle:
        assert handle.read(5) == b"%PDF-"


def test_without_the_program_nothing_renders_and_it_says_why(rng, monkeypatch, tmp_path):
    monkeypatch.setenv("ATTENTION_LAB_BINARY", str(tmp_path / "missing"))
    figure = al.show(softmax(rng, (2, N, N)))
    with pytest.warns(UserWarning, match="not a program that can be run"):
        assert figure._repr_png_() is None
    with pytest.raises(al.ProgramNotFoundError, match="apt install"):
        figure.png()
