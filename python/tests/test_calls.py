# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 The Attention Lab authors
"""The familiar calls (BertViz, CircuitsVis, Inspectus and show) write the
file and its `view` member as documented."""

import zipfile

import re

import numpy as np
import pytest

import attention_lab as al
from conftest import read_npz, softmax

TOKENS = ["[CLS]", "the", "dog", "bark", "##ed", "[SEP]", "it", "ran", "[SEP]"]
N = len(TOKENS)
SOURCE = ["▁the", "▁dog", "▁barked", "▁loudly", "</s>"]
TARGET = ["<pad>", "▁le", "▁chien", "▁a", "▁aboyé", "</s>"]


def saved(figure, tmp_path, name="figure.npz"):
    return read_npz(figure.save(tmp_path / name))


@pytest.fixture
def bert(rng):
    """BERT's outputs.attentions: 4 layers of [1, 6 heads, 9, 9]."""
    return tuple(softmax(rng, (1, 6, N, N)) for _ in range(4))


@pytest.fixture
def seq2seq(rng):
    """A Marian or T5 run's three attentions, as BertViz takes them: tuples of
    per-layer [1, heads, q, k]."""
    s, t = len(SOURCE), len(TARGET)
    return {
        "encoder_attention": tuple(softmax(rng, (1, 4, s, s)) for _ in range(3)),
        "decoder_attention": tuple(softmax(rng, (1, 4, t, t), causal=True) for _ in range(3)),
        "cross_attention": tuple(softmax(rng, (1, 4, t, s)) for _ in range(3)),
        "encoder_tokens": SOURCE,
        "decoder_tokens": TARGET,
    }


# -- BertViz -------------------------------------------------------------------

def test_head_view(bert, tmp_path):
    figure = al.head_view(bert, TOKENS, sentence_b_start=6, layer=2, heads=[3, 1])
    assert isinstance(figure, al.AttentionFigure)
    members, hint = saved(figure, tmp_path)
    assert hint == {"view": "head", "layer": 2, "head": 3, "theme": "light", "title": None,
                    "sentence_b_start": 6}
    np.testing.assert_array_equal(members["attentions"], np.stack(bert)[:, 0])
    assert list(members["tokens"]) == TOKENS


def test_head_view_defaults_to_layer_0_head_0(bert, tmp_path):
    _, hint = saved(al.head_view(bert, TOKENS), tmp_path)
    assert (hint["view"], hint["layer"], hint["head"]) == ("head", 0, 0)
    assert "layers" not in hint and "heads" not in hint and "sentence_b_start" not in hint


def test_head_view_include_layers(bert, tmp_path):
    members, hint = saved(al.head_view(bert, TOKENS, layer=3, include_layers=[3, 1]), tmp_path)
    np.testing.assert_array_equal(members["attentions"], np.stack(bert)[[3, 1], 0])
    assert hint["layers"] == [3, 1]
    assert hint["layer"] == 0  # layer 3 is the first kept
    with pytest.raises(ValueError, match=r"^layer 2 is not in include_layers \[3, 1\]$"):
        al.head_view(bert, TOKENS, layer=2, include_layers=[3, 1])
    with pytest.raises(ValueError, match="include_layers holds 4: the attention has 4 layers"):
        al.head_view(bert, TOKENS, include_layers=[4])


def test_model_view_include_layers_and_heads(bert, tmp_path):
    figure = al.model_view(bert, TOKENS, include_layers=[2, 0], include_heads=[5, 1, 3])
    members, hint = saved(figure, tmp_path)
    np.testing.assert_array_equal(members["attentions"], np.stack(bert)[[2, 0], 0][:, [5, 1, 3]])
    assert hint == {"view": "grid", "layer": 0, "head": 0, "theme": "dark", "title": None,
                    "layers": [2, 0], "heads": [5, 1, 3]}


