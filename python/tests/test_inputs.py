# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 The Attention Lab authors
"""The inputs people have, built as their libraries build them, turned into
the file's arrays: Hugging Face's outputs.attentions, arrays of 2 to 5 axes,
TransformerLens's ActivationCache, and tokens from a tokenizer."""

import re

import numpy as np
import pytest

import attention_lab as al
from conftest import FakeTokenizer, read_npz, softmax

TOKENS = ["The", "Ġanimal", "Ġdidn", "'t", "Ġcross", "Ġthe", "Ġstreet"]
N = len(TOKENS)


def saved(figure, tmp_path, name="figure.npz"):
    return read_npz(figure.save(tmp_path / name))


# -- Hugging Face's outputs.attentions -----------------------------------------

def test_hf_tuple_of_numpy_layers(rng, tmp_path):
    # outputs.attentions: one [batch, heads, q, k] array per layer, batch 1
    layers = tuple(softmax(rng, (1, 4, N, N), causal=True) for _ in range(3))
    members, hint = saved(al.show(layers, TOKENS), tmp_path)
    assert members["attentions"].dtype == np.float32
    assert members["attentions"].shape == (3, 4, N, N)
    np.testing.assert_array_equal(members["attentions"], np.stack(layers)[:, 0])
    assert list(members["tokens"]) == TOKENS  # spelled as given: no Ġ removed
    assert "query_tokens" not in members
    assert hint == {"view": "grid", "layer": 0, "head": 0, "theme": "light", "title": None}


def test_hf_outputs_object_with_attentions(rng, tmp_path):
    class Outputs(dict):  # a ModelOutput is a dict whose fields are attributes too
        def __getattr__(self, name):
            try:
                return self[name]
            except KeyError:
                raise AttributeError(name) from None

    layers = tuple(softmax(rng, (1, 2, N, N)) for _ in range(2))
    members, _ = saved(al.show(Outputs(logits=np.zeros((1, N, 10)), attentions=layers),
                               TOKENS), tmp_path)
    np.testing.assert_array_equal(members["attentions"], np.stack(layers)[:, 0])


def test_hf_tuple_of_torch_tensors(rng, tmp_path):
    torch = pytest.importorskip("torch", reason="torch is not installed")
    layers = tuple(torch.tensor(softmax(rng, (1, 4, N, N)), requires_grad=True)
                   for _ in range(3))
    members, _ = saved(al.show(layers, TOKENS), tmp_path)
    assert members["attentions"].dtype == np.float32
    np.testing.assert_array_equal(members["attentions"],
                                  torch.stack(layers)[:, 0].detach().numpy())


def test_torch_stack_of_outputs_attentions(rng, tmp_path):
    torch = pytest.importorskip("torch", reason="torch is not installed")
    layers = tuple(torch.tensor(softmax(rng, (1, 4, N, N))) for _ in range(3))
    stacked = torch.stack(layers)  # [L, 1, H, Q, K]
    members, _ = saved(al.show(stacked, TOKENS), tmp_path)
    np.testing.assert_array_equal(members["attentions"], stacked[:, 0].numpy())
    members, _ = saved(al.show(torch.stack(layers, 1), TOKENS), tmp_path, "b.npz")  # [1, L, ...]
    np.testing.assert_array_equal(members["attentions"], stacked[:, 0].numpy())


def test_torch_bfloat16_is_kept_as_16_bits(rng, tmp_path):
    torch = pytest.importorskip("torch", reason="torch is not installed")
    layers = tuple(torch.tensor(softmax(rng, (1, 2, 40, 40))).to(torch.bfloat16)
                   for _ in range(2))
    members, _ = saved(al.show(layers), tmp_path)
    # 16-bit rows sum to 1 only within the program's 16-bit tolerance, which it
    # applies to float16 files: so the file is float16.
    assert members["attentions"].dtype == np.float16
    expected = torch.stack(layers)[:, 0].float().numpy()
    np.testing.assert_allclose(members["attentions"].astype(np.float32), expected, rtol=1e-3,
                               atol=1e-7)


