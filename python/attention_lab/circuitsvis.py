# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 The Attention Lab authors
"""CircuitsVis's attention calls (circuitsvis.attention.attention_heads and
its older attention_patterns and attention_pattern), with their signatures:
one layer's attention, [heads, dest, src], opened in Attention Lab."""

import numpy as np

from .calls import build, deliver

__all__ = ["attention_heads", "attention_patterns", "attention_pattern"]


def _one_layer(attention, call):
    """One layer's attention as [heads, dest, src] ([dest, src] is one head,
    [1, heads, dest, src] a batch of one), its dtype kept."""
    if not (hasattr(attention, "shape") and hasattr(attention, "dtype")):
        attention = np.asarray(attention)
    shape = tuple(int(n) for n in attention.shape)
    if len(shape) == 4 and shape[0] == 1:
        return attention[0], shape[1]
    if len(shape) == 3:
        return attention, shape[0]
    if len(shape) == 2:
        return attention, 1
    raise ValueError(f"{call} takes one layer's attention, [heads, dest, src]; this has shape "
                     f"({', '.join(str(n) for n in shape)}): pass one layer, or use "
                     "attention_lab.show()")


def _range(min_value, max_value):
    if min_value is None and max_value is None:
        return {}
    return {"range": [None if min_value is None else float(min_value),
                      None if max_value is None else float(max_value)]}


def _heads(kind, attention, tokens, attention_head_names=None, max_value=None,
           min_value=None, mask_upper_tri=None):
    array, heads = _one_layer(attention, kind)
    extra = {}
    if attention_head_names is not None:
        names = [str(n) for n in attention_head_names]
        if len(names) != heads:
            raise ValueError(f"{len(names)} attention_head_names for {heads} heads")
        extra["head_names"] = names
    if mask_upper_tri is not None:
        extra["causal"] = bool(mask_upper_tri)
    extra.update(_range(min_value, max_value))
    return build(kind, attention=array, tokens=tokens, view="grid", layer=0, head=0,
                 theme="light", extra=extra)


def attention_heads(attention, tokens, attention_head_names=None, max_value=None,
                    min_value=None, negative_color=None, positive_color=None,
                    mask_upper_tri=None):
    """CircuitsVis's attention_heads: one layer's heads, attention [heads,
    dest (query), src (key)] with `tokens`, opened as the grid of heads (view
    "grid"). attention_head_names (one per head) are recorded as
    "head_names", mask_upper_tri as "causal" and min_value, max_value as
    "range" for the window; the colours are accepted and not used. Returns
    an AttentionFigure, sent to the window when attention_lab.config.send
    says so and rendered inline in Jupyter."""
    return deliver(_heads("attention_heads", attention, tokens, attention_head_names,
                          max_value, min_value, mask_upper_tri))


def attention_patterns(tokens, attention):
    """CircuitsVis's older attention_patterns(tokens, attention): as
    attention_heads(attention, tokens), the grid of one layer's heads."""
    return deliver(_heads("attention_patterns", attention, tokens))


def attention_pattern(tokens, attention, max_value=None, min_value=None, negative_color=None,
                      show_axis_labels=None, positive_color=None):
    """CircuitsVis's attention_pattern(tokens, attention): one head's
    attention [dest, src], opened large (view "head")."""
    array, heads = _one_layer(attention, "attention_pattern")
    figure = build("attention_pattern", attention=array, tokens=tokens, view="head", layer=0,
                   head=0, theme="light", extra=_range(min_value, max_value))
    return deliver(figure)