def test_model_view_display_mode(bert, tmp_path):
    _, hint = saved(al.model_view(bert, TOKENS, display_mode="light"), tmp_path)
    assert hint["theme"] == "light"
    with pytest.raises(ValueError) as refused:
        al.model_view(bert, TOKENS, display_mode="sepia")
    assert str(refused.value) == "display_mode is 'sepia': use \"dark\" or \"light\""


def test_prettify_and_html_action_are_accepted(bert, tmp_path):
    figure = al.model_view(bert, TOKENS, prettify_tokens=True, html_action="return")
    assert isinstance(figure, al.AttentionFigure)
    members, _ = saved(figure, tmp_path)
    assert list(members["tokens"]) == TOKENS  # nothing stripped
    with pytest.raises(ValueError, match="html_action"):
        al.head_view(bert, TOKENS, html_action="print")


def test_model_view_encoder_decoder_writes_three_sets(seq2seq, tmp_path):
    members, hint = saved(al.model_view(**seq2seq), tmp_path)
    for name in ("encoder", "decoder", "cross"):
        np.testing.assert_array_equal(members[f"{name}_attentions"],
                                      np.stack(seq2seq[f"{name}_attention"])[:, 0])
    assert members["cross_attentions"].shape == (3, 4, len(TARGET), len(SOURCE))
    assert list(members["encoder_tokens"]) == SOURCE
    assert list(members["decoder_tokens"]) == TARGET
    assert "attentions" not in members and "tokens" not in members
    assert hint == {"view": "grid", "layer": 0, "head": 0, "theme": "dark", "set": "cross",
                    "title": None}


def test_head_view_encoder_decoder_opens_the_cross_attention(seq2seq, tmp_path):
    _, hint = saved(al.head_view(**seq2seq, layer=1, heads=[2]), tmp_path)
    assert (hint["view"], hint["set"], hint["layer"], hint["head"]) == ("head", "cross", 1, 2)
    del seq2seq["cross_attention"]
    members, hint = saved(al.head_view(**seq2seq), tmp_path, "no-cross.npz")
    assert hint["set"] == "decoder" and "cross_attentions" not in members


def test_encoder_decoder_shapes_and_tokens_are_checked(seq2seq):
    with pytest.raises(ValueError, match="^4 encoder_tokens for 5 encoder positions$"):
        al.model_view(**dict(seq2seq, encoder_tokens=SOURCE[:4]))
    bad = list(seq2seq["cross_attention"])
    bad[1] = bad[1].copy()
    bad[1][0, 2, 3] *= 0.5
    with pytest.raises(ValueError) as refused:
        al.model_view(**dict(seq2seq, cross_attention=tuple(bad)))
    assert str(refused.value).startswith("cross attention: layer 1, head 2, row 3 sums to ")
    with pytest.raises(ValueError, match="not both"):
        al.model_view(seq2seq["cross_attention"], TARGET, **seq2seq)
    # One cross-attention in each decoder layer.
    decoder_layers = len(seq2seq["decoder_attention"])
    with pytest.raises(ValueError, match=re.escape(
            f"cross attention has {decoder_layers - 1} layers but the decoder attention "
            f"{decoder_layers}: each decoder layer has one")):
        al.model_view(**dict(seq2seq, cross_attention=seq2seq["cross_attention"][1:]))


def test_show_takes_hugging_face_seq2seq_outputs(seq2seq, tmp_path):
    class Seq2SeqOutputs(dict):
        pass

    outputs = Seq2SeqOutputs(logits=np.zeros((1, len(TARGET), 10)),
                             encoder_attentions=seq2seq["encoder_attention"],
                             decoder_attentions=seq2seq["decoder_attention"],
                             cross_attentions=seq2seq["cross_attention"])
    figure = al.show(outputs, encoder_tokens=SOURCE, decoder_tokens=TARGET, set="encoder",
                     view="head", layer=2, head=1)
    members, hint = saved(figure, tmp_path)
    assert sorted(k for k in members if k.endswith("attentions")) == [
        "cross_attentions", "decoder_attentions", "encoder_attentions"]
    assert (hint["set"], hint["view"], hint["layer"], hint["head"]) == ("encoder", "head", 2, 1)


