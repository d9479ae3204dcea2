# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 The Attention Lab authors
"""The package's few settings: attention_lab.config."""

import os

from .binary import find_binary

__all__ = ["Settings", "config"]

_SEND_VALUES = ("auto", True, False)
_ENV_TRUE = ("1", "true", "yes", "on")
_ENV_FALSE = ("0", "false", "no", "off")


class Settings:
    """attention_lab.config: whether the calls send their figures to the
    window, which program they use, and how many sent files are kept.

    send    "auto" (the default: send when the environment has a display,
            DISPLAY or WAYLAND_DISPLAY set, and not when it has none), True
            or False. ATTENTION_LAB_SEND=0 or 1 in the environment overrides
            the default; a value set here overrides both. Set it to None to
            go back to the default.
    binary  the attention-lab program: set here, else ATTENTION_LAB_BINARY,
            else attention-lab on the PATH. Reading it raises
            ProgramNotFoundError when there is none.
    keep    how many sent files the cache folder keeps (20).
    """

    def __init__(self):
        self._send = None
        self._binary = None
        self.keep = 20

    # -- send ---------------------------------------------------------------
    @property
    def send(self):
        if self._send is not None:
            return self._send
        env = os.environ.get("ATTENTION_LAB_SEND", "").strip().lower()
        if env in _ENV_TRUE:
            return True
        if env in _ENV_FALSE:
            return False
        return "auto"

    @send.setter
    def send(self, value):
        if value is None:
            self._send = None
            return
        if isinstance(value, str):
            value = value.strip().lower()
            if value != "auto":
                raise ValueError(f'config.send is "{value}": use "auto", True or False')
        elif value not in (True, False):
            raise ValueError(f'config.send is {value!r}: use "auto", True or False')
        self._send = value if value == "auto" else bool(value)

    def sends(self):
        """Whether a call sends its figure to the window now."""
        value = self.send
        if value == "auto":
            return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
        return bool(value)

    # -- binary -------------------------------------------------------------
    @property
    def binary(self):
        return find_binary(self._binary)

    @binary.setter
    def binary(self, value):
        self._binary = os.fspath(value) if value is not None else None

    # -- folders ------------------------------------------------------------
    @property
    def sent_folder(self):
        """Where the calls write the files they send:
        $XDG_CACHE_HOME/attention-lab/sent (~/.cache/attention-lab/sent)."""
        from .files import sent_folder
        return sent_folder()

    @property
    def socket(self):
        """The window's socket (see attention_lab.window.socket_path)."""
        from .window import socket_path
        return socket_path()

    def __repr__(self):
        try:
            binary = self.binary
        except FileNotFoundError:
            binary = None
        return (f"<attention_lab.config send={self.send!r} binary={binary!r} "
                f"keep={self.keep} sent_folder={self.sent_folder!r}>")


config = Settings()
