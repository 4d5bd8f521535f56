"""The catalogue editor as a player uses it at 80×24: open, edit a field, follow a problem, add, save, a roster."""

from __future__ import annotations

import shutil
import tomllib

import pytest
from textual.widgets import Input

from builder.tui.app import make_app
from builder.tui.dialogs.confirm import ConfirmDialog
from builder.tui.dialogs.text_prompt import TextPrompt
from builder.tui.screens.catalogue_editor import CatalogueEditor
from builder.tui.screens.new_roster import NewRosterScreen
from tests.conftest import FIXTURES
from tests.fixtures.tui.pilot import answer_prompt, keys, notifications, paste


@pytest.fixture
def own(tmp_path):
    path = tmp_path / "my-army.toml"
    shutil.copy(FIXTURES / "warsurge-own-catalogue.toml", path)
    return path


async def type_into(pilot, field: str, text: str) -> None:
    """Replace a form field's text and press Enter."""
    control = pilot.app.screen.query_one(f"#field-{field}", Input)
    control.focus()
    await pilot.pause()
    control.value = ""
    await paste(pilot, text)
    await pilot.press("enter")


async def test_a_field_edited_is_checked_at_once_and_a_problem_leads_back_to_it(own, tmp_path):
    app = make_app(own, data_dir=tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, CatalogueEditor)
        await pilot.press("down", "down", "enter")  # past the UNITS heading: Marsh Rangers, into its form
        assert screen.selected == ("units", 0)
        await type_into(pilot, "hp", "0")
        assert screen.session.data["units"][0]["hp"] == 0
        [problem] = screen.session.problems
        assert (problem.where, problem.field) == ("units[0].hp", "hp")
        assert "1 problem" in str(screen.query_one("#cat-status").render())
        await pilot.press("ctrl+g", "enter")
        await pilot.pause()
        assert app.focused is screen.query_one("#field-hp")
        await pilot.press("ctrl+z")
        assert screen.session.problems == [] and screen.session.data["units"][0]["hp"] == 1