def test_a_batch_of_two_needs_batch(rng, tmp_path):
    layers = tuple(softmax(rng, (2, 3, N, N)) for _ in range(2))
    with pytest.raises(ValueError, match=re.escape(
            "attention has a batch of 2: pass batch=B (0 to 1)")):
        al.show(layers, TOKENS)
    members, _ = saved(al.show(layers, TOKENS, batch=1), tmp_path)
    np.testing.assert_array_equal(members["attentions"], np.stack(layers)[:, 1])
    with pytest.raises(ValueError, match=re.escape("batch 2 is out of range")):
        al.show(layers, TOKENS, batch=2)
    # BertViz's calls take it too, as the message says.
    for call in (al.head_view, al.model_view):
        with pytest.raises(ValueError, match=re.escape("pass batch=B (0 to 1)")):
            call(layers, TOKENS)
        members, _ = saved(call(layers, TOKENS, batch=0), tmp_path)
        np.testing.assert_array_equal(members["attentions"], np.stack(layers)[:, 0])


def test_the_message_names_the_batch_and_its_range(rng):
    layers = tuple(softmax(rng, (4, 2, N, N)) for _ in range(2))
    with pytest.raises(ValueError) as refused:
        al.show(layers)
    assert str(refused.value) == "attention has a batch of 4: pass batch=B (0 to 3)"


def test_sdpa_attentions_of_none_are_explained():
    with pytest.raises(ValueError, match="attn_implementation=\"eager\""):
        al.show((None, None))


# -- one array ---------------------------------------------------------------

@pytest.mark.parametrize("shape, expected", [
    ((N, N), (1, 1, N, N)),
    ((3, N, N), (1, 3, N, N)),
    ((2, 3, N, N), (2, 3, N, N)),
    ((1, 2, 3, N, N), (2, 3, N, N)),   # [1, L, H, Q, K]
    ((2, 1, 3, N, N), (2, 3, N, N)),   # [L, 1, H, Q, K]: torch.stack(outputs.attentions)
])
def test_arrays_of_two_to_five_axes(rng, tmp_path, shape, expected):
    array = softmax(rng, shape)
    members, _ = saved(al.show(array, TOKENS), tmp_path)
    assert members["attentions"].shape == expected
    np.testing.assert_array_equal(members["attentions"].reshape(-1), array.reshape(-1))


def test_float64_is_written_as_float32(rng, tmp_path):
    array = softmax(rng, (2, N, N), dtype=np.float64)
    members, _ = saved(al.show(array), tmp_path)
    assert members["attentions"].dtype == np.float32


@pytest.mark.parametrize("shape", [(N,), (1, 1, 1, 2, N, N)])
def test_fewer_than_two_or_more_than_five_axes(shape):
    with pytest.raises(ValueError, match=r"attention has (one axis|6 axes) \(shape .*\); "
                                         r"attention is \[Q, K\]"):
        al.show(np.full(shape, 1.0 / N, dtype=np.float32))


def test_an_ambiguous_five_axis_array_names_both_readings(rng, tmp_path):
    array = softmax(rng, (3, 2, 4, N, N))
    with pytest.raises(ValueError) as refused:
        al.show(array)
    message = str(refused.value)
    assert "\n" not in message
    assert "[layers, batch, heads, Q, K]" in message and "3 layers and a batch of 2" in message
    assert "[batch, layers, heads, Q, K]" in message and "a batch of 3 and 2 layers" in message
    assert 'layout="LBHQK"' in message and 'layout="BLHQK"' in message

    members, _ = saved(al.show(array, layout="LBHQK", batch=1), tmp_path, "lb.npz")
    np.testing.assert_array_equal(members["attentions"], array[:, 1])
    members, _ = saved(al.show(array, layout="BLHQK", batch=2), tmp_path, "bl.npz")
    np.testing.assert_array_equal(members["attentions"], array[2])
    with pytest.raises(ValueError, match="batch of 2: pass batch=B"):
        al.show(array, layout="LBHQK")
    with pytest.raises(ValueError, match="layout is 'LHQK'"):
        al.show(array, layout="LHQK")


