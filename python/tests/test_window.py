# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 The Attention Lab authors
"""Sending to the window: the socket's checks, the one-line JSON protocol
against a fake window, starting the program when none listens, config.send
and the folder of sent files."""

import json
import os
import re
import socket
import subprocess
import threading

import numpy as np
import pytest

import attention_lab as al
from attention_lab import files, window
from conftest import read_npz, softmax


class FakeWindow:
    """A window as the protocol has it: a thread listening on a Unix socket,
    reading one JSON line per connection and answering one."""

    def __init__(self, path, answer=None):
        self.path = str(path)
        self.received = []
        self.answer = answer
        self.server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.server.bind(self.path)
        os.chmod(self.path, 0o600)
        self.server.listen(4)
        self.server.settimeout(10)
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self):
        while True:
            try:
                connection, _ = self.server.accept()
            except OSError:
                return
            with connection:
                data = b""
                while not data.endswith(b"\n"):
                    chunk = connection.recv(4096)
                    if not chunk:
                        break
                    data += chunk
                message = json.loads(data.decode("utf-8"))
                self.received.append(message)
                if self.answer is not None:
                    reply = self.answer(message)
                elif "open" in message:
                    reply = {"ok": True, "opened": message["open"]}
                else:
                    reply = {"ok": True, "pid": 4242, "file": "", "tab": "model"}
                connection.sendall((json.dumps(reply) + "\n").encode("utf-8"))

    def close(self):
        self.server.close()


@pytest.fixture
def folder(tmp_path):
    """A folder for the socket, open to its owner only, as XDG_RUNTIME_DIR is."""
    path = tmp_path / "run"
    path.mkdir(mode=0o700)
    os.chmod(path, 0o700)
    return path


@pytest.fixture
def fake_window(folder, monkeypatch):
    monkeypatch.setenv("ATTENTION_LAB_SOCKET", str(folder / "attention-lab.socket"))
    server = FakeWindow(folder / "attention-lab.socket")
    yield server
    server.close()


@pytest.fixture
def started(monkeypatch, tmp_path):
    """subprocess.Popen recorded instead of run; a stand-in program."""
    program = tmp_path / "attention-lab"
    program.write_text("#!/bin/sh\nexit 0\n")
    program.chmod(0o755)
    monkeypatch.setenv("ATTENTION_LAB_BINARY", str(program))
    calls = []

    class Process:
        pid = 31337

        def poll(self):
            return 0

    def popen(args, **kwargs):
        calls.append((list(args), kwargs))
        return Process()

    monkeypatch.setattr(subprocess, "Popen", popen)
    return calls


@pytest.fixture
def attention_file(tmp_path, rng):
    return al.show(softmax(rng, (2, 2, 5, 5))).save(tmp_path / "attention.npz")


# -- the socket's path ----------------------------------------------------------

def test_socket_path(monkeypatch):
    monkeypatch.setenv("ATTENTION_LAB_SOCKET", "/somewhere/else.socket")
    assert window.socket_path() == "/somewhere/else.socket"
    monkeypatch.delenv("ATTENTION_LAB_SOCKET")
    monkeypatch.setenv("XDG_RUNTIME_DIR", "/run/user/1000")
    assert window.socket_path() == "/run/user/1000/attention-lab.socket"
    monkeypatch.delenv("XDG_RUNTIME_DIR")
    monkeypatch.setattr(window.getpass, "getuser", lambda: "ada")
    assert window.socket_path() == "/tmp/runtime-ada/attention-lab.socket"


# -- a live window -------------------------------------------------------------

