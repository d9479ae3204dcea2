# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 The Attention Lab authors
"""Rendering through the program's own headless export (Qt's offscreen
platform), so that a notebook on a server with no display shows figures."""

import os
import subprocess

__all__ = ["RenderError", "export"]

TIMEOUT = 300


class RenderError(RuntimeError):
    """The program's export refused or failed; its message, in one line."""


def export(binary, source, out, *, view, layer, head, theme, width, height, set=None,
           title=None, scale=None):
    """Run `attention-lab export SOURCE -o OUT ...` on the offscreen platform.
    The format is OUT's extension (.png, .svg or .pdf); a PNG is exactly
    width x height, or the view's own size (times `scale`) when they are None."""
    command = [binary, "export", os.fspath(source), "-o", os.fspath(out),
               "--view", view, "--layer", str(layer), "--head", str(head), "--theme", theme]
    # Without a size, the view's own (the grid's: as tall as its rows need).
    if width is not None and height is not None:
        command += ["--width", str(int(width)), "--height", str(int(height))]
    elif scale is not None:
        command += ["--scale", repr(float(scale))]
    if set is not None:
        command += ["--set", set]
    if title:
        command += ["--title", str(title)]
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    try:
        done = subprocess.run(command, env=env, stdin=subprocess.DEVNULL,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              timeout=TIMEOUT, check=False)
    except subprocess.TimeoutExpired:
        raise RenderError(f"attention-lab export took more than {TIMEOUT} s") from None
    if done.returncode != 0:
        lines = done.stderr.decode("utf-8", "replace").strip().splitlines()
        message = lines[-1] if lines else f"exit status {done.returncode}"
        if message.startswith("attention-lab: "):
            message = message[len("attention-lab: "):]
        raise RenderError(f"attention-lab export failed: {message}")


def png_size(data):
    """(width, height) of PNG bytes, from their IHDR chunk."""
    if data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        raise RenderError("attention-lab export wrote something other than a PNG")
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
