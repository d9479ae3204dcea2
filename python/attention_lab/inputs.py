# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 The Attention Lab authors
"""Turning what people have into arrays.

Attention: Hugging Face's outputs.attentions (a tuple of per-layer [batch,
heads, Q, K] tensors or arrays, or the output object holding it),
TransformerLens's ActivationCache (its blocks.N.attn.hook_pattern entries), or
one array of 2 to 5 axes read by the program's own layout rules. Torch is
used when the object is a tensor (its detach()), never imported.

Tokens: a list of strings; a list of ids, or a BatchEncoding (any mapping with
"input_ids"), with tokenizer= to spell them.

Every refusal is a ValueError of one line, worded as the program words its
own (for rows: "layer 3, head 7, row 12 sums to 0.8123, not 1")."""

import numbers
import re

import numpy as np

__all__ = ["LAYOUTS", "Weights", "read_attention", "check_rows", "token_strings", "to_numpy"]

LAYOUTS = ("LBHQK", "BLHQK")
SHAPES = "[Q, K], [H, Q, K], [L, H, Q, K], [1, L, H, Q, K] or [L, 1, H, Q, K]"
_HOOK = re.compile(r"^blocks\.(\d+)\.attn\.hook_pattern$")
_NO_WEIGHTS = ("holds None for its layers: load the model with attn_implementation=\"eager\" "
               "(SDPA and flash attention compute no weights) and run it with "
               "output_attentions=True")


class Weights:
    """One attention as read.

    array   [L, H, Q, K], C order, owned: float32, or float16 when every value
            came as 16 bits (float16 or bfloat16), so that the program checks
            its rows with its 16-bit tolerance, as it does for such files
    half    whether it came as 16 bits
    batch   the item of the batch taken, or None when it had no batch axis
    layers  the layers' own numbers when they are not 0 to L - 1 (a cache
            holding some layers only), else None"""

    __slots__ = ("array", "half", "batch", "layers")

    def __init__(self, array, half=False, batch=None, layers=None):
        self.array = array
        self.half = half
        self.batch = batch
        self.layers = layers

    @property
    def shape(self):
        return self.array.shape


# -- small helpers ------------------------------------------------------------

def _is_torch(x):
    return callable(getattr(x, "detach", None)) and callable(getattr(x, "cpu", None))


def _has_shape(x):
    return hasattr(x, "shape") and hasattr(x, "dtype")


def _shape(x):
    return tuple(int(n) for n in x.shape)


def _is_half(x):
    dtype = getattr(x, "dtype", None)
    if dtype is None:
        return False
    if isinstance(dtype, np.dtype):
        return dtype == np.float16
    return str(dtype).replace("torch.", "") in ("float16", "half", "bfloat16")


def _shape_text(shape):
    return "(" + ", ".join(str(n) for n in shape) + ")"


def to_numpy(x, index=None):
    """`x` as a numpy array: a torch tensor detached, made float32 when it is
    floating point (numpy has no bfloat16) and moved to the CPU; item `index`
    of its first axis only, when given, taken before anything is copied."""
    if index is not None:
        x = x[index]
    if _is_torch(x):
        x = x.detach()
        if callable(getattr(x, "is_floating_point", None)) and x.is_floating_point():
            x = x.float()
        return x.cpu().numpy()
    if not isinstance(x, np.ndarray) and callable(getattr(x, "numpy", None)):
        try:
            return np.asarray(x.numpy())
        except Exception:  # not TensorFlow's .numpy() after all
            pass
    try:
        return np.asarray(x)
    except ValueError as error:  # ragged nested lists
        raise ValueError(f"attention is not an array: {error}") from None


def _check_numeric(array, what):
    if array.dtype.kind not in "fiub":
        raise ValueError(f"{what} holds {array.dtype} values, not attention weights")


def _check_index(value, name):
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise ValueError(f"{name} is {value!r}: it is a whole number")
    return int(value)


