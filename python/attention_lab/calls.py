# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 The Attention Lab authors
"""show(), the general call, and what every call shares: reading the inputs
into a figure (build) and sending it when config.send says so (deliver)."""

import json
import numbers
import os
import warnings

import numpy as np

from .binary import ProgramNotFoundError
from .figure import SETS, THEMES, VIEWS, AttentionFigure, _count
from .inputs import check_rows, model_output_field, read_attention, token_strings
from .settings import config
from .window import WindowError

__all__ = ["show", "build", "deliver"]

_HF_SETS = {"encoder": "encoder_attentions", "decoder": "decoder_attentions",
            "cross": "cross_attentions"}
_BERTVIZ_SETS = {"encoder": "encoder_attention", "decoder": "decoder_attention",
                 "cross": "cross_attention"}


def _index(value, label):
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise ValueError(f"{label} is {value!r}: a whole number from 0")
    return int(value)


def _selection(values, count, what):
    """include_layers or include_heads as a list of indexes from 0 (negative
    ones counted from the end), or None."""
    if values is None:
        return None
    if isinstance(values, numbers.Integral) and not isinstance(values, bool):
        values = [values]
    values = list(values)
    if not values:
        raise ValueError(f"include_{what}s is empty")
    kept = []
    for value in values:
        index = _index(value, f"include_{what}s holds {value!r}, which")
        resolved = index + count if index < 0 else index
        if not 0 <= resolved < count:
            raise ValueError(f"include_{what}s holds {index}: the attention has "
                             f"{_count(count, what)} (0 to {count - 1})")
        kept.append(resolved)
    return kept


def _pick(value, kept, count, what):
    """The index, in what is kept, of layer or head `value` (None: the first)."""
    if value is None:
        return 0
    value = _index(value, what)
    if kept is not None:
        if value not in kept:
            raise ValueError(f"{what} {value} is not in include_{what}s {kept}")
        return kept.index(value)
    if not 0 <= value < count:
        raise ValueError(f"{what} {value} is out of range: the attention has "
                         f"{_count(count, what)} (0 to {count - 1})")
    return value


def _select(weights, include_layers, include_heads):
    """Keep the layers and heads asked for, in their order. Returns the array,
    the kept layers' and heads' own numbers (None when all are kept as they
    are) and the hint's entries."""
    layers, heads = weights.shape[:2]
    kept_layers = _selection(include_layers, layers, "layer")
    kept_heads = _selection(include_heads, heads, "head")
    array = weights.array
    if kept_layers is not None:
        array = array[kept_layers]
    if kept_heads is not None:
        array = array[:, kept_heads]
    own = weights.layers
    if kept_layers is not None:
        layer_numbers = [own[i] if own is not None else i for i in kept_layers]
    else:
        layer_numbers = own
    hint = {}
    if layer_numbers is not None:
        hint["layers"] = [int(n) for n in layer_numbers]
    if kept_heads is not None:
        hint["heads"] = [int(n) for n in kept_heads]
    return np.ascontiguousarray(array), layer_numbers, kept_heads, kept_layers, hint