def test_a_row_not_summing_to_one_is_refused_by_layer_head_and_row(rng):
    array = softmax(rng, (4, 8, 14, 14))
    array[3, 7, 12] *= 0.8123
    with pytest.raises(ValueError) as refused:
        al.show(array)
    assert str(refused.value) == "layer 3, head 7, row 12 sums to 0.8123, not 1"


def test_rows_of_zeros_are_padding(rng, tmp_path):
    array = softmax(rng, (1, 2, N, N))
    array[0, 1, 4] = 0.0
    saved(al.show(array), tmp_path)


@pytest.mark.parametrize("value, what", [
    (np.nan, "holds NaN at key 2"),
    (np.inf, "holds infinity at key 2"),
    (-0.25, "holds the negative weight -0.25 at key 2"),
])
def test_non_finite_and_negative_values_are_refused(rng, value, what):
    array = softmax(rng, (2, 2, N, N))
    array[1, 0, 5, 2] = value
    with pytest.raises(ValueError) as refused:
        al.show(array)
    assert str(refused.value) == f"layer 1, head 0, row 5 {what}"


def test_more_queries_than_keys_is_refused(rng):
    with pytest.raises(ValueError, match=r"more queries \(9\) than keys \(5\)"):
        al.show(softmax(rng, (1, 1, 9, 5)))


def test_fewer_queries_than_keys_writes_query_tokens(rng, tmp_path):
    members, _ = saved(al.show(softmax(rng, (1, 2, 3, N)), TOKENS), tmp_path)
    assert list(members["query_tokens"]) == TOKENS[-3:]  # query i is key i + K - Q
    members, _ = saved(al.show(softmax(rng, (1, 2, 3, N)), TOKENS, query_tokens=["a", "b", "c"]),
                       tmp_path, "given.npz")
    assert list(members["query_tokens"]) == ["a", "b", "c"]
    with pytest.raises(ValueError, match="^2 query tokens for 3 queries$"):
        al.show(softmax(rng, (1, 2, 3, N)), TOKENS, query_tokens=["a", "b"])


def test_tokens_of_the_wrong_length(rng):
    with pytest.raises(ValueError, match="^12 tokens for 7 keys$"):
        al.show(softmax(rng, (1, 1, N, N)), ["x"] * 12)


def test_one_string_is_not_a_token_list(rng):
    with pytest.raises(ValueError, match="one string"):
        al.show(softmax(rng, (1, 1, N, N)), "The animal didn't cross the street")


# -- TransformerLens ---------------------------------------------------------

class ActivationCache:
    """TransformerLens's ActivationCache as its documentation describes it: a
    mapping from hook names to activations, a pattern being [batch,
    head_index, query_pos, key_pos] under "blocks.{l}.attn.hook_pattern", and
    cache["pattern", l] the same."""

    def __init__(self, cache_dict):
        self.cache_dict = cache_dict

    def keys(self):
        return self.cache_dict.keys()

    def __getitem__(self, key):
        if isinstance(key, tuple):
            name, layer = key[0], key[1]
            key = f"blocks.{layer}.attn.hook_{name}"
        return self.cache_dict[key]


def test_transformerlens_activation_cache(rng, tmp_path):
    layers = 12  # blocks.10 and blocks.11 sort between blocks.1 and blocks.2 as strings
    patterns = {l: softmax(rng, (1, 2, N, N), causal=True) for l in range(layers)}
    cache_dict = {"hook_embed": rng.standard_normal((1, N, 16))}
    for l in sorted(range(layers), key=str):
        cache_dict[f"blocks.{l}.attn.hook_q"] = rng.standard_normal((1, N, 2, 8))
        cache_dict[f"blocks.{l}.attn.hook_attn_scores"] = rng.standard_normal((1, 2, N, N))
        cache_dict[f"blocks.{l}.attn.hook_pattern"] = patterns[l]
    cache = ActivationCache(cache_dict)
    assert cache["pattern", 3] is patterns[3]
    members, hint = saved(al.show(cache, TOKENS), tmp_path)
    np.testing.assert_array_equal(members["attentions"],
                                  np.stack([patterns[l][0] for l in range(layers)]))
    assert "layers" not in hint


