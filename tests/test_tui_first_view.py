"""A roster opened for the first time: its first view is worked out by a forked child while Textual loads."""

from __future__ import annotations

import os
import subprocess
import sys
import threading

import pytest

from tests.conftest import REPO
from tests.fixtures.tui.pilot import example_copy

from builder.commands.tui import open_app
from builder.tui import first_view
from builder.tui.app import WarbenchApp, make_app
from builder.tui.view import _cache_file, cached_view
from catalog.errors import WarbenchError
from builder.roster.files import read_roster

EXAMPLES = ["warcaster-marcher-worlds.toml", "warsurge-499.toml", "mcwarrior-rustbucket.toml", "warmachine-example.toml"]


@pytest.mark.parametrize("example", EXAMPLES)
async def test_the_worked_out_view_is_the_one_the_editor_shows_once_loaded(tmp_path, example):
    path = example_copy(tmp_path, example)
    worked_out = first_view.work_out(path)
    assert cached_view(path) == worked_out  # kept for the next start too
    app = make_app(path, data_dir=tmp_path / "data", first_view=first_view.FirstView(worked_out))
    assert app._cached[:2] == (path, worked_out.game) and app._cached[2]() == worked_out and app._loaded is None
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        editor = app.screen
        assert editor.loaded and editor.view == worked_out
        assert editor.view.selected == worked_out.selected != "settings[0]"  # a unit, not the settings line