def build(kind, *, attention=None, tokens=None, query_tokens=None,
          encoder_attention=None, decoder_attention=None, cross_attention=None,
          encoder_tokens=None, decoder_tokens=None,
          view="grid", layer=None, head=None, theme="light", set=None, name=None,
          batch=None, layout=None, tokenizer=None, include_layers=None, include_heads=None,
          extra=None, width=None, height=None):
    """Read the inputs, check them and make the AttentionFigure (not sent).

    `layer` and `head` count in the attention given (None: the first kept);
    with include_layers or include_heads they must be among those kept."""
    if view not in VIEWS:
        raise ValueError(f'view is {view!r}: use "head" or "grid"')
    if theme not in THEMES:
        raise ValueError(f'theme is {theme!r}: use "light" or "dark"')
    given = {which: value for which, value in
             (("encoder", encoder_attention), ("decoder", decoder_attention),
              ("cross", cross_attention)) if value is not None}
    if attention is not None and (given or encoder_tokens is not None
                                  or decoder_tokens is not None):
        raise ValueError("pass attention, or an encoder-decoder's encoder_attention, "
                         "decoder_attention and cross_attention, not both")
    if attention is None and not given:
        raise ValueError("no attention given: pass attention, or encoder_attention, "
                         "decoder_attention or cross_attention")
    hint = {}
    common = dict(view=view, theme=theme, name=name, width=width, height=height)

    if attention is not None:
        if set is not None:
            raise ValueError(f"set is {set!r}, but there is one attention, not an "
                             "encoder-decoder's three")
        weights = read_attention(attention, batch=batch, layout=layout)
        layers, heads, queries, keys = weights.shape
        if queries > keys:
            raise ValueError(f"attention has more queries ({queries}) than keys ({keys}): "
                             "query i is key i + K - Q")
        array, layer_numbers, head_numbers, kept_layers, selected = _select(
            weights, include_layers, include_heads)
        hint.update(selected)
        check_rows(array, weights.half, layers=layer_numbers, heads=head_numbers)
        key_tokens = token_strings(tokens, tokenizer=tokenizer, batch=batch)
        if key_tokens is not None and len(key_tokens) != keys:
            raise ValueError(f"{len(key_tokens)} tokens for {keys} keys")
        q_tokens = token_strings(query_tokens, tokenizer=tokenizer, batch=batch,
                                 what="query_tokens")
        if q_tokens is not None and len(q_tokens) != queries:
            raise ValueError(f"{len(q_tokens)} query tokens for {queries} queries")
        if q_tokens is None and key_tokens is not None and queries != keys:
            q_tokens = key_tokens[keys - queries:]
        layer_index = _pick(layer, kept_layers, layers, "layer")
        head_index = _pick(head, head_numbers, heads, "head")
        hint.update(extra or {})
        return AttentionFigure(kind, attentions=array, tokens=key_tokens, query_tokens=q_tokens,
                               layer=layer_index, head=head_index, extra=hint, **common)

    sets, shapes, kept = {}, {}, {}
    for which in SETS:
        if which not in given:
            continue
        weights = read_attention(given[which], batch=batch, layout=layout,
                                 what=f"{which}_attention")
        array, layer_numbers, head_numbers, kept_layers, selected = _select(
            weights, include_layers, include_heads)
        hint.update(selected)
        check_rows(array, weights.half, layers=layer_numbers, heads=head_numbers,
                   prefix=f"{which} attention: ")
        sets[which] = array
        shapes[which] = weights.shape
        kept[which] = (kept_layers, head_numbers)
    for which in ("encoder", "decoder"):
        if which in shapes and shapes[which][2] != shapes[which][3]:
            raise ValueError(f"{which} attention has {shapes[which][2]} queries and "
                             f"{shapes[which][3]} keys: a self-attention's are the same tokens")
    source = shapes["encoder"][3] if "encoder" in shapes else None
    target = shapes["decoder"][3] if "decoder" in shapes else None
    if "cross" in shapes:
        cross_queries, cross_keys = shapes["cross"][2:]
        if source is not None and cross_keys != source:
            raise ValueError(f"cross attention has {cross_keys} keys but the encoder attention "
                             f"{source} tokens")
        if target is not None and cross_queries != target:
            raise ValueError(f"cross attention has {cross_queries} queries but the decoder "
                             f"attention {target} tokens")
        source, target = cross_keys, cross_queries
        # One cross-attention in each decoder layer.
        if "decoder" in shapes and shapes["cross"][0] != shapes["decoder"][0]:
            raise ValueError(f"cross attention has {shapes['cross'][0]} layers but the decoder "
                             f"attention {shapes['decoder'][0]}: each decoder layer has one")
    source_tokens = token_strings(encoder_tokens, tokenizer=tokenizer, batch=batch,
                                  what="encoder_tokens")
    target_tokens = token_strings(decoder_tokens, tokenizer=tokenizer, batch=batch,
                                  what="decoder_tokens")
    if source_tokens is not None and source is not None and len(source_tokens) != source:
        raise ValueError(f"{len(source_tokens)} encoder_tokens for {source} encoder positions")
    if target_tokens is not None and target is not None and len(target_tokens) != target:
        raise ValueError(f"{len(target_tokens)} decoder_tokens for {target} decoder positions")
    if set is None:
        set = "cross" if "cross" in sets else "decoder" if "decoder" in sets else "encoder"
    elif set not in SETS:
        raise ValueError(f'set is {set!r}: use "encoder", "decoder" or "cross"')
    elif set not in sets:
        raise ValueError(f"holds no {set} attention (it holds {', '.join(s for s in SETS if s in sets)})")
    layers, heads = shapes[set][:2]
    layer_index = _pick(layer, kept[set][0], layers, "layer")
    head_index = _pick(head, kept[set][1], heads, "head")
    hint.update(extra or {})
    return AttentionFigure(kind, sets=sets, encoder_tokens=source_tokens,
                           decoder_tokens=target_tokens, layer=layer_index, head=head_index,
                           set=set, extra=hint, **common)


def deliver(figure):
    """Send the figure to the window when config.send says so; return it.

    With config.send left "auto", a failure to send is a warning (the figure
    still renders inline); with config.send = True it is raised."""
    if not config.sends():
        return figure
    try:
        figure.open()
    except (WindowError, ProgramNotFoundError, OSError) as error:
        if config.send is True:
            raise
        warnings.warn(f"attention_lab: not sent to the window: {error}", stacklevel=3)
    return figure


