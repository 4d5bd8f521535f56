"""A catalogue changed on disk while the catalogue editor has it open is never overwritten without a word: the save
says so, and the player reloads it, keeps both, or overwrites it."""

from __future__ import annotations

import shutil

import pytest

from builder.editing.catalogue import CatalogueSession
from builder.editing.on_disk import ChangedOnDisk
from builder.editing.storage import Store
from builder.tui.app import make_app
from builder.tui.dialogs.confirm import ConfirmDialog
from builder.tui.dialogs.text_prompt import TextPrompt
from builder.tui.screens.catalogue_editor import CatalogueEditor
from tests.conftest import FIXTURES
from tests.fixtures.tui.pilot import answer_prompt

OWN = FIXTURES / "warsurge-own-catalogue.toml"


@pytest.fixture
def own(tmp_path):
    path = tmp_path / "mine.toml"
    shutil.copy(OWN, path)
    return path


def changed_elsewhere(path) -> str:
    """Another program's edit of the file; the text it left."""
    text = path.read_text(encoding="utf-8").replace('source = "my Warsurge app', 'source = "their app', 1)
    path.write_text(text, encoding="utf-8")
    return text


def test_a_save_over_a_file_changed_on_disk_is_refused_until_told_to_overwrite(own, tmp_path):
    session = CatalogueSession.open(own, Store(tmp_path / "data"))
    session.set_value("units", 0, "move", 7)
    theirs = changed_elsewhere(own)
    with pytest.raises(ChangedOnDisk, match="changed on disk since it was opened"):
        session.save("mine")
    assert own.read_text(encoding="utf-8") == theirs
    session.save("mine", overwrite=True)
    assert "move = 7" in own.read_text(encoding="utf-8")
    session.set_value("units", 0, "move", 8)
    session.save("again")  # what this editor wrote itself is no change on disk


def test_a_file_touched_but_not_changed_saves_without_asking(own, tmp_path):
    session = CatalogueSession.open(own, Store(tmp_path / "data"))
    session.set_value("units", 0, "move", 7)
    own.write_text(own.read_text(encoding="utf-8"), encoding="utf-8")
    session.save("mine")  # ChangedOnDisk if the touch counted as a change
    assert "move = 7" in own.read_text(encoding="utf-8")


async def asked_on_save(pilot, path, move: int) -> str:
    """Edit, let another program change the file, save with a note: the editor asks (the text the other left)."""
    app = pilot.app
    app.screen.session.set_value("units", 0, "move", move)
    theirs = changed_elsewhere(path)
    await pilot.press("ctrl+s")
    await pilot.pause()
    assert isinstance(app.screen, TextPrompt)  # the change note comes first
    await answer_prompt(pilot, "m")
    await pilot.pause()
    assert isinstance(app.screen, ConfirmDialog) and "changed on disk" in str(app.screen.question)
    return theirs


async def test_the_editor_asks_and_keeps_both_overwrites_or_reloads(own, tmp_path):
    """One editor run: keep both (k), then overwrite (o), then reload (r) (the refusal itself is plain, above)."""
    app = make_app(own, data_dir=tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        theirs = await asked_on_save(pilot, own, 7)
        await pilot.press("k")
        await pilot.pause()
        assert own.read_text(encoding="utf-8") == theirs
        mine = own.with_name("mine-mine.toml")
        assert "move = 7" in mine.read_text(encoding="utf-8") and app.screen.session.path == mine

        await asked_on_save(pilot, mine, 8)
        await pilot.press("o")
        await pilot.pause()
        assert "move = 8" in mine.read_text(encoding="utf-8") and "their app" not in mine.read_text("utf-8")

        theirs = await asked_on_save(pilot, mine, 9)
        await pilot.press("r")
        await pilot.pause()
        await pilot.pause()
        assert mine.read_text(encoding="utf-8") == theirs
        assert isinstance(app.screen, CatalogueEditor) and app.screen is not screen
        assert "their app" in app.screen.session.data["source"] and not app.screen.session.dirty
