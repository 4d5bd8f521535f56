"""Recovery files are input like any other: a regular file of bounded size, inside a served builder's folders; the
save that keeps comments reads only what it may write."""

from __future__ import annotations

import os
import shutil
import threading
import time

import pytest

from builder.editing.storage import Store
from builder.editing.toml_layout import with_comments
from builder.tui.app import make_app
from catalog.access import ROOTS_VARIABLE, OutsideSharedFolders
from catalog.toml_input import MAX_INPUT_BYTES
from tests.conftest import FIXTURES
from tests.fixtures.tui.pilot import answer_prompt

OWN = FIXTURES / "warsurge-own-catalogue.toml"


@pytest.fixture
def planted(tmp_path):
    """A catalogue and the store whose recovery path for it is free to plant something at (made newer)."""
    path = tmp_path / "mine.toml"
    shutil.copy(OWN, path)
    store = Store(tmp_path / "data")
    store.recovery_dir.mkdir(parents=True)
    return path, store, store.recovery_path(path)


def newer(path):
    future = time.time() + 60
    os.utime(path, (future, future), follow_symlinks=False)


def in_time(call, seconds: float = 5.0):
    """What `call` returns, or a failure when it has not returned within `seconds` (it hangs)."""
    result: list[object] = []
    thread = threading.Thread(target=lambda: result.append(call()), daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), "hung"
    return result[0]


def test_a_fifo_at_a_recovery_path_is_not_opened(planted):
    path, store, recovery = planted
    os.mkfifo(recovery)
    newer(recovery)
    assert in_time(lambda: store.newer_recovery(path)) is None


def test_a_recovery_file_larger_than_any_input_is_not_read(planted):
    path, store, recovery = planted
    recovery.write_text(OWN.read_text(encoding="utf-8") + "#" * MAX_INPUT_BYTES, encoding="utf-8")
    newer(recovery)
    assert store.newer_recovery(path) is None


def test_a_newer_recovery_file_is_still_offered(planted):
    path, store, recovery = planted
    recovery.write_text(OWN.read_text(encoding="utf-8").replace("Marsh Rangers", "Changed"), encoding="utf-8")
    newer(recovery)
    assert "Changed" in (store.newer_recovery(path) or "")


@pytest.fixture
def served(tmp_path, monkeypatch):
    """Shared folders (one with the catalogue, the data folder) and a secret file outside them."""
    shared, outside = tmp_path / "shared", tmp_path / "outside"
    shared.mkdir()
    outside.mkdir()
    shutil.copy(OWN, shared / "mine.toml")
    (outside / "secret.toml").write_text('# the secret comment\nid = "x"\n', encoding="utf-8")
    monkeypatch.setenv(ROOTS_VARIABLE, os.pathsep.join((str(shared), str(tmp_path / "data"))))
    return shared, outside


def test_a_served_builder_offers_no_recovery_file_that_links_outside(served, tmp_path):
    shared, outside = served
    store = Store(tmp_path / "data")
    store.recovery_dir.mkdir(parents=True)
    recovery = store.recovery_path(shared / "mine.toml")
    recovery.symlink_to(outside / "secret.toml")
    newer(recovery)
    assert store.newer_recovery(shared / "mine.toml") is None


def test_the_comment_keeping_save_reads_nothing_outside(served):
    shared, outside = served
    link = shared / "swapped.toml"
    link.symlink_to(outside / "secret.toml")
    with pytest.raises(OutsideSharedFolders):
        with_comments(link, {"id": "x"}, {})


def test_the_import_says_the_same_of_an_outside_path_that_exists_and_one_that_does_not(served, tmp_path):
    """What Ctrl+O's prompt says of a path (`refused_code`, asked before the file is looked at): a served builder
    tells nobody which files exist outside the folders it shares."""
    from builder.tui.importing import refused_code
    from catalog.access import refusal, shared_roots

    shared, outside = served
    said = [
        (refused_code(str(outside / name), lambda path: refusal(path, shared_roots())) or "").replace(name, "NAME")
        for name in ("secret.toml", "missing.toml")
    ]
    roots = f"{shared.resolve()}, {(tmp_path / 'data').resolve()}"
    assert said == [f"{outside}/NAME: outside the folders this server shares ({roots})"] * 2


async def test_a_served_start_screen_draws_no_escape_from_a_planted_recent_list_and_ctrl_o_says_why_it_refuses(
    served, tmp_path
):
    """One served app: a recent list planted with a control character and an overlong path lists only the good
    entry, and draws no escape; Ctrl+O's prompt stays open and says why it refuses a path outside (its words: the test
    above)."""
    import json

    from builder.tui.dialogs.text_prompt import TextPrompt
    from builder.tui.importing import refused_code
    from tests.conftest import EXAMPLES

    shared, outside = served
    good = str(shutil.copy(EXAMPLES / "warsurge-499.toml", shared / "warsurge-499.toml"))
    store = Store(tmp_path / "data")
    store.root.mkdir(parents=True)
    planted = [
        {"path": good, "name": "Title\x1b]0;owned\x07", "game": "warsurge"},
        {"path": "x" * 5000, "name": "long", "game": "warsurge"},
        {"path": good, "name": "Fantasy Army", "game": "warsurge"},
    ]
    store.recent_file.write_text(json.dumps(planted), encoding="utf-8")
    assert [r.name for r in store.recent()] == ["Fantasy Army"]
    app = make_app(data_dir=tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        shown = app.export_screenshot()
        assert "Fantasy" in shown and "\x1b" not in shown
        await pilot.press("ctrl+o")
        await answer_prompt(pilot, str(outside / "secret.toml"))
        assert isinstance(app.screen, TextPrompt)
        said = str(app.screen.query_one("#prompt-error").render())
        assert said == refused_code(str(outside / "secret.toml"), app.path_refusal)
        assert "outside the folders this server shares" in said
