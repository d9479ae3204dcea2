# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 The Attention Lab authors
"""AttentionFigure: what every call returns. It holds the attention as the
file will, renders inline in Jupyter through the program's headless export,
saves the .npz and sends it to the window."""

import json
import os
import shutil
import tempfile
import warnings
import weakref

import numpy as np

from . import files, render, window
from .binary import ProgramNotFoundError
from .settings import config

__all__ = ["AttentionFigure", "VIEWS", "THEMES", "SETS"]

VIEWS = ("head", "grid")
THEMES = ("light", "dark")
SETS = ("encoder", "decoder", "cross")
# The head view's inline size; the grid's is the program's own (its width,
# and as tall as its rows need: tensorFigureDefaultSize), known once drawn.
DEFAULT_SIZE = {"head": (900, 600)}
# Inline, the grid's own size at this scale (a cell's width, not a page's).
INLINE_GRID_SCALE = 0.7
MAX_SIZE = 16384

_MEMBER = {"encoder": "encoder_attentions", "decoder": "decoder_attentions",
           "cross": "cross_attentions"}


def _count(n, word):
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _strings(values):
    return np.array([str(v) for v in values], dtype=str) if values else np.array([], dtype="<U1")


class AttentionFigure:
    """One attention (or an encoder-decoder's three) and how to show it.

    Attributes, all settable:
        view    "head" (one head large) or "grid" (every head)
        layer   the layer shown, from 0, in what the figure holds
        head    the head shown, from 0, in what the figure holds
        theme   "light" or "dark"
        set     an encoder-decoder's attention shown: "encoder", "decoder" or
                "cross" (None for one attention)
        name    the title, or None
        width, height   the inline rendering's size in pixels (900 x 600 for
                the head view; the grid the program's own size at 0.7, as
                tall as its rows need, unless set: None until drawn)
    Read-only: path (the .npz last written, None until saved or sent), kind
    (the call that made it), shape ([L, H, Q, K] of what is shown), tokens,
    query_tokens, hint (the JSON the file's `view` member holds).

    In Jupyter it renders inline (PNG and SVG from `attention-lab export` on
    the offscreen platform). .open() sends it to the window, .save(path)
    writes the .npz."""

    def __init__(self, kind, *, attentions=None, tokens=None, query_tokens=None,
                 sets=None, encoder_tokens=None, decoder_tokens=None,
                 view="grid", layer=0, head=0, theme="light", set=None, name=None,
                 extra=None, width=None, height=None):
        self.kind = kind
        members = {}
        shapes = {}
        if sets is None:
            if attentions is None:
                raise ValueError("a figure needs an attention")
            members["attentions"] = attentions
            shapes[None] = attentions.shape
            if tokens is not None:
                members["tokens"] = _strings(tokens)
            if query_tokens is not None:
                members["query_tokens"] = _strings(query_tokens)
            self._tokens = tokens
            self._query_tokens = query_tokens
        else:
            for which in SETS:
                if sets.get(which) is not None:
                    members[_MEMBER[which]] = sets[which]
                    shapes[which] = sets[which].shape
            if encoder_tokens is not None:
                members["encoder_tokens"] = _strings(encoder_tokens)
            if decoder_tokens is not None:
                members["decoder_tokens"] = _strings(decoder_tokens)
            self._tokens = None
            self._query_tokens = None
        self._encoder_tokens = encoder_tokens
        self._decoder_tokens = decoder_tokens
        self._members = members
        self._shapes = shapes
        self._extra = dict(extra or {})
        self.view = view
        self.layer = layer
        self.head = head
        self.theme = theme
        self.set = set
        self.name = name
        self._width = None
        self._height = None
        self._drawn = {}       # the view's own size, once drawn: view -> (width, height)
        if width is not None or height is not None:
            if (width is None or height is None) and view not in DEFAULT_SIZE:
                raise ValueError("give width and height together, or neither for the "
                                 "grid's own size")
            self.resize(width if width is not None else self.width,
                        height if height is not None else self.height)
        self.path = None
        self._files = {}       # path -> (hint written, size, mtime_ns)
        self._renders = {}     # (format, size, view, layer, head, theme, set, name) -> data or error
        self._warned = []      # the rendering failures said, each once
        self._sent = None      # "window", "started" or None
        self._answer = None
        self._scratch = None   # a private folder for rendering
        self._check()

    # -- what it holds -------------------------------------------------------
    @property
    def sets(self):
        """The encoder-decoder's sets held, in order (empty for one attention)."""
        return [s for s in SETS if s in self._shapes]

    @property
    def shape(self):
        """[L, H, Q, K] of the attention shown."""
        if None in self._shapes:
            return tuple(self._shapes[None])
        if self.set not in self._shapes:
            raise ValueError(f"set is {self.set!r}: the figure holds {', '.join(self.sets)}")
        return tuple(self._shapes[self.set])

    @property
    def attention(self):
        """The attention shown, [L, H, Q, K] (read-only)."""
        if None in self._shapes:
            array = self._members["attentions"]
        else:
            array = self._members[_MEMBER[self.set]]
        view = array.view()
        view.flags.writeable = False
        return view

    @property
    def tokens(self):
        """The key tokens of the attention shown (None when none were given)."""
        if None in self._shapes:
            return self._tokens
        return self._encoder_tokens if self.set in ("encoder", "cross") else self._decoder_tokens

    @property
    def query_tokens(self):
        """The query tokens of the attention shown (None when none were given)."""
        if None in self._shapes:
            return self._query_tokens if self._query_tokens is not None else self._tokens
        return self._encoder_tokens if self.set == "encoder" else self._decoder_tokens

    def _default_size(self):
        """The head view's 900 x 600; the grid's own size as the program
        drew it last ((None, None) before it has been drawn)."""
        if self.view in DEFAULT_SIZE:
            return DEFAULT_SIZE[self.view]
        return self._drawn.get(self._own_key(), (None, None))

    def _own_key(self):
        return (self.view, self.set, self.theme, self.name)

    @property
    def width(self):
        return self._width if self._width is not None else self._default_size()[0]

    @width.setter
    def width(self, value):
        self.resize(value, self._other("height", self.height))

    @property
    def height(self):
        return self._height if self._height is not None else self._default_size()[1]

    @height.setter
    def height(self, value):
        self.resize(self._other("width", self.width), value)

    @staticmethod
    def _other(label, value):
        if value is None:
            raise ValueError(f"the grid has no {label} of its own until drawn: "
                             "give both with resize(width, height)")
        return value

    def resize(self, width, height):
        """Set the inline rendering's size in pixels; returns the figure."""
        for label, value in (("width", width), ("height", height)):
            if isinstance(value, bool) or not isinstance(value, (int, np.integer)) \
                    or not 1 <= value <= MAX_SIZE:
                raise ValueError(f"{label} is {value!r}: a whole number of pixels, 1 to {MAX_SIZE}")
        self._width, self._height = int(width), int(height)
        return self

    # -- state ---------------------------------------------------------------
    def _check(self):
        """Refuse, in one line, a view, theme, set, layer or head that is not."""
        if self.view not in VIEWS:
            raise ValueError(f'view is {self.view!r}: use "head" or "grid"')
        if self.theme not in THEMES:
            raise ValueError(f'theme is {self.theme!r}: use "light" or "dark"')
        if None in self._shapes:
            if self.set is not None:
                raise ValueError(f"set is {self.set!r}, but the figure holds one attention, "
                                 "not an encoder-decoder's")
        elif self.set not in self._shapes:
            raise ValueError(f"set is {self.set!r}: the figure holds {', '.join(self.sets)}")
        layers, heads = self.shape[0], self.shape[1]
        for label, value, count in (("layer", self.layer, layers), ("head", self.head, heads)):
            if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
                raise ValueError(f"{label} is {value!r}: a whole number from 0")
            if not 0 <= value < count:
                raise ValueError(f"{label} {value} is out of range: the figure shows "
                                 f"{_count(count, label)} (0 to {count - 1})")

    @property
    def hint(self):
        """What the file's `view` member holds: how the window opens it."""
        self._check()
        hint = {"view": self.view, "layer": int(self.layer), "head": int(self.head),
                "theme": self.theme}
        if self.set is not None:
            hint["set"] = self.set
        hint["title"] = self.name
        hint.update(self._extra)
        return hint

    def _members_to_write(self):
        hint = self.hint
        members = dict(self._members)
        members["view"] = np.array(json.dumps(hint, ensure_ascii=False))
        return members, json.dumps(hint, sort_keys=True)

    def _record(self, path, state):
        info = os.stat(path)
        self._files[path] = (state, info.st_size, info.st_mtime_ns)
        self.path = path

    def _unchanged(self, path):
        """Whether `path` is still the file this figure wrote there."""
        entry = self._files.get(path)
        if entry is None:
            return False
        try:
            info = os.stat(path)
        except OSError:
            return False
        return (info.st_size, info.st_mtime_ns) == entry[1:]

    # -- files ---------------------------------------------------------------
    def save(self, path):
        """Write the .npz (the attention, its tokens and the `view` member) to
        `path`, exactly that name, atomically; returns its absolute path."""
        members, state = self._members_to_write()
        written = files.write_npz(path, members)
        self._record(written, state)
        return written

    def _file_to_send(self):
        """The file last written when it still holds this state, else a new
        one in the sent folder."""
        members, state = self._members_to_write()
        if self.path is not None and self._unchanged(self.path) \
                and self._files[self.path][0] == state:
            return self.path
        written = files.write_sent(self.kind, members, keep=config.keep)
        self._record(written, state)
        return written

    def open(self):
        """Open the figure in the program's window: its .npz is written to the
        sent folder (unless it was just written) and sent to the running
        window, or the program is started on it. Returns the figure."""
        path = self._file_to_send()
        answer = window.send_file(path)
        self._sent = "started" if "started" in answer else "window"
        self._answer = answer
        return self

    def _scratch_folder(self):
        """A private folder for rendering, removed with the figure."""
        if self._scratch is None:
            self._scratch = tempfile.mkdtemp(prefix="attention-lab-")
            weakref.finalize(self, shutil.rmtree, self._scratch, True)
        return self._scratch

    def _source(self):
        """A file holding this figure's attention, for the export."""
        for path in list(self._files):
            if self._unchanged(path):
                return path
        path = os.path.join(self._scratch_folder(), "figure.npz")
        members, state = self._members_to_write()
        files.write_npz(path, members)
        info = os.stat(path)
        self._files[path] = (state, info.st_size, info.st_mtime_ns)
        return path

    # -- rendering -----------------------------------------------------------
    def export(self, path, *, width=None, height=None):
        """Write the figure as a PNG, SVG or PDF (by `path`'s extension)
        through the program's headless export; returns the absolute path."""
        self._check()
        path = os.path.abspath(os.fspath(path))
        render.export(config.binary, self._source(), path, view=self.view, layer=self.layer,
                      head=self.head, theme=self.theme,
                      width=width or self._width or DEFAULT_SIZE.get(self.view, (None,))[0],
                      height=height or self._height
                      or DEFAULT_SIZE.get(self.view, (None, None))[1],
                      set=self.set, title=self.name)
        return path

    def _render(self, fmt):
        self._check()
        # Unset, the grid is the program's own size: the key says so.
        width, height = (self._width, self._height) if self._width is not None \
            else DEFAULT_SIZE.get(self.view, (None, None))
        key = (fmt, width, height, self.view, int(self.layer), int(self.head),
               self.theme, self.set, self.name)
        cached = self._renders.get(key)
        if isinstance(cached, Exception):
            raise cached
        if cached is not None:
            return cached
        try:
            binary = config.binary
            source = self._source()
            out = os.path.join(self._scratch_folder(), f"render.{fmt}")
            render.export(binary, source, out, view=self.view, layer=self.layer, head=self.head,
                          theme=self.theme, width=width, height=height,
                          set=self.set, title=self.name,
                          scale=INLINE_GRID_SCALE if width is None else None)
            with open(out, "rb") as handle:
                data = handle.read()
            os.unlink(out)
            if fmt == "png" and width is None:
                self._drawn[self._own_key()] = render.png_size(data)
        except (render.RenderError, ProgramNotFoundError) as error:
            self._renders[key] = error
            raise
        self._renders[key] = data
        return data

    def png(self):
        """The figure as PNG bytes, exactly width x height."""
        return self._render("png")

    def svg(self):
        """The figure as SVG text."""
        return self._render("svg").decode("utf-8")

    def _quietly(self, make):
        try:
            return make()
        except (render.RenderError, OSError, ValueError) as error:
            if str(error) not in self._warned:
                self._warned.append(str(error))
                warnings.warn(f"attention_lab: the figure was not rendered: {error}",
                              stacklevel=3)
            return None

    def _repr_png_(self):
        return self._quietly(self.png)

    def _repr_svg_(self):
        return self._quietly(self.svg)

    def _repr_mimebundle_(self, include=None, exclude=None):
        bundle = {}
        for mime, make in (("image/png", self.png), ("image/svg+xml", self.svg)):
            if include and mime not in include:
                continue
            if exclude and mime in exclude:
                continue
            data = self._quietly(make)
            if data is not None:
                bundle[mime] = data
        return bundle

    def __repr__(self):
        try:
            layers, heads, queries, keys = self.shape
        except ValueError as error:
            return f"<AttentionFigure {self.kind}: {error}>"
        size = f"{_count(layers, 'layer')} x {_count(heads, 'head')}, "
        if self.set == "cross":
            size = f"cross-attention, {size}{queries} target x {keys} source tokens"
        elif queries == keys:
            size = (f"{self.set} attention, " if self.set else "") + size + _count(keys, "token")
        else:
            size += f"{_count(queries, 'query')} x {_count(keys, 'key')}".replace("querys",
                                                                                  "queries")
        if self._sent == "window":
            where = "sent to the window"
        elif self._sent == "started":
            where = "opened in a new window"
        elif self.path is not None:
            where = f"saved as {self.path}"
        else:
            where = "not sent"
        return f"<AttentionFigure {self.kind}: {size}, {where}>"