def test_a_cache_of_some_layers_records_their_numbers(rng, tmp_path):
    cache = ActivationCache({f"blocks.{l}.attn.hook_pattern": softmax(rng, (2, N, N))
                             for l in (5, 1)})  # remove_batch_dim=True: [heads, q, k]
    members, hint = saved(al.show(cache), tmp_path)
    np.testing.assert_array_equal(members["attentions"][0],
                                  cache["blocks.1.attn.hook_pattern"])
    assert hint["layers"] == [1, 5]


# -- tokens from a tokenizer --------------------------------------------------

VOCABULARY = ["<|endoftext|>", "The", "Ġanimal", "Ġdidn", "'t", "Ġcross", "Ġthe", "Ġstreet"]


def test_batch_encoding_and_tokenizer(rng, tmp_path):
    tokenizer = FakeTokenizer(VOCABULARY)
    inputs = {"input_ids": np.array([[1, 2, 3, 4, 5, 6, 7]]),
              "attention_mask": np.ones((1, 7), dtype=np.int64)}
    layers = tuple(softmax(rng, (1, 2, N, N)) for _ in range(2))
    members, _ = saved(al.show(layers, inputs, tokenizer=tokenizer), tmp_path)
    assert list(members["tokens"]) == TOKENS
    assert tokenizer.calls == [[1, 2, 3, 4, 5, 6, 7]]


def test_batch_encoding_takes_the_chosen_row(rng, tmp_path):
    tokenizer = FakeTokenizer(VOCABULARY)
    inputs = {"input_ids": [[1, 2, 3, 4, 5, 6, 7], [7, 6, 5, 4, 3, 2, 1]]}
    layers = tuple(softmax(rng, (2, 2, N, N)) for _ in range(2))
    members, _ = saved(al.show(layers, inputs, tokenizer=tokenizer, batch=1), tmp_path)
    assert list(members["tokens"]) == TOKENS[::-1]


def test_torch_input_ids(rng, tmp_path):
    torch = pytest.importorskip("torch", reason="torch is not installed")
    inputs = {"input_ids": torch.tensor([[1, 2, 3, 4, 5, 6, 7]])}
    members, _ = saved(al.show(softmax(rng, (1, 1, N, N)), inputs,
                               tokenizer=FakeTokenizer(VOCABULARY)), tmp_path)
    assert list(members["tokens"]) == TOKENS


def test_ids_with_a_tokenizer_and_without(rng, tmp_path):
    attention = softmax(rng, (1, 1, N, N))
    members, _ = saved(al.show(attention, [1, 2, 3, 4, 5, 6, 7],
                               tokenizer=FakeTokenizer(VOCABULARY)), tmp_path)
    assert list(members["tokens"]) == TOKENS
    with pytest.raises(ValueError, match="pass tokenizer="):
        al.show(attention, [1, 2, 3, 4, 5, 6, 7])
    with pytest.raises(ValueError, match="pass tokenizer="):
        al.show(attention, {"input_ids": [[1, 2, 3, 4, 5, 6, 7]]})


def test_a_batch_encoding_of_fast_tokenizers_spells_itself(rng, tmp_path):
    class BatchEncoding(dict):
        def tokens(self, batch_index=0):
            return TOKENS

    members, _ = saved(al.show(softmax(rng, (1, 1, N, N)),
                               BatchEncoding(input_ids=[[1, 2, 3, 4, 5, 6, 7]])), tmp_path)
    assert list(members["tokens"]) == TOKENS