# -- CircuitsVis ---------------------------------------------------------------

def test_attention_heads(rng, tmp_path):
    pattern = softmax(rng, (4, N, N), causal=True)  # cache["pattern", 0][0]: [heads, dest, src]
    figure = al.attention_heads(pattern, TOKENS, attention_head_names=["A", "B", "C", "D"],
                                max_value=1.0, min_value=0.0, mask_upper_tri=True,
                                negative_color="red", positive_color="blue")
    members, hint = saved(figure, tmp_path)
    np.testing.assert_array_equal(members["attentions"], pattern[None])
    assert hint == {"view": "grid", "layer": 0, "head": 0, "theme": "light", "title": None,
                    "head_names": ["A", "B", "C", "D"], "causal": True, "range": [0.0, 1.0]}


def test_attention_heads_checks_its_names_and_shape(rng):
    with pytest.raises(ValueError, match="^3 attention_head_names for 4 heads$"):
        al.attention_heads(softmax(rng, (4, N, N)), TOKENS, attention_head_names=["A", "B", "C"])
    with pytest.raises(ValueError, match="one layer's attention"):
        al.attention_heads(softmax(rng, (2, 4, N, N)), TOKENS)


def test_attention_heads_of_a_batch_of_one_and_of_one_head(rng, tmp_path):
    members, hint = saved(al.attention_heads(softmax(rng, (1, 4, N, N)), TOKENS), tmp_path)
    assert members["attentions"].shape == (1, 4, N, N)
    assert "causal" not in hint and "range" not in hint and "head_names" not in hint
    members, _ = saved(al.attention_heads(softmax(rng, (N, N)), TOKENS), tmp_path, "one.npz")
    assert members["attentions"].shape == (1, 1, N, N)


def test_attention_patterns_is_the_older_name(rng, tmp_path):
    pattern = softmax(rng, (3, N, N))
    members, hint = saved(al.attention_patterns(TOKENS, pattern), tmp_path)
    np.testing.assert_array_equal(members["attentions"][0], pattern)
    assert hint["view"] == "grid"


def test_attention_heads_of_torch(rng, tmp_path):
    torch = pytest.importorskip("torch", reason="torch is not installed")
    pattern = torch.tensor(softmax(rng, (2, 4, N, N)))
    members, _ = saved(al.attention_heads(pattern[1], TOKENS), tmp_path)
    np.testing.assert_array_equal(members["attentions"][0], pattern[1].numpy())


# -- Inspectus -----------------------------------------------------------------

def test_inspectus_attention(rng, tmp_path):
    attn = softmax(rng, (3, 2, N, N))
    figure = al.attention(attn, TOKENS, chart_types=["attention_matrix"], color="blue")
    members, hint = saved(figure, tmp_path)
    assert hint == {"view": "head", "layer": 0, "head": 0, "theme": "light", "title": None}
    assert list(members["tokens"]) == TOKENS and "query_tokens" not in members
    np.testing.assert_array_equal(members["attentions"], attn)


def test_inspectus_query_and_key_tokens(rng, tmp_path):
    members, _ = saved(al.attention(softmax(rng, (2, 3, N)), TOKENS[-3:], TOKENS), tmp_path)
    assert members["attentions"].shape == (1, 2, 3, N)
    assert list(members["query_tokens"]) == TOKENS[-3:]
    assert list(members["tokens"]) == TOKENS
    with pytest.raises(ValueError, match="5 axes"):
        al.attention(softmax(rng, (1, 1, 2, N, N)), TOKENS)


def test_inspectus_takes_hugging_face_attentions(rng, tmp_path):
    layers = tuple(softmax(rng, (1, 2, N, N)) for _ in range(2))
    members, _ = saved(al.attention(layers, TOKENS), tmp_path)
    assert members["attentions"].shape == (2, 2, N, N)


