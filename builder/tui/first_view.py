"""A roster's first view, ready when the first frame is drawn: kept from last time, or worked out alongside.

A roster opened before starts on its kept view (`builder.tui.view`). One opened for the first time has none,
and working one out needs pydantic, the roster models and the rules: about as long as loading Textual. So
where the system can fork, a child process works it out on another core while this one loads Textual, sends
it back through a pipe and keeps it for next time. If anything goes wrong there (an unreadable roster, no
fork, other threads running) the builder opens the roster itself, as it always could, with the same errors.
"""

from __future__ import annotations

import os
import pickle
import select
import signal
import threading
import time
from pathlib import Path
from typing import Callable

from builder.tui.view import EditorView, cached_view, keep_view, view_of

PATIENCE = 10.0
"""Seconds to wait for the child before opening the roster here instead."""

FirstView = Callable[[], "EditorView | None"]
"""Gives the first view (waiting for the child if need be), or None: open the roster in this process."""


def begin(roster_path: Path) -> FirstView:
    """Start getting the roster's first view: the kept one if still good, else one a forked child works out."""
    if (kept := cached_view(roster_path)) is not None:
        return lambda: kept
    if not hasattr(os, "fork") or threading.active_count() > 1:
        return lambda: None  # forking with other threads running could leave the child stuck on their locks
    read_end, write_end = os.pipe()
    try:
        pid = os.fork()
    except OSError:  # no room for another process: open the roster here
        os.close(read_end)
        os.close(write_end)
        return lambda: None
    if pid == 0:
        _child(roster_path, read_end, write_end)
    os.close(write_end)
    return lambda: _receive(pid, read_end)


def work_out(roster_path: Path) -> EditorView:
    """Read and check the roster and make its view, as the editor would, and keep it for the next start."""
    from builder.rules import validate
    from builder.tui.games import EDITORS
    from exports.roster_file import read_roster

    loaded = read_roster(roster_path)
    adapter = EDITORS[loaded.roster.game].adapter_class()(loaded.catalogue)
    view = view_of(loaded.roster, validate(loaded.roster, loaded.catalogue), adapter)
    keep_view(roster_path, loaded.catalogue.path, view)
    return view


def _child(roster_path: Path, read_end: int, write_end: int) -> None:
    """The forked child: send the pickled view, or nothing at all on any failure; never return."""
    code = 1
    try:
        os.close(read_end)
        quiet = os.open(os.devnull, os.O_RDWR)
        for fd in (0, 1, 2):
            os.dup2(quiet, fd)  # the terminal belongs to the parent
        data = memoryview(pickle.dumps(work_out(roster_path)))
        while data:
            data = data[os.write(write_end, data):]
        code = 0
    except BaseException:  # whatever it was, the parent opens the roster itself and reports it
        pass
    finally:
        os._exit(code)


def _receive(pid: int, read_end: int) -> EditorView | None:
    """The child's view once it is done; None if it failed, sent something that is not a view, or was not done
    within PATIENCE seconds (then it is stopped: a stuck child must not keep the builder from starting)."""
    chunks, deadline = [], time.monotonic() + PATIENCE
    try:
        while select.select([read_end], [], [], max(0.0, deadline - time.monotonic()))[0]:
            if not (chunk := os.read(read_end, 1 << 16)):
                break
            chunks.append(chunk)
        else:
            os.kill(pid, signal.SIGKILL)
    finally:
        os.close(read_end)
        _, status = os.waitpid(pid, 0)
    if not os.WIFEXITED(status) or os.WEXITSTATUS(status) != 0:
        return None
    try:
        view = pickle.loads(b"".join(chunks))
    except Exception:  # a cut-short pipe: open the roster here
        return None
    return view if isinstance(view, EditorView) else None
