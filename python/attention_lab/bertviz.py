# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 The Attention Lab authors
"""BertViz's head_view and model_view, with its signatures: the same calls
open the attention in Attention Lab (and render inline) instead of BertViz's
JavaScript."""

import numbers

from .calls import build, deliver

__all__ = ["head_view", "model_view"]


def _check_html_action(html_action):
    if html_action not in ("view", "return"):
        raise ValueError(f"html_action is {html_action!r}: use 'view' or 'return'")


def _extra(sentence_b_start):
    if sentence_b_start is None:
        return {}
    if isinstance(sentence_b_start, bool) or not isinstance(sentence_b_start, numbers.Integral):
        raise ValueError(f"sentence_b_start is {sentence_b_start!r}: a token's index")
    return {"sentence_b_start": int(sentence_b_start)}


def _first_head(heads):
    if heads is None:
        return None
    if isinstance(heads, numbers.Integral) and not isinstance(heads, bool):
        return int(heads)
    heads = list(heads)
    return heads[0] if heads else None


def head_view(attention=None, tokens=None, sentence_b_start=None, prettify_tokens=True,
              layer=None, heads=None, encoder_attention=None, decoder_attention=None,
              cross_attention=None, encoder_tokens=None, decoder_tokens=None,
              include_layers=None, html_action='view', *, batch=None):
    """BertViz's head view: opens one head large (view "head") on `layer`
    (default 0) and the first of `heads` (default 0). Returns an
    AttentionFigure, sent to the window when attention_lab.config.send says
    so and rendered inline in Jupyter.

    attention is a tuple of per-layer [batch, heads, Q, K] (Hugging Face's
    outputs.attentions; batch 1) with `tokens`; an encoder-decoder gives
    encoder_attention, decoder_attention and cross_attention with
    encoder_tokens and decoder_tokens instead, and opens on the
    cross-attention when it is given. include_layers keeps those layers, in
    that order (layer must be one of them). sentence_b_start is recorded for
    the window; prettify_tokens and html_action are accepted as BertViz
    accepts them (tokens are kept as spelled: the program labels "Ġdog" as
    " dog" itself). batch, which BertViz has not, picks one input of a
    batch, as show()'s does."""
    _check_html_action(html_action)
    figure = build("head_view", attention=attention, tokens=tokens,
                   encoder_attention=encoder_attention, decoder_attention=decoder_attention,
                   cross_attention=cross_attention, encoder_tokens=encoder_tokens,
                   decoder_tokens=decoder_tokens, view="head", layer=layer,
                   head=_first_head(heads), theme="light", include_layers=include_layers,
                   batch=batch, extra=_extra(sentence_b_start))
    return deliver(figure)


def model_view(attention=None, tokens=None, sentence_b_start=None, prettify_tokens=True,
               display_mode="dark", encoder_attention=None, decoder_attention=None,
               cross_attention=None, encoder_tokens=None, decoder_tokens=None,
               include_layers=None, include_heads=None, html_action='view', *, batch=None):
    """BertViz's model view: opens the grid of every head (view "grid") in
    display_mode's theme ("dark", the default, or "light"). Returns an
    AttentionFigure, sent to the window when attention_lab.config.send says
    so and rendered inline in Jupyter.

    Arguments as head_view's; include_layers and include_heads keep those
    layers and heads, in that order, and the file records their own numbers.
    An encoder-decoder opens on its cross-attention when it is given."""
    _check_html_action(html_action)
    if display_mode not in ("dark", "light"):
        raise ValueError(f'display_mode is {display_mode!r}: use "dark" or "light"')
    figure = build("model_view", attention=attention, tokens=tokens,
                   encoder_attention=encoder_attention, decoder_attention=decoder_attention,
                   cross_attention=cross_attention, encoder_tokens=encoder_tokens,
                   decoder_tokens=decoder_tokens, view="grid", theme=display_mode,
                   include_layers=include_layers, include_heads=include_heads,
                   batch=batch, extra=_extra(sentence_b_start))
    return deliver(figure)
