# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 The Attention Lab authors
"""Inspectus's attention(attn, query_tokens, key_tokens), with its
signature, opened in Attention Lab."""

from .calls import build, deliver
from .figure import THEMES

__all__ = ["attention"]


def attention(attn, query_tokens=None, key_tokens=None, **kwargs):
    """Inspectus's attention: attn of [q, k], [heads, q, k] or [layers,
    heads, q, k] (numpy or torch), or Hugging Face's outputs.attentions,
    opened on one head large (view "head"), layer 0 and head 0. key_tokens
    default to query_tokens. Inspectus's other keyword arguments (chart_types,
    color, ...) are accepted and not used, except theme="dark". Returns an
    AttentionFigure, sent to the window when attention_lab.config.send says
    so and rendered inline in Jupyter."""
    if hasattr(attn, "shape") and hasattr(attn, "dtype") and not 2 <= len(attn.shape) <= 4:
        shape = ", ".join(str(int(n)) for n in attn.shape)
        raise ValueError(f"attn has {len(attn.shape)} axes (shape ({shape})); Inspectus's "
                         "attention is [q, k], [heads, q, k] or [layers, heads, q, k]")
    theme = kwargs.get("theme", "light")
    if theme not in THEMES:
        theme = "light"
    keys = key_tokens if key_tokens is not None else query_tokens
    queries = query_tokens if key_tokens is not None else None
    figure = build("attention", attention=attn, tokens=keys, query_tokens=queries, view="head",
                   layer=0, head=0, theme=theme)
    return deliver(figure)