def _choose_batch(length, batch, what):
    if batch is None:
        if length == 1:
            return 0
        raise ValueError(f"{what} has a batch of {length}: pass batch=B (0 to {length - 1})")
    if not 0 <= batch < length:
        if length == 1:
            raise ValueError(f"batch {batch} is out of range: {what} holds one input (batch 0)")
        raise ValueError(f"batch {batch} is out of range: {what} has a batch of {length} "
                         f"(0 to {length - 1})")
    return batch


def _no_batch(batch, what, shape):
    if batch not in (None, 0):
        raise ValueError(f"batch {batch} is out of range: {what} of shape {_shape_text(shape)} "
                         "holds one input (batch 0)")


def check_layout(layout):
    if layout is None:
        return None
    if not isinstance(layout, str) or layout.upper() not in LAYOUTS:
        raise ValueError(f'layout is {layout!r}: use "LBHQK" or "BLHQK"')
    return layout.upper()


# -- attention ----------------------------------------------------------------

def cache_layers(obj):
    """TransformerLens's ActivationCache, duck-typed: ([layer numbers],
    [patterns]) in number order from its "blocks.N.attn.hook_pattern"
    entries, or None when `obj` has none."""
    keys = getattr(obj, "keys", None)
    if not callable(keys) or _has_shape(obj):
        return None
    try:
        names = list(keys())
    except Exception:
        return None
    found = []
    for name in names:
        if isinstance(name, str):
            match = _HOOK.match(name)
            if match:
                found.append((int(match.group(1)), name))
    if not found:
        return None
    found.sort()
    return [n for n, _ in found], [obj[name] for _, name in found]


def model_output_field(obj, name):
    """(True, value) when `obj` (a Hugging Face ModelOutput, any mapping or
    object) has the field `name`, else (False, None)."""
    if _has_shape(obj) or isinstance(obj, (list, tuple, str, bytes)):
        return False, None
    keys = getattr(obj, "keys", None)
    if callable(keys):
        try:
            if name in keys():
                return True, obj[name]
        except Exception:
            pass
    if hasattr(obj, name) and not callable(getattr(obj, name)):
        return True, getattr(obj, name)
    return False, None


def read_attention(attention, *, batch=None, layout=None, what="attention"):
    """Read one attention into Weights [L, H, Q, K] (not yet checked: see
    check_rows). `batch` takes one item of a batch (needed when it holds more
    than one); `layout` ("LBHQK" or "BLHQK") says how a five-axis array whose
    two leading axes are both over 1 reads."""
    batch = _check_index(batch, "batch")
    layout = check_layout(layout)
    if attention is None:
        raise ValueError(f"{what} is None: run the model with output_attentions=True")
    cache = cache_layers(attention)
    if cache is not None:
        numbers_, values = cache
        return _read_layers(values, batch, what, numbers_)
    found, inner = model_output_field(attention, "attentions")
    if found:
        if inner is None:
            raise ValueError(f"{what}.attentions is None: run the model with "
                             "output_attentions=True")
        attention = inner
    if isinstance(attention, (list, tuple)):
        if len(attention) == 0:
            raise ValueError(f"{what} is empty")
        first = attention[0]
        if first is None:
            raise ValueError(f"{what} {_NO_WEIGHTS}")
        if isinstance(first, (list, tuple)) and first and _has_shape(first[0]):
            raise ValueError(f"{what} is a tuple of tuples, one per generated token as "
                             "generate() returns them: run the model once on the whole text "
                             "with output_attentions=True and pass its outputs.attentions")
        if _has_shape(first):
            return _read_layers(list(attention), batch, what, None)
    return _read_array(attention, batch, layout, what)


