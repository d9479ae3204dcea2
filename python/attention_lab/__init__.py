# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 The Attention Lab authors
"""Attention Lab from Python: open the attention you have in the program.

    import attention_lab as al
    al.show(outputs.attentions, tokens)           # any attention: the grid
    al.head_view(outputs.attentions, tokens)      # BertViz's calls
    al.model_view(outputs.attentions, tokens)
    al.attention_heads(pattern, str_tokens)       # CircuitsVis's
    al.attention(outputs.attentions, tokens)      # Inspectus's

Every call returns an AttentionFigure, which renders inline in Jupyter
(through the program's headless export) and is sent to the program's window
when attention_lab.config.send says so ("auto": when there is a display).
numpy is the one dependency; torch tensors are read when given."""

from .bertviz import head_view, model_view
from .binary import ProgramNotFoundError
from .calls import show
from .circuitsvis import attention_heads, attention_pattern, attention_patterns
from .figure import AttentionFigure
from .inspectus import attention
from .render import RenderError
from .settings import config
from .window import WindowError, send_file

__version__ = "0.1.0"

__all__ = [
    "show", "head_view", "model_view", "attention_heads", "attention_patterns",
    "attention_pattern", "attention", "AttentionFigure", "send_file", "config",
    "WindowError", "ProgramNotFoundError", "RenderError", "__version__",
]
