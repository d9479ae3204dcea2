# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 The Attention Lab authors
"""Talking to the program's window, and starting it when there is none.

A running window listens on a local socket: ATTENTION_LAB_SOCKET, else
attention-lab.socket in $XDG_RUNTIME_DIR (or /tmp/runtime-USER, Qt's
fallback). The client sends one line of UTF-8 JSON, {"open": "/abs/path"} or
{"status": true}, and reads one line back: {"ok": true, "opened": path},
{"ok": false, "error": "..."} or, for status, {"ok": true, "pid": N,
"file": path, "tab": "model"|"attention"}. Before connecting the socket is
checked: it must be a socket, be the user's own and be open to nobody else,
in a folder open to nobody else."""

import getpass
import json
import os
import socket
import stat
import subprocess
import time

from .settings import config

__all__ = ["WindowError", "socket_path", "check_socket", "request", "status", "send_file",
           "start_program"]

TIMEOUT = 5.0
_MAX_ANSWER = 1 << 20

# The program started last, and when: a second file sent while it is still
# starting waits for its socket rather than starting another.
_started = None


class WindowError(RuntimeError):
    """The window's socket is not safe to use, or the window refused or did
    not answer."""


def socket_path():
    """The window's socket: ATTENTION_LAB_SOCKET, else attention-lab.socket in
    $XDG_RUNTIME_DIR, else in /tmp/runtime-USER (Qt's fallback)."""
    explicit = os.environ.get("ATTENTION_LAB_SOCKET")
    if explicit:
        return explicit
    runtime = os.environ.get("XDG_RUNTIME_DIR") or "/tmp/runtime-" + getpass.getuser()
    return os.path.join(runtime, "attention-lab.socket")


def check_socket(path):
    """Refuse (WindowError) a socket that is not one, is another user's, or
    is open to others, or sits in a folder open to others. Raises
    FileNotFoundError when there is no socket."""
    info = os.stat(path)
    if not stat.S_ISSOCK(info.st_mode):
        raise WindowError(f"{path} is not a socket: not sending to it")
    uid = os.getuid()
    if info.st_uid != uid:
        raise WindowError(f"{path} belongs to uid {info.st_uid}, not to you (uid {uid}): "
                          "not sending to it")
    if info.st_mode & 0o077:
        raise WindowError(f"{path} is open to other users (mode "
                          f"{stat.S_IMODE(info.st_mode):04o}): not sending to it")
    folder = os.path.dirname(os.path.abspath(path))
    folder_mode = stat.S_IMODE(os.stat(folder).st_mode)
    if folder_mode & 0o077:
        raise WindowError(f"{folder}, the folder of the window's socket, is open to other users "
                          f"(mode {folder_mode:04o}): not sending to it")


def request(message, *, timeout=TIMEOUT):
    """Send `message` (a dict) to the running window and return its answer (a
    dict), or None when no window listens (no socket, or a socket nobody
    listens on)."""
    path = socket_path()
    try:
        check_socket(path)
    except FileNotFoundError:
        return None
    except OSError as error:
        raise WindowError(f"cannot check the window's socket {path}: {error}") from None
    line = (json.dumps(message, ensure_ascii=False) + "\n").encode("utf-8")
    connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    connection.settimeout(timeout)
    try:
        try:
            connection.connect(path)
        except (ConnectionRefusedError, FileNotFoundError):
            return None
        connection.sendall(line)
        answer = bytearray()
        while b"\n" not in answer:
            chunk = connection.recv(65536)
            if not chunk:
                break
            answer += chunk
            if len(answer) > _MAX_ANSWER:
                raise WindowError("the window's answer is longer than 1 MiB")
    except socket.timeout:
        raise WindowError(f"the window at {path} did not answer in {timeout:g} s") from None
    except OSError as error:
        raise WindowError(f"could not talk to the window at {path}: {error}") from None
    finally:
        connection.close()
    text = bytes(answer).split(b"\n", 1)[0].decode("utf-8", "replace").strip()
    if not text:
        raise WindowError(f"the window at {path} closed the connection without answering")
    try:
        reply = json.loads(text)
    except ValueError:
        raise WindowError(f"the window at {path} answered something that is not JSON: "
                          f"{text[:200]}") from None
    if not isinstance(reply, dict):
        raise WindowError(f"the window at {path} answered {text[:200]}, not a JSON object")
    return reply


def status():
    """The running window's status ({"ok": true, "pid": N, "file": ...,
    "tab": ...}), or None when there is no window."""
    return request({"status": True})


def start_program(path):
    """Start the program, detached, on `path`; returns the Popen."""
    global _started
    process = subprocess.Popen([config.binary, path], start_new_session=True,
                               stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, close_fds=True)
    _started = (process, time.monotonic())
    return process


def _wait_for_starting_window(message, seconds=5.0):
    """When the program started last is still starting, wait for its socket and
    send `message` to it; None when there is no such program or it never
    answered."""
    if _started is None:
        return None
    process, when = _started
    if time.monotonic() - when > 20.0:
        return None
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if process.poll() is not None:
                return None
        except Exception:
            return None
        time.sleep(0.1)
        answer = request(message)
        if answer is not None:
            return answer
    return None


def send_file(path):
    """Open `path` (an attention file, a session or a model's folder) in the
    program's window: sent to the running window when one answers, else the
    program is started on it, detached. Returns the window's answer, or
    {"ok": True, "opened": path, "started": pid} when it was started.

    Raises ValueError when `path` is neither a file nor a folder (before any
    connection) and WindowError when the socket is unsafe or the window
    refuses."""
    path = os.path.abspath(os.fspath(path))
    if not os.path.exists(path):
        raise ValueError(f"{path} does not exist")
    if not (os.path.isfile(path) or os.path.isdir(path)):
        raise ValueError(f"{path} is neither a file nor a folder")
    message = {"open": path}
    answer = request(message)
    if answer is None:
        answer = _wait_for_starting_window(message)
    if answer is None:
        process = start_program(path)
        return {"ok": True, "opened": path, "started": process.pid}
    if not answer.get("ok"):
        error = answer.get("error") or "no reason given"
        raise WindowError(f"the window did not open {path}: {error}")
    return answer