def _read_layers(values, batch, what, layer_numbers):
    """One array per layer, each [batch, H, Q, K] or [H, Q, K]."""
    def name(i):
        return f"layer {layer_numbers[i] if layer_numbers else i}"

    shapes = []
    for i, value in enumerate(values):
        if value is None:
            raise ValueError(f"{what} {_NO_WEIGHTS}")
        if not _has_shape(value):
            value = values[i] = to_numpy(value)
        shapes.append(_shape(value))
    first = shapes[0]
    if len(first) not in (3, 4):
        raise ValueError(f"{what}: {name(0)} has shape {_shape_text(first)}; each layer is "
                         "[batch, heads, Q, K] or [heads, Q, K]")
    for i, shape in enumerate(shapes):
        if shape != first:
            raise ValueError(f"{what}: {name(i)} has shape {_shape_text(shape)} but {name(0)} "
                             f"{_shape_text(first)}: every layer must have the same shape")
    if len(first) == 4:
        index = _choose_batch(first[0], batch, what)
        heads, queries, keys = first[1:]
    else:
        _no_batch(batch, what, (len(values),) + first)
        index = None
        heads, queries, keys = first
    half = all(_is_half(v) for v in values)
    shape = (len(values), heads, queries, keys)
    _check_no_empty_axis(shape, what)
    out = np.empty(shape, dtype=np.float16 if half else np.float32)
    for i, value in enumerate(values):
        layer = to_numpy(value, index)
        _check_numeric(layer, what)
        out[i] = layer
    if layer_numbers is not None and list(layer_numbers) == list(range(len(values))):
        layer_numbers = None
    return Weights(out, half, index, layer_numbers)


def _check_no_empty_axis(shape, what):
    if any(n == 0 for n in shape):
        raise ValueError(f"{what} has an axis of length 0 (shape {_shape_text(shape)})")


def _read_array(attention, batch, layout, what):
    """One array by the program's rules: [Q, K], [H, Q, K], [L, H, Q, K],
    [1, L, H, Q, K] or [L, 1, H, Q, K], or [L, B, H, Q, K] and [B, L, H, Q, K]
    by `layout`."""
    half = _is_half(attention)
    array = to_numpy(attention)
    _check_numeric(array, what)
    s = array.shape
    if not 2 <= array.ndim <= 5:
        axes = {0: "no axes", 1: "one axis"}.get(array.ndim, f"{array.ndim} axes")
        raise ValueError(f"{what} has {axes} (shape {_shape_text(s)}); attention is {SHAPES}")
    _check_no_empty_axis(s, what)
    index = None
    if array.ndim == 5:
        if layout is None:
            if s[0] == 1:
                layout = "BLHQK"
            elif s[1] == 1:
                layout = "LBHQK"
            else:
                raise ValueError(
                    f"{what} has shape {_shape_text(s)}, which reads two ways: [layers, batch, "
                    f"heads, Q, K] (torch.stack(outputs.attentions)), {s[0]} layers and a batch "
                    f"of {s[1]}, or [batch, layers, heads, Q, K] (torch.stack(outputs.attentions, "
                    f"1)), a batch of {s[0]} and {s[1]} layers: pass layout=\"LBHQK\" or "
                    "layout=\"BLHQK\"")
        if layout == "BLHQK":
            index = _choose_batch(s[0], batch, what)
            array = array[index]
        else:
            index = _choose_batch(s[1], batch, what)
            array = array[:, index]
    else:
        _no_batch(batch, what, s)
        array = array.reshape((1,) * (4 - array.ndim) + s)
    array = np.array(array, dtype=np.float16 if half else np.float32, order="C", copy=True)
    return Weights(array, half, index, None)


# -- checks -------------------------------------------------------------------

def _row_problem(row):
    """What is wrong with one row, in the program's words."""
    row = np.asarray(row, dtype=np.float64)
    bad = np.flatnonzero(np.isnan(row) | np.isinf(row) | (row < 0))
    if bad.size:
        k = int(bad[0])
        w = row[k]
        if np.isnan(w):
            return f"holds NaN at key {k}"
        if np.isinf(w):
            return f"holds {'infinity' if w > 0 else '-infinity'} at key {k}"
        return f"holds the negative weight {w:.6g} at key {k}"
    total = float(row.sum())
    if not np.isfinite(total):
        return "sums to infinity, not 1"
    return f"sums to {total:.4f}, not 1"