async def test_a_first_open_forks_a_child_that_sends_the_view(tmp_path, isolated_home, collector_restored):
    path = example_copy(tmp_path)
    assert cached_view(path) is None
    app = open_app(str(path))
    assert app._cached[:2] == (path, "warcaster") and app._loaded is None  # drawn from the child's view
    assert app._cached[2]() == first_view.work_out(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.screen.loaded and len(app.screen.session.roster.units) == 14


def test_a_roster_the_child_cannot_read_is_read_here_with_its_own_error(tmp_path, isolated_home, collector_restored):
    path = tmp_path / "broken.toml"
    path.write_text("warbench = 1\ngame = [", encoding="utf-8")
    failed = first_view.begin(path)
    assert failed.game() is None and failed.view() is None  # the child failed and said nothing
    with pytest.raises(WarbenchError) as from_the_command:
        open_app(str(path))
    with pytest.raises(WarbenchError) as read_here:
        read_roster(path)
    assert str(from_the_command.value) == str(read_here.value) and "\n" not in str(read_here.value)


def test_a_kept_view_needs_no_child(tmp_path, isolated_home, monkeypatch):
    path = example_copy(tmp_path)
    view = first_view.work_out(path)
    monkeypatch.setattr(os, "fork", lambda: pytest.fail("forked although the view was kept"))
    kept = first_view.begin(path)
    assert kept.game() == view.game and kept.view() == view


def test_without_fork_or_with_other_threads_the_roster_opens_here(tmp_path, isolated_home, monkeypatch):
    path = example_copy(tmp_path)
    monkeypatch.delattr(os, "fork")
    assert first_view.begin(path).view() is None
    monkeypatch.undo()

    def no_room():
        raise BlockingIOError(11, "Resource temporarily unavailable")

    monkeypatch.setattr(os, "fork", no_room)
    assert first_view.begin(path).view() is None
    monkeypatch.undo()
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        monkeypatch.setattr(os, "fork", lambda: pytest.fail("forked with another thread running"))
        assert first_view.begin(path).view() is None
    finally:
        stop.set()
        other.join()


def test_working_out_a_view_needs_no_textual(tmp_path, isolated_home):
    """The child must finish before the parent has loaded Textual: it may not load Textual itself."""
    path = example_copy(tmp_path)
    probe = ("import sys\nfrom pathlib import Path\nfrom builder.tui.first_view import work_out\n"
             "work_out(Path(sys.argv[1]))\nprint(sorted(m for m in sys.modules if m.split('.')[0] == 'textual'))\n")
    env = {**os.environ, "WARBENCH_HOME": str(isolated_home)}
    result = subprocess.run([sys.executable, "-c", probe, str(path)], cwd=REPO, env=env, capture_output=True,
                            text=True, check=True)
    assert result.stdout.strip() == "[]"


def test_a_stuck_child_is_stopped_and_the_roster_opens_here(tmp_path, isolated_home, monkeypatch):
    import time

    path = example_copy(tmp_path)
    monkeypatch.setattr(first_view, "PATIENCE", 0.5)
    monkeypatch.setattr(first_view, "work_out", lambda path: time.sleep(60))  # what the forked child runs
    start = time.monotonic()
    assert first_view.begin(path).view() is None
    assert time.monotonic() - start < 5  # stopped (and reaped) after its half second, not waited for


def test_a_child_that_sends_something_else_is_ignored(tmp_path, isolated_home, monkeypatch):
    path = example_copy(tmp_path)
    monkeypatch.setattr(first_view, "work_out", lambda path: {"not": "a view"})
    assert first_view.begin(path).view() is None


def test_the_child_names_the_game_long_before_the_view_is_ready(tmp_path, isolated_home, monkeypatch):
    """The parent builds and composes the game's editor while the child still works; it waits only at mount."""
    import time

    path = example_copy(tmp_path)
    view = first_view.work_out(path)
    _cache_file(path).unlink()  # worked out once to compare with; not kept, so the child is asked
    work_out = first_view.work_out
    monkeypatch.setattr(first_view, "work_out", lambda path: (time.sleep(1.0), work_out(path))[1])
    start = time.monotonic()
    coming = first_view.begin(path)
    assert coming.game() == "warcaster"
    named = time.monotonic() - start
    assert coming.view() == view
    assert named < 0.5 <= 1.0 <= time.monotonic() - start


async def test_a_child_that_fails_after_naming_the_game_means_the_roster_loads_at_mount(tmp_path, isolated_home,
                                                                                        monkeypatch):
    path = example_copy(tmp_path)
    monkeypatch.setattr(first_view, "work_out", lambda path: 1 / 0)  # what the forked child runs
    app = make_app(path, data_dir=tmp_path / "data", first_view=first_view.begin(path))
    assert app._cached[1] == "warcaster" and app._loaded is None
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        editor = app.screen
        assert editor.loaded and len(editor.session.roster.units) == 14 and editor.view.lines
        assert app.failure is None


def test_a_roster_that_names_its_game_but_will_not_load_is_one_line_and_exit_2(tmp_path, isolated_home,
                                                                               collector_restored, monkeypatch, capsys):
    """The editor is built for the game the child named; at mount the roster will not load: the app quits before
    drawing anything and the command says why in the same one line as for any bad roster."""
    from textual.app import App

    from builder.cli import main

    path = example_copy(tmp_path)
    path.write_text(path.read_text(encoding="utf-8").replace('"hunter"', '"huntre"', 1), encoding="utf-8")
    with pytest.raises(WarbenchError) as read_here:
        read_roster(path)
    run, fail, failed = App.run, WarbenchApp.fail, []
    monkeypatch.setattr(App, "run", lambda app, **kwargs: run(app, headless=True, size=(80, 24)))
    monkeypatch.setattr(WarbenchApp, "fail", lambda app, error: (failed.append(error), fail(app, error)))
    assert main([str(path)]) == 2
    assert len(failed) == 1  # found at mount, in the editor built for the game the child named
    assert capsys.readouterr().err == f"warbench: {read_here.value}\n"
    assert "unknown unit 'huntre'" in str(read_here.value)


def test_a_game_without_an_editor_is_read_here_at_once(tmp_path, isolated_home, collector_restored, monkeypatch):
    """The child names no game it can draw: the parent reads the roster itself (for its one-line error) and stops
    the child rather than wait for it."""
    import time

    path = tmp_path / "chess.toml"
    path.write_text('warbench = 1\ngame = "chess"\n', encoding="utf-8")
    monkeypatch.setattr(first_view, "work_out", lambda path: time.sleep(60))  # what the forked child runs
    start = time.monotonic()
    coming = first_view.begin(path)
    assert coming.game() is None and coming.view() is None
    assert time.monotonic() - start < 5
    with pytest.raises(WarbenchError, match="unknown game 'chess'"):
        open_app(str(path))


def test_the_child_can_send_the_view_before_it_writes_any_cache(tmp_path, isolated_home):
    """The child works the view out with the cache writes held, sends it, then writes the checked catalogue and the
    kept view: ~10 ms less before the parent has its first view when nothing was cached."""
    from catalog import cache, loader

    path = example_copy(tmp_path)
    loader._cached.cache_clear()  # an earlier test's catalogue, checked in this process, would be no store at all
    with cache.writes_held():
        view = first_view.work_out(path)
        assert cached_view(path) is None  # the view is ready, nothing is written yet
        assert not list((isolated_home / "cache").glob("*/*.pickle"))
    assert cached_view(path) == view
    assert list((isolated_home / "cache" / "catalogues").glob("*.pickle"))