async def test_up_and_down_step_a_number_and_a_save_is_typed_as_the_app_writes_it(own, tmp_path):
    app = make_app(own, data_dir=tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("down", "down", "enter")
        app.screen.query_one("#field-move", Input).focus()
        await pilot.press("up", "up", "down")
        assert app.screen.session.data["units"][0]["move"] == 7
        assert app.screen.session.undo() == "move of Marsh Rangers"
        await type_into(pilot, "armour", "4+")
        assert app.screen.session.data["units"][0]["armour"] == 4


async def test_a_typo_in_a_number_changes_nothing_and_says_why(own, tmp_path):
    app = make_app(own, data_dir=tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("down", "down", "enter")
        await type_into(pilot, "move", "six")
        assert app.screen.session.data["units"][0]["move"] == 6
        assert not app.screen.session.dirty
        assert app.screen.query_one("#field-move", Input).value == "6", "the refused text is not left on screen"


async def test_add_a_unit_save_with_a_note_and_build_a_roster_on_it(own, tmp_path):
    app = make_app(own, data_dir=tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("down", "ctrl+n")  # on the UNITS heading
        assert isinstance(app.screen, TextPrompt)
        await paste(pilot, "Swamp Troll")
        await pilot.press("enter")
        kind, index = screen.selected
        assert (kind, screen.session.data["units"][index]["id"]) == ("units", "swamp-troll")
        await type_into(pilot, "points", "40")
        await type_into(pilot, "hp", "3")
        assert screen.session.problems == []
        await pilot.press("ctrl+s")
        assert isinstance(app.screen, TextPrompt)
        await paste(pilot, "a troll for the marsh")
        await pilot.press("enter")
        await pilot.pause()
        saved = tomllib.loads(own.read_text(encoding="utf-8"))
        assert saved["revision"] == 2 and saved["changes"][-1]["note"] == "a troll for the marsh"
        assert saved["units"][-1]["id"] == "swamp-troll" and saved["units"][-1]["points"] == 40
        assert own.read_text(encoding="utf-8").startswith("# My own Warsurge catalogue")
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert isinstance(app.screen, NewRosterScreen)
        assert app.screen.answers == {"game": "warsurge", "catalogue": str(own)}


async def test_removing_a_weapon_in_use_is_refused_with_the_reason(own, tmp_path):
    app = make_app(own, data_dir=tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("down", "down", "down", "down", "down")  # Longbow
        assert screen.selected == ("weapons", 0)
        await pilot.press("delete")
        assert not isinstance(app.screen, ConfirmDialog), "refused at once, not asked and then refused"
        assert next(w["id"] for w in screen.session.data["weapons"]) == "longbow"


async def test_an_entry_renamed_and_removed_then_closing_asks_and_discards(own, tmp_path):
    before = own.read_text(encoding="utf-8")
    app = make_app(own, data_dir=tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        said = notifications(app)
        await pilot.press("down", "down", "down")  # Bog Strider
        assert screen.selected == ("units", 1)
        await pilot.press("f2")
        await answer_prompt(pilot, "Fen Strider")
        await pilot.pause()
        assert [u["id"] for u in screen.session.data["units"]] == ["marsh-rangers", "fen-strider"]
        assert said[-1].startswith("Rosters naming 'bog-strider' will read 'fen-strider' once you save")
        await pilot.press("delete")
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("k")  # Keep
        await pilot.pause()
        assert len(screen.session.data["units"]) == 2
        await pilot.press("delete", "r")  # Remove
        await pilot.pause()
        assert [u["id"] for u in screen.session.data["units"]] == ["marsh-rangers"]
        assert screen.selected == ("units", 0)
        await pilot.press("ctrl+w")
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("c")  # Cancel: still open, still changed
        await pilot.pause()
        assert app.screen is screen and screen.session.dirty
        screen.session.autosave()
        assert app.store.newer_recovery(own) is not None
        await pilot.press("ctrl+w", "d")  # Discard
        await pilot.pause()
        assert screen not in app.screen_stack
        assert app.store.newer_recovery(own) is None
    assert own.read_text(encoding="utf-8") == before


async def test_quitting_with_unsaved_changes_asks_and_save_asks_the_note_then_quits(own, tmp_path):
    app = make_app(own, data_dir=tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("down", "ctrl+n", *keys("Swamp Troll"), "enter")
        await pilot.press("ctrl+q")
        assert isinstance(app.screen, ConfirmDialog) and app.screen.id == "unsaved-dialog"
        assert app.screen.question == "Save the changes to Marsh Wardens?"
        await pilot.press("s")
        assert isinstance(app.screen, TextPrompt) and app.is_running
        await pilot.press(*keys("a troll"), "enter")
        await pilot.pause()
        assert not app.is_running
    saved = tomllib.loads(own.read_text(encoding="utf-8"))
    assert saved["units"][-1]["id"] == "swamp-troll" and saved["changes"][-1]["note"] == "a troll"


async def test_saving_with_a_problem_asks_first_and_cancel_keeps_the_file(own, tmp_path):
    before = own.read_text(encoding="utf-8")
    app = make_app(own, data_dir=tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("down", "down", "enter")
        await type_into(pilot, "hp", "0")
        await pilot.press("ctrl+s")
        assert isinstance(app.screen, ConfirmDialog) and app.screen.title_text == "Problems"
        await pilot.press("c")
        await pilot.pause()
        assert own.read_text(encoding="utf-8") == before and app.screen.session.dirty
        await pilot.press("ctrl+s", "s")  # Save anyway: then the change note
        assert isinstance(app.screen, TextPrompt)
        await pilot.press(*keys("no hp yet"), "enter")
        await pilot.pause()
    saved = tomllib.loads(own.read_text(encoding="utf-8"))
    assert saved["revision"] == 2 and saved["units"][0]["hp"] == 0 and saved["changes"][-1]["note"] == "no hp yet"


async def test_a_crash_leaves_changes_to_restore(own, tmp_path):
    app = make_app(own, data_dir=tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("down", "down", "enter")
        await type_into(pilot, "name", "Marsh Scouts")
        app.screen.session.autosave()
    again = make_app(own, data_dir=tmp_path / "data")
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(again.screen, ConfirmDialog)
        await pilot.press("r")
        await pilot.pause()
        assert again.screen.session.data["units"][0]["name"] == "Marsh Scouts" and again.screen.session.dirty


async def test_the_start_screen_makes_a_catalogue_on_a_bundled_one(tmp_path):
    app = make_app(data_dir=tmp_path / "data")
    target = tmp_path / "more.toml"
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("c")  # a new catalogue: its game, its name, the catalogue it builds on
        for answer in ("warsurge", "More Warsurge", "rulebook"):
            await paste(pilot, answer)
            await pilot.press("enter")
        await pilot.pause()
        prompt = app.screen.query_one(Input)
        prompt.value = str(target)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, CatalogueEditor)
        assert app.screen.session.data["extends"] == "warsurge-examples" and not target.exists()
        await pilot.press("ctrl+s")
        await paste(pilot, "first")
        await pilot.press("enter")
        await pilot.pause()
    saved = tomllib.loads(target.read_text(encoding="utf-8"))
    assert saved["extends"] == "warsurge-examples" and saved["revision"] == 1 and "changes" not in saved


async def test_the_start_screen_edits_an_installed_catalogue_or_another_file(own, tmp_path):
    from catalog.paths import installed_catalogue_dir

    installed = installed_catalogue_dir() / "my-army.toml"
    installed.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(own, installed)
    app = make_app(data_dir=tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("e", *keys("marsh"), "enter")
        await pilot.pause()
        assert isinstance(app.screen, CatalogueEditor) and app.screen.session.path == installed
        await pilot.press("ctrl+w")
        await pilot.pause()
        await pilot.press("e", *keys("another"), "enter")
        await answer_prompt(pilot, str(own))
        await pilot.pause()
        assert isinstance(app.screen, CatalogueEditor) and app.screen.session.path == own


async def test_the_first_weapon_of_a_new_catalogue_is_added_from_its_heading(tmp_path):
    path = tmp_path / "new.toml"
    path.write_text('id = "new"\ngame = "warsurge"\nname = "New"\nrevision = 1\n', encoding="utf-8")
    app = make_app(path, data_dir=tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("down", "down")  # UNITS (0), WEAPONS (0)
        assert app.screen.selected == ("weapons", -2)
        await pilot.press("enter")
        await paste(pilot, "Spear")
        await pilot.press("enter")
        await pilot.pause()
        assert [w["id"] for w in app.screen.session.data["weapons"]] == ["spear"]


async def test_a_saved_catalogue_is_shared_as_a_code_that_installs_elsewhere(own, tmp_path, monkeypatch):
    from builder.tui.dialogs.share import ShareDialog
    from exports.share.catalogue_code import decode_catalogue

    app = make_app(own, data_dir=tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+k")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ShareDialog) and "catalogue 'my-army' revision 1" in dialog.notes
        assert decode_catalogue(dialog.code) == tomllib.loads(own.read_text(encoding="utf-8"))