def check_rows(array, half=False, *, layers=None, heads=None, prefix=""):
    """Refuse, in one line, the first row of `array` [L, H, Q, K] that is not
    a distribution: every value finite and non-negative, the row summing to 1
    within 1e-3 (2e-2 for 16-bit data, as the program allows) or all zeros
    (padding). `layers` and `heads` give the numbers to name them by."""
    tolerance = 2e-2 if half else 1e-3
    if half:
        sums = array.sum(axis=-1, dtype=np.float64)
    else:
        sums = array.sum(axis=-1)
    least = array.min(axis=-1)
    with np.errstate(invalid="ignore", over="ignore"):
        good = np.isfinite(sums) & (least >= 0) & ((sums == 0) | (np.abs(sums - 1.0) <= tolerance))
    if good.all():
        return
    layer, head, row = (int(i) for i in np.unravel_index(int(np.flatnonzero(~good)[0]), good.shape))
    name_layer = layers[layer] if layers is not None else layer
    name_head = heads[head] if heads is not None else head
    raise ValueError(f"{prefix}layer {name_layer}, head {name_head}, row {row} "
                     f"{_row_problem(array[layer, head, row])}")


# -- tokens -------------------------------------------------------------------

def _plain(x):
    """A list from a list, tuple, numpy array or tensor."""
    if _is_torch(x):
        return x.detach().cpu().tolist()
    if callable(getattr(x, "tolist", None)):
        return x.tolist()
    return list(x)


def _is_id(value):
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


def _spell(tokenizer, ids, what):
    convert = getattr(tokenizer, "convert_ids_to_tokens", None)
    if not callable(convert):
        raise ValueError("tokenizer has no convert_ids_to_tokens: pass a Hugging Face tokenizer")
    return [str(t) for t in convert([int(i) for i in ids])]


def token_strings(tokens, *, tokenizer=None, batch=None, what="tokens"):
    """A list of strings from what was given as tokens (None stays None):
    strings as they are (no Ġ or ## removed: the program labels them itself);
    ids, or a BatchEncoding's input_ids (the row of `batch`), spelled by
    tokenizer.convert_ids_to_tokens."""
    if tokens is None:
        return None
    batch = _check_index(batch, "batch")
    if isinstance(tokens, (str, bytes)):
        raise ValueError(f"{what} is one string: pass a list of strings, one per token")
    keys = getattr(tokens, "keys", None)
    if callable(keys) and not _has_shape(tokens):
        if "input_ids" not in keys():
            raise ValueError(f"{what} is a mapping without input_ids: pass a list of strings, "
                             "or a tokenizer's output with tokenizer=")
        ids = _plain(tokens["input_ids"])
        row = 0
        if ids and isinstance(ids[0], list):
            row = _choose_batch(len(ids), batch, what)
            ids = ids[row]
        if tokenizer is not None:
            return _spell(tokenizer, ids, what)
        spelled = getattr(tokens, "tokens", None)  # a fast tokenizer's BatchEncoding
        if callable(spelled):
            try:
                out = spelled(row)
            except Exception:
                out = None
            if out is not None:
                return [str(t) for t in out]
        raise ValueError(f"{what} holds input_ids: pass tokenizer= to turn them into strings")
    values = _plain(tokens)
    if not values:
        return []
    if all(isinstance(v, (list, tuple)) for v in values):
        row = _choose_batch(len(values), batch, what)
        return token_strings(list(values[row]), tokenizer=tokenizer, what=what)
    if all(isinstance(v, str) for v in values):
        return [str(v) for v in values]
    if all(isinstance(v, bytes) for v in values):
        return [v.decode("utf-8", "replace") for v in values]
    if all(_is_id(v) for v in values):
        if tokenizer is None:
            raise ValueError(f"{what} are ids: pass tokenizer= to turn them into strings")
        return _spell(tokenizer, values, what)
    raise ValueError(f"{what} must be a list of strings, or of ids with tokenizer=")