def test_a_live_window_receives_the_absolute_path(fake_window, attention_file, started,
                                                  monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    answer = al.send_file("attention.npz")
    assert fake_window.received == [{"open": attention_file}]
    assert answer == {"ok": True, "opened": attention_file}
    assert started == []


def test_a_model_folder_is_sent_too(fake_window, tmp_path, started):
    model = tmp_path / "gpt2"
    model.mkdir()
    al.send_file(model)
    assert fake_window.received == [{"open": str(model)}]


def test_the_window_refusing_is_an_error(folder, monkeypatch, attention_file):
    monkeypatch.setenv("ATTENTION_LAB_SOCKET", str(folder / "s"))
    server = FakeWindow(folder / "s", answer=lambda m: {"ok": False, "error": "not an npz"})
    try:
        with pytest.raises(al.WindowError, match="did not open .*: not an npz$"):
            al.send_file(attention_file)
    finally:
        server.close()


def test_status(fake_window):
    assert window.status() == {"ok": True, "pid": 4242, "file": "", "tab": "model"}
    assert fake_window.received == [{"status": True}]


# -- no window -----------------------------------------------------------------

def test_a_dead_socket_starts_the_program(folder, monkeypatch, attention_file, started):
    path = folder / "attention-lab.socket"
    dead = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    dead.bind(str(path))
    dead.close()  # the file stays; nobody listens
    os.chmod(path, 0o600)
    monkeypatch.setenv("ATTENTION_LAB_SOCKET", str(path))
    answer = al.send_file(attention_file)
    assert answer == {"ok": True, "opened": attention_file, "started": 31337}
    (args, kwargs), = started
    assert args == [os.environ["ATTENTION_LAB_BINARY"], attention_file]
    assert kwargs["start_new_session"] is True
    assert kwargs["stdout"] is subprocess.DEVNULL and kwargs["stderr"] is subprocess.DEVNULL


def test_no_socket_starts_the_program(attention_file, started):
    al.send_file(attention_file)
    assert [args for args, _ in started] == [[os.environ["ATTENTION_LAB_BINARY"],
                                              attention_file]]


def test_no_program_is_a_clear_error(attention_file, monkeypatch):
    monkeypatch.setenv("PATH", "/nonexistent")
    with pytest.raises(al.ProgramNotFoundError) as refused:
        al.send_file(attention_file)
    assert str(refused.value) == ("attention-lab is not installed: apt install "
                                  "./attention-lab_*.deb, or set ATTENTION_LAB_BINARY")


# -- refusals ------------------------------------------------------------------

def test_neither_file_nor_folder_is_refused_before_connecting(fake_window, tmp_path, started):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    with pytest.raises(ValueError, match="is neither a file nor a folder$"):
        al.send_file(fifo)
    with pytest.raises(ValueError, match="does not exist$"):
        al.send_file(tmp_path / "missing.npz")
    assert fake_window.received == [] and started == []


def test_a_socket_open_to_others_is_refused(fake_window, attention_file, started):
    os.chmod(fake_window.path, 0o666)
    with pytest.raises(al.WindowError, match=r"is open to other users \(mode 0666\)"):
        al.send_file(attention_file)
    assert fake_window.received == [] and started == []


def test_a_socket_of_another_user_is_refused(fake_window, attention_file, started,
                                             monkeypatch):
    uid = os.getuid()
    monkeypatch.setattr(window.os, "getuid", lambda: uid + 1)
    with pytest.raises(al.WindowError, match=f"belongs to uid {uid}, not to you"):
        al.send_file(attention_file)
    assert fake_window.received == [] and started == []


def test_a_socket_in_a_folder_open_to_others_is_refused(fake_window, folder, attention_file,
                                                        started):
    os.chmod(folder, 0o755)
    try:
        with pytest.raises(al.WindowError, match=r"folder of the window's socket, is open to "
                                                 r"other users \(mode 0755\)"):
            al.send_file(attention_file)
    finally:
        os.chmod(folder, 0o700)
    assert fake_window.received == []


def test_what_is_not_a_socket_is_refused(folder, monkeypatch, attention_file, started):
    impostor = folder / "attention-lab.socket"
    impostor.write_text("")
    impostor.chmod(0o600)
    monkeypatch.setenv("ATTENTION_LAB_SOCKET", str(impostor))
    with pytest.raises(al.WindowError, match="is not a socket"):
        al.send_file(attention_file)
    assert started == []


def test_a_window_that_never_answers_times_out(folder, monkeypatch, attention_file):
    path = folder / "silent.socket"
    silent = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    silent.bind(str(path))
    os.chmod(path, 0o600)
    silent.listen(1)
    monkeypatch.setenv("ATTENTION_LAB_SOCKET", str(path))
    try:
        with pytest.raises(al.WindowError, match="did not answer in 0.2 s"):
            window.request({"open": attention_file}, timeout=0.2)
    finally:
        silent.close()


# -- config.send -----------------------------------------------------------------

def test_config_send_default_follows_the_display(monkeypatch):
    monkeypatch.delenv("ATTENTION_LAB_SEND")
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    assert al.config.send == "auto" and not al.config.sends()
    monkeypatch.setenv("WAYLAND_DISPLAY", "wayland-0")
    assert al.config.sends()
    monkeypatch.setenv("ATTENTION_LAB_SEND", "0")
    assert al.config.send is False and not al.config.sends()
    monkeypatch.setenv("ATTENTION_LAB_SEND", "1")
    monkeypatch.delenv("WAYLAND_DISPLAY")
    assert al.config.send is True and al.config.sends()
    al.config.send = False  # set in code, it wins over the environment
    assert not al.config.sends()
    al.config.send = "auto"
    assert not al.config.sends()
    with pytest.raises(ValueError, match="config.send"):
        al.config.send = "sometimes"


def test_calls_send_when_config_says_so(fake_window, rng, tmp_path):
    al.config.send = True
    figure = al.head_view(tuple(softmax(rng, (1, 2, 5, 5)) for _ in range(2)),
                          list("abcde"), layer=1)
    (message,) = fake_window.received
    sent = message["open"]
    folder = os.path.join(str(tmp_path / "cache"), "attention-lab", "sent")
    assert os.path.dirname(sent) == folder
    assert re.fullmatch(r"head_view-\d{8}-\d{6}-[0-9a-f]{6}\.npz", os.path.basename(sent))
    assert figure.path == sent
    members, hint = read_npz(sent)
    assert hint["layer"] == 1 and hint["view"] == "head"
    assert repr(figure).endswith("sent to the window>")
    # Sent again unchanged, the same file goes; changed, a new one.
    figure.open()
    figure.head = 1
    figure.open()
    opened = [m["open"] for m in fake_window.received]
    assert opened[0] == opened[1] != opened[2]
    assert read_npz(opened[2])[1]["head"] == 1


def test_calls_do_not_send_when_config_says_not(fake_window, rng, started):
    al.config.send = False
    al.model_view(tuple(softmax(rng, (1, 2, 5, 5)) for _ in range(2)), list("abcde"))
    assert fake_window.received == [] and started == []


def test_sending_in_auto_that_fails_warns(rng, monkeypatch, tmp_path):
    monkeypatch.setenv("ATTENTION_LAB_SEND", "1")
    monkeypatch.setenv("PATH", "/nonexistent")
    al.config.send = "auto"
    monkeypatch.setenv("DISPLAY", ":0")
    with pytest.warns(UserWarning, match="not sent to the window: attention-lab is not installed"):
        figure = al.show(softmax(rng, (2, 5, 5)))
    assert isinstance(figure, al.AttentionFigure)
    al.config.send = True
    with pytest.raises(al.ProgramNotFoundError):
        al.show(softmax(rng, (2, 5, 5)))


# -- the sent folder ------------------------------------------------------------

def test_the_sent_folder_keeps_the_twenty_newest(tmp_path):
    members = {"attentions": np.full((1, 1, 2, 2), 0.5, dtype=np.float32)}
    paths = []
    for i in range(25):
        path = files.write_sent("show", members)
        os.utime(path, ns=(10**18 + i * 10**9, 10**18 + i * 10**9))
        paths.append(path)
    files.write_sent("show", members)  # prunes, knowing the dates set above
    folder = tmp_path / "cache" / "attention-lab" / "sent"
    assert str(folder) == files.sent_folder()
    left = sorted(str(p) for p in folder.iterdir())
    assert len(left) == 20
    assert set(paths[:6]).isdisjoint(left)
    assert set(paths[6:]) <= set(left)
    assert not [p for p in folder.iterdir() if p.name.startswith(".")]


def test_the_sent_folder_without_xdg_cache_home(monkeypatch, tmp_path):
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert files.sent_folder() == str(tmp_path / "home" / ".cache" / "attention-lab" / "sent")
