# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 The Attention Lab authors
"""Writing the .npz files: atomically, uncompressed, and the folder of sent
files with its newest few kept."""

import os
import secrets
import time

import numpy as np

__all__ = ["write_npz", "sent_folder", "write_sent", "prune"]


def write_npz(path, members):
    """Write `members` (name -> array) to `path` as np.savez does, uncompressed.

    The file is written under a temporary name in the same folder and renamed
    over `path`, so a reader never sees it half written. The name is kept as
    given: no ".npz" is added. Returns the absolute path."""
    path = os.path.abspath(os.fspath(path))
    folder, base = os.path.split(path)
    temporary = os.path.join(folder, f".{base}.{os.getpid()}.{secrets.token_hex(3)}.tmp")
    try:
        with open(temporary, "wb") as handle:
            np.savez(handle, **members)
        os.replace(temporary, path)
    except BaseException:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise
    return path


def sent_folder():
    """$XDG_CACHE_HOME/attention-lab/sent, or ~/.cache/attention-lab/sent
    when XDG_CACHE_HOME is unset or not absolute (as the XDG spec asks)."""
    base = os.environ.get("XDG_CACHE_HOME", "")
    if not os.path.isabs(base):
        base = os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "attention-lab", "sent")


def write_sent(kind, members, keep=20):
    """Write a file to send into the sent folder, named like
    head_view-20261206-121530-1a2b3c.npz, and delete all but the `keep`
    newest files there. Returns its absolute path."""
    folder = sent_folder()
    os.makedirs(folder, mode=0o700, exist_ok=True)
    name = f"{kind}-{time.strftime('%Y%m%d-%H%M%S')}-{secrets.token_hex(3)}.npz"
    path = write_npz(os.path.join(folder, name), members)
    prune(folder, keep, spare=path)
    return path


def prune(folder, keep, spare=None):
    """Delete all but the `keep` newest .npz files of `folder` (never `spare`,
    never another writer's temporary file)."""
    try:
        entries = [e for e in os.scandir(folder)
                   if e.name.endswith(".npz") and not e.name.startswith(".")
                   and e.is_file(follow_symlinks=False)]
    except OSError:
        return
    dated = []
    for entry in entries:
        try:
            dated.append((entry.stat(follow_symlinks=False).st_mtime_ns, entry.name, entry.path))
        except OSError:
            continue
    dated.sort(reverse=True)
    for _, _, path in dated[max(int(keep), 1):]:
        if spare is not None and path == spare:
            continue
        try:
            os.unlink(path)
        except OSError:
            pass
