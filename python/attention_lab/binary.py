# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 The Attention Lab authors
"""Finding the program: ATTENTION_LAB_BINARY, else attention-lab on the PATH."""

import os
import shutil

__all__ = ["ProgramNotFoundError", "find_binary", "MISSING"]

MISSING = ("attention-lab is not installed: apt install ./attention-lab_*.deb, "
           "or set ATTENTION_LAB_BINARY")


class ProgramNotFoundError(FileNotFoundError):
    """The program is not installed, or ATTENTION_LAB_BINARY names no program."""


def _runnable(path):
    return os.path.isfile(path) and os.access(path, os.X_OK)


def find_binary(explicit=None):
    """The absolute path of the attention-lab program.

    `explicit` (attention_lab.config.binary when set) first, then the
    environment's ATTENTION_LAB_BINARY, then attention-lab on the PATH; each
    may be a path or a name on the PATH. Raises ProgramNotFoundError, in one
    line, when none gives a program that can be run."""
    for value, where in ((explicit, "attention_lab.config.binary"),
                         (os.environ.get("ATTENTION_LAB_BINARY"), "ATTENTION_LAB_BINARY")):
        if not value:
            continue
        path = os.path.expanduser(os.fspath(value))
        if _runnable(path):
            return os.path.abspath(path)
        found = shutil.which(path) if os.sep not in path else None
        if found:
            return os.path.abspath(found)
        raise ProgramNotFoundError(
            f"{where} is {value!s}, which is not a program that can be run: {MISSING}")
    found = shutil.which("attention-lab")
    if found:
        return os.path.abspath(found)
    raise ProgramNotFoundError(MISSING)