def _field(obj, *names):
    for name in names:
        found, value = model_output_field(obj, name)
        if found and value is not None:
            return value
    return None


def _load_file(path):
    """A saved attention file's arrays, as np.load reads them: an .npz's
    members (attentions and tokens, or an encoder-decoder's three sets and
    texts), or an .npy's one array; and the view it names (its `view`
    member's JSON, {} without one)."""
    if not os.path.isfile(path):
        raise ValueError(f"{path} is not a file")
    if path.endswith(".npz"):
        with np.load(path, allow_pickle=False) as data:
            members = {name: data[name] for name in data.files if name != "view"}
            view = data["view"] if "view" in data.files else None
        try:
            hint = json.loads(str(view[()])) if view is not None else {}
        except ValueError:
            raise ValueError(f"{path}: its view member is not JSON") from None
        return members, hint if isinstance(hint, dict) else {}
    if path.endswith(".npy"):
        return np.load(path, allow_pickle=False), {}
    raise ValueError(f"{path}: show() reads .npy and .npz files; open other files in the "
                     f"window with attention-lab FILE")


def show(attention, tokens=None, *, query_tokens=None, name=None, view="grid", layer=0, head=0,
         theme=None, batch=None, layout=None, tokenizer=None, width=None, height=None,
         set=None, encoder_tokens=None, decoder_tokens=None):
    """Open any attention: the grid of every head (view="grid", the default)
    or one head large (view="head") at `layer` and `head`, in the window when
    config.send says so, and inline in Jupyter. Returns an AttentionFigure.

    attention   Hugging Face's outputs.attentions (or the outputs themselves),
                the path of an .npz or .npy file (what Edit > Copy as Python gives),
                a TransformerLens ActivationCache, or one array of 2 to 5 axes:
                [Q, K], [H, Q, K], [L, H, Q, K], [1, L, H, Q, K], [L, 1, H, Q, K]
                (numpy, torch or anything numpy reads). An encoder-decoder's
                outputs (encoder_attentions, decoder_attentions,
                cross_attentions) open on `set`, the cross-attention unless
                set="encoder" or "decoder" says otherwise.
    tokens      the keys' tokens: strings, or ids or a BatchEncoding with
                tokenizer=; query_tokens likewise for the queries when Q != K
    batch       the item of a batch to show (needed when it holds more than 1)
    layout      "LBHQK" or "BLHQK" for a five-axis array whose two leading
                axes are both over 1
    theme       "light" or "dark" (a file's own, else light); name: the title
                (a file's own); width, height: the inline rendering's size in
                pixels

    A file keeps what its view says of it: the numbers the model gave the
    layers and heads it kept (BertViz's include_layers), its look and title,
    unless given here; `layer` and `head` count in the file."""
    kept = {}
    if isinstance(attention, (str, os.PathLike)):
        attention, own = _load_file(os.fspath(attention))
        kept = {key: own[key] for key in ("layers", "heads") if key in own}
        if theme is None:
            theme = own.get("theme")
        if name is None:
            name = own.get("title")
    if theme is None:
        theme = "light"
    found, _ = model_output_field(attention, "attentions")
    if not found and _field(attention, *_HF_SETS.values(), *_BERTVIZ_SETS.values()) is not None:
        if tokens is not None or query_tokens is not None:
            raise ValueError("an encoder-decoder's tokens are encoder_tokens= and "
                             "decoder_tokens=, not tokens=")
        if encoder_tokens is None:
            encoder_tokens = _field(attention, "encoder_tokens")
        if decoder_tokens is None:
            decoder_tokens = _field(attention, "decoder_tokens")
        sets = {which: _field(attention, _HF_SETS[which], _BERTVIZ_SETS[which])
                for which in SETS}
        figure = build("show", encoder_attention=sets["encoder"],
                       decoder_attention=sets["decoder"], cross_attention=sets["cross"],
                       encoder_tokens=encoder_tokens, decoder_tokens=decoder_tokens,
                       view=view, layer=layer, head=head, theme=theme, set=set, name=name,
                       batch=batch, layout=layout, tokenizer=tokenizer, width=width,
                       height=height, extra=kept)
        return deliver(figure)
    if found:  # a file's members (np.load) or outputs with their tokens
        if tokens is None:
            tokens = _field(attention, "tokens")
        if query_tokens is None:
            query_tokens = _field(attention, "query_tokens")
        if layout is None:
            stored = _field(attention, "layout")
            if stored is not None:
                layout = str(np.asarray(stored).reshape(-1)[0]) if np.size(stored) else None
    figure = build("show", attention=attention, tokens=tokens, query_tokens=query_tokens,
                   view=view, layer=layer, head=head, theme=theme, set=set, name=name,
                   batch=batch, layout=layout, tokenizer=tokenizer, width=width, height=height,
                   extra=kept)
    return deliver(figure)
