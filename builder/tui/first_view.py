"""A roster's first view, ready when the first frame is drawn: kept from last time, or worked out alongside.

A roster opened before starts on its kept view (`builder.tui.view`). One opened for the first time has none,
and working one out needs pydantic, the roster models and the rules: about as long as loading Textual. So
where the system can fork, a child process works it out on another core while this one loads Textual, and
keeps it for next time. Through a pipe it sends the roster's game at once (the editor to build), then the
view, which the editor waits for only when it mounts. If anything goes wrong there (an unreadable roster, no
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

from catalog.games import GAMES
from builder.tui.view import EditorView, cached_view, keep_view, view_of
from catalog.cache import writes_held

PATIENCE = 10.0
"""Seconds to wait for the child before opening the roster here instead."""


class FirstView:
    """A roster's first view as it gets ready: its game first (which editor to build), the view itself when the
    editor mounts, so a child still working does not hold up loading Textual, building the editor or composing it."""

    def __init__(self, kept: EditorView | None = None, child: tuple[int, int] | None = None) -> None:
        """`kept`: a view ready now; `child`: (pid, read end of its pipe); neither: none (open the roster here)."""
        self._view = kept
        self._game = kept.game if kept is not None else None
        self._child = child
        self._received = bytearray()
        self._deadline = time.monotonic() + PATIENCE

    def game(self) -> str | None:
        """The game the view will be for (waiting for the child's first line); None: no view will come."""
        if self._child is not None and self._game is None:
            while b"\n" not in self._received and self._read_more():
                pass
            line, newline, self._received = self._received.partition(b"\n")
            named = line.decode("ascii", "replace") if newline else ""
            self._game = named if named in GAMES else None
            if self._game is None:  # nothing the builder can draw: the roster opens here, the child is not needed
                self._stop()
                self._finish()
        return self._game

    def view(self) -> EditorView | None:
        """The view (waiting for the child to finish), or None if it failed: then the roster opens here."""
        if self._child is not None and self.game() is not None:
            while self._read_more():
                pass
            sent, self._received = bytes(self._received), bytearray()
            self._view = _unpickled(sent) if self._finish() else None
        return self._view

    def _read_more(self) -> bool:
        """Read what the child sent next; False at the end of it, or when it ran out of patience (then it is stopped:
        a stuck child must not keep the builder from starting)."""
        read_end = self._child[1]
        if not select.select([read_end], [], [], max(0.0, self._deadline - time.monotonic()))[0]:
            self._stop()
            return False
        chunk = os.read(read_end, 1 << 16)
        self._received += chunk
        return bool(chunk)

    def _stop(self) -> None:
        """Kill the child (if it has not exited already)."""
        try:
            os.kill(self._child[0], signal.SIGKILL)
        except ProcessLookupError:
            pass

    def _finish(self) -> bool:
        """Close the pipe and reap the child; whether it finished well."""
        pid, read_end = self._child
        self._child = None
        os.close(read_end)
        _, status = os.waitpid(pid, 0)
        return os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0


def begin(roster_path: Path) -> FirstView:
    """Start getting the roster's first view: the kept one if still good, else one a forked child works out."""
    if (kept := cached_view(roster_path)) is not None:
        return FirstView(kept)
    if not hasattr(os, "fork") or threading.active_count() > 1:
        return FirstView()  # forking with other threads running could leave the child stuck on their locks
    read_end, write_end = os.pipe()
    try:
        pid = os.fork()
    except OSError:  # no room for another process: open the roster here
        os.close(read_end)
        os.close(write_end)
        return FirstView()
    if pid == 0:
        _child(roster_path, read_end, write_end)
    os.close(write_end)
    return FirstView(child=(pid, read_end))


def game_of(roster_path: Path) -> str:
    """The game the roster file names, if the builder has an editor for it ("" if not).

    Read with tomllib alone, though `work_out` reads the file again: the roster reader imports pydantic first,
    which would hold the game back ~130 ms, and the parent is waiting for it to build the editor."""
    import tomllib

    with open(roster_path, "rb") as handle:
        game = tomllib.load(handle).get("game")
    return game if game in GAMES else ""


def work_out(roster_path: Path) -> EditorView:
    """Read and check the roster and make its view, as the editor would, and keep it for the next start."""
    from builder.rules import validate
    from builder.roster.files import read_roster

    loaded = read_roster(roster_path)
    adapter = GAMES[loaded.roster.game].edits(loaded.catalogue)
    view = view_of(loaded.roster, validate(loaded.roster, loaded.catalogue), adapter)
    keep_view(roster_path, loaded.catalogue.path, view)
    return view


def _child(roster_path: Path, read_end: int, write_end: int) -> None:
    """The forked child: send the game's name on a line, then the pickled view; on any failure stop sending and
    exit 1. Never returns."""
    code = 1
    try:
        os.close(read_end)
        quiet = os.open(os.devnull, os.O_RDWR)
        for fd in (0, 1, 2):
            os.dup2(quiet, fd)  # the terminal belongs to the parent
        _send(write_end, game_of(roster_path).encode("ascii") + b"\n")  # the parent builds that game's editor
        with writes_held():  # the view first; the catalogue and view caches after (~10 ms the parent may wait for)
            _send(write_end, pickle.dumps(work_out(roster_path)))
        code = 0
    except BaseException:  # whatever it was, the parent opens the roster itself and reports it
        pass
    finally:
        os._exit(code)


def _send(write_end: int, data: bytes) -> None:
    """Write all of `data` to the pipe."""
    data = memoryview(data)
    while data:
        data = data[os.write(write_end, data):]


def _unpickled(sent: bytes) -> EditorView | None:
    """The view the child sent; None for anything else (a cut-short pipe, not a view): open the roster here."""
    try:
        view = pickle.loads(sent)
    except Exception:
        return None
    return view if isinstance(view, EditorView) else None