# -- show ----------------------------------------------------------------------

def test_show_writes_its_arguments(bert, tmp_path):
    figure = al.show(bert, TOKENS, name="BERT on a pair", view="head", layer=3, head=5,
                     theme="dark")
    members, hint = saved(figure, tmp_path)
    assert hint == {"view": "head", "layer": 3, "head": 5, "theme": "dark",
                    "title": "BERT on a pair"}
    assert (figure.view, figure.layer, figure.head, figure.theme) == ("head", 3, 5, "dark")


def test_show_refuses_what_is_not(bert):
    with pytest.raises(ValueError, match="view is 'lines'"):
        al.show(bert, TOKENS, view="lines")
    with pytest.raises(ValueError, match="theme is 'blue'"):
        al.show(bert, TOKENS, theme="blue")
    with pytest.raises(ValueError, match=r"^layer 4 is out of range: the attention has 4 layers"):
        al.show(bert, TOKENS, layer=4)
    with pytest.raises(ValueError, match=r"^head 6 is out of range"):
        al.show(bert, TOKENS, head=6)


def test_show_reads_a_file_it_wrote(bert, tmp_path):
    path = al.show(bert, TOKENS).save(tmp_path / "first.npz")
    with np.load(path) as data:
        members, _ = saved(al.show(data), tmp_path, "second.npz")
    assert list(members["tokens"]) == TOKENS


def test_the_file_is_an_uncompressed_npz(bert, tmp_path):
    path = al.show(bert, TOKENS).save(tmp_path / "figure.npz")
    with zipfile.ZipFile(path) as archive:
        assert {info.compress_type for info in archive.infolist()} == {zipfile.ZIP_STORED}
        assert sorted(archive.namelist()) == ["attentions.npy", "tokens.npy", "view.npy"]
    with np.load(path) as data:
        assert data["view"].shape == () and data["view"].dtype.kind == "U"
        assert data["tokens"].dtype.kind == "U"


def test_save_keeps_the_name_and_writes_atomically(bert, tmp_path):
    path = al.show(bert, TOKENS).save(tmp_path / "no-extension")
    assert path == str(tmp_path / "no-extension")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["no-extension"]


def test_figure_changes_are_written(bert, tmp_path):
    figure = al.show(bert, TOKENS)
    figure.view, figure.layer, figure.head, figure.theme = "head", 1, 2, "dark"
    _, hint = saved(figure, tmp_path)
    assert (hint["view"], hint["layer"], hint["head"], hint["theme"]) == ("head", 1, 2, "dark")
    figure.head = 9
    with pytest.raises(ValueError, match="head 9 is out of range"):
        figure.save(tmp_path / "bad.npz")


def test_repr(bert, tmp_path):
    figure = al.head_view(bert, TOKENS)
    assert repr(figure) == "<AttentionFigure head_view: 4 layers x 6 heads, 9 tokens, not sent>"
    path = figure.save(tmp_path / "f.npz")
    assert repr(figure).endswith(f"saved as {path}>")


def test_sizes(bert):
    figure = al.head_view(bert, TOKENS)
    assert (figure.width, figure.height) == (900, 600)
    # The grid is the program's own size, known once drawn (test_program).
    figure.view = "grid"
    assert (figure.width, figure.height) == (None, None)
    with pytest.raises(ValueError, match=r"give both with resize\(width, height\)"):
        figure.height = 800
    with pytest.raises(ValueError, match="give width and height together"):
        al.show(bert, TOKENS, width=800)
    assert figure.resize(640, 480) is figure
    assert (figure.width, figure.height) == (640, 480)
    sized = al.show(bert, width=300, height=200)
    assert (sized.width, sized.height) == (300, 200)
    with pytest.raises(ValueError, match="width is 0"):
        figure.resize(0, 10)
