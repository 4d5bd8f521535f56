"""The catalogue editor as a player uses it at 80×24: open, edit a field, follow a problem, add, save, a roster."""

from __future__ import annotations

import shutil
import tomllib

import pytest
from textual.widgets import Input, OptionList

from builder.editing.catalogue import CatalogueSession
from builder.editing.catalogue_problems import Problem
from builder.editing.storage import Store
from builder.tui.app import make_app
from builder.tui.dialogs.confirm import ConfirmDialog
from builder.tui.dialogs.text_prompt import TextPrompt
from builder.tui.screens import catalogue_view
from builder.tui.screens.catalogue_editor import CatalogueEditor
from builder.tui.screens.new_roster import NewRosterScreen
from catalog.paths import BUNDLED_DIR
from tests.conftest import FIXTURES
from tests.fixtures.tui.pilot import answer_prompt, notifications, paste


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


async def test_a_catalogue_shared_its_form_edited_checked_added_saved_built_on_renamed_removed_and_closing_asks(
    own, tmp_path
):
    """One run of the editor on a catalogue of our own (what each edit, check and save does to the file is
    tests/test_catalogue_session.py; what a step writes, tests/test_catalogue_form_stepping.py)."""
    from builder.tui.dialogs.help import keys_for
    from builder.tui.dialogs.share import ShareDialog, screen_parts
    from exports.share.catalogue_code import encode_catalogue
    from tests.fixtures.tui.screen import codes_and_text

    app = make_app(own, data_dir=tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, CatalogueEditor)
        said = notifications(app)

        # The saved catalogue is shared as a code that installs elsewhere (Ctrl+K): at 80×24 in parts whose QR scans
        # off the screen, the part's number, its code and the keys beside it; Space the next, Esc closes
        # (that the parts join and decode to the catalogue: tests/test_catalog_share.py; how a code is cut into
        # parts for a screen: tests/test_battle_code_parts.py)
        parts = screen_parts(encode_catalogue(tomllib.loads(own.read_text(encoding="utf-8"))), app.size)
        assert len(parts) > 1 and parts[0].startswith(f"1/{len(parts)} ")
        await pilot.press("ctrl+k")
        dialog = app.screen
        assert isinstance(dialog, ShareDialog) and dialog.code == parts[0]
        assert "catalogue 'my-army' revision 1" in dialog.notes
        codes, shown = codes_and_text(app)
        assert codes == [dialog.code] and "Esc close" in shown
        assert "n notes" not in shown and "toggle_notes" not in {  # a catalogue's code has no other version
            active.binding.action for active in dialog.active_bindings.values()
        }
        number, body = dialog.code.split(" ")
        assert f"{number} {body[:4]}-{body[4:8]}-" in shown  # "1/3 ABCD-EFGH-…": the number apart
        keys = dict(keys_for(dialog))["Share code"]  # F1: Space where a next part follows, no Backspace on the first
        assert (("Space", "Next part") in keys, ("Backspace", "Previous part") in keys) == (True, False)
        await pilot.press("space")
        assert isinstance(app.screen, ShareDialog) and app.screen.code == parts[1]
        assert ("Backspace", "Previous part") in dict(keys_for(app.screen))["Share code"]
        await pilot.press("backspace")
        assert isinstance(app.screen, ShareDialog) and app.screen.code == parts[0]  # Backspace: the first again
        await pilot.press("escape")
        assert app.screen is screen

        await pilot.press("down", "down", "enter")  # past the UNITS heading: Marsh Rangers, into its form
        assert screen.selected == ("units", 0)

        # A typo in a number changes nothing and says why
        await type_into(pilot, "move", "six")
        assert screen.session.data["units"][0]["move"] == 6
        assert not screen.session.dirty
        assert screen.query_one("#field-move", Input).value == "6", "the refused text is not left on screen"

        # Up steps a number (Down, a save's and a decimal's step: tests/test_catalogue_form_stepping.py)
        screen.query_one("#field-move", Input).focus()
        await pilot.press("up")
        assert screen.session.data["units"][0]["move"] == 7
        assert screen.session.undo() == "move of Marsh Rangers"
        armour, save = screen.query_one("#field-armour", Input), screen.session.data["units"][0]["armour"]
        assert armour.value == f"{save}+", "a save is shown as the game writes it"

        # A field edited is checked at once, and the problem (Ctrl+G) leads back to it
        await type_into(pilot, "hp", "0")
        assert screen.session.data["units"][0]["hp"] == 0
        [problem] = screen.session.problems
        assert (problem.where, problem.field) == ("units[0].hp", "hp")
        assert "1 problem" in str(screen.query_one("#cat-status").render())
        await pilot.press("ctrl+g", "enter")
        await pilot.pause()
        assert app.focused is screen.query_one("#field-hp")

        # Ctrl+Z takes the problem back
        await pilot.press("ctrl+z")
        assert screen.session.problems == [] and screen.session.data["units"][0]["hp"] == 1

        # A unit added (Ctrl+N) and saved with a note
        await pilot.press("ctrl+n")
        assert isinstance(app.screen, TextPrompt)
        await paste(pilot, "Swamp Troll")
        await pilot.press("enter")
        kind, index = screen.selected
        assert (kind, screen.session.data["units"][index]["id"]) == ("units", "swamp-troll")
        assert screen.session.problems == []
        await pilot.press("ctrl+s")
        assert isinstance(app.screen, TextPrompt)
        await paste(pilot, "a troll for the marsh")
        await pilot.press("enter")
        await pilot.pause()
        saved = tomllib.loads(own.read_text(encoding="utf-8"))
        assert saved["revision"] == 2 and saved["changes"][-1]["note"] == "a troll for the marsh"
        assert saved["units"][-1]["id"] == "swamp-troll"
        assert own.read_text(encoding="utf-8").startswith("# My own Warsurge catalogue")

        # A roster built on the saved catalogue (Ctrl+R)
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert isinstance(app.screen, NewRosterScreen)
        assert app.screen.answers == {"game": "warsurge", "catalogue": str(own)}
        await pilot.press("escape", "escape", "escape")  # its questions, then back to the editor
        assert app.screen is screen

        # Saving with a problem asks first: Cancel keeps the file, Save anyway asks the change note (the problem made
        # by the session, as the form's edit above made one)
        before = own.read_text(encoding="utf-8")
        screen.session.set_value("units", len(screen.session.data["units"]) - 1, "hp", 0)
        await pilot.press("ctrl+s")
        assert isinstance(app.screen, ConfirmDialog) and app.screen.title_text == "Problems"
        await pilot.press("c")
        await pilot.pause()
        assert own.read_text(encoding="utf-8") == before and screen.session.dirty
        await pilot.press("ctrl+s", "s")
        assert isinstance(app.screen, TextPrompt)
        await answer_prompt(pilot, "no hp yet")
        await pilot.pause()
        saved = tomllib.loads(own.read_text(encoding="utf-8"))
        assert saved["revision"] == 3 and saved["units"][-1]["hp"] == 0 and saved["changes"][-1]["note"] == "no hp yet"
        before = own.read_text(encoding="utf-8")

        # An entry renamed (F2) says what rosters will read
        await screen.go_to(Problem("", "", "units", 1, ""))  # Bog Strider
        screen.query_one("#cat-entries").focus()
        await pilot.pause()
        assert screen.selected == ("units", 1)
        await pilot.press("f2")
        await answer_prompt(pilot, "Fen Strider")
        await pilot.pause()
        assert [u["id"] for u in screen.session.data["units"]] == ["marsh-rangers", "fen-strider", "swamp-troll"]
        assert said[-1].startswith("Rosters naming 'bog-strider' will read 'fen-strider' once you save")

        # Removing asks: Keep keeps it, Remove removes it
        await pilot.press("delete")
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("k")  # Keep
        await pilot.pause()
        assert len(screen.session.data["units"]) == 3
        await pilot.press("delete", "r")  # Remove
        await pilot.pause()
        assert [u["id"] for u in screen.session.data["units"]] == ["marsh-rangers", "swamp-troll"]
        assert screen.selected == ("units", 0)

        # (Removing a weapon in use is refused with the reason before any question: refusal_to_remove, in
        # tests/test_catalogue_removal_refusal.py)

        # Closing with changes asks: Cancel keeps them open, Discard drops them and their recovery file
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


async def test_changes_a_crash_left_are_restored_and_quitting_asks_to_save_them(own, tmp_path, monkeypatch):
    """The builder crashes at once after two edits, before the recovery file's timer: the edits are kept all the
    same, offered when the catalogue opens again, and quitting asks to save them."""
    monkeypatch.setattr(catalogue_view, "AUTOSAVE_SECONDS", 60.0)  # the crash comes before the timer, however slow
    crashed = make_app(own, data_dir=tmp_path / "data")
    with pytest.raises(ZeroDivisionError):
        async with crashed.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            session = crashed.screen.session  # two edits as the form and Ctrl+N make them (their keys: the test above)
            session.set_value("units", 0, "name", "Marsh Scouts")
            session.add("units", "Swamp Troll")
            assert crashed.store.newer_recovery(own) is None, "the timer has not run"
            crashed.call_later(lambda: 1 / 0)
            await pilot.pause()
    assert crashed.store.newer_recovery(own) is not None
    app = make_app(own, data_dir=tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("r")
        await pilot.pause()
        assert app.screen.session.data["units"][0]["name"] == "Marsh Scouts" and app.screen.session.dirty
        await pilot.press("ctrl+q")
        assert isinstance(app.screen, ConfirmDialog) and app.screen.id == "unsaved-dialog"
        assert app.screen.question == "Save the changes to Marsh Wardens?"
        await pilot.press("s")
        assert isinstance(app.screen, TextPrompt) and app.is_running
        await answer_prompt(pilot, "a troll")
        await pilot.pause()
        assert not app.is_running
    saved = tomllib.loads(own.read_text(encoding="utf-8"))
    assert saved["units"][-1]["id"] == "swamp-troll" and saved["changes"][-1]["note"] == "a troll"
    assert saved["units"][0]["name"] == "Marsh Scouts"


async def test_the_start_screen_edits_an_installed_catalogue_makes_one_on_a_bundled_one_or_opens_a_file(own, tmp_path):
    """The start screen's ways into the editor; last, a bundled catalogue opened by its path: Ctrl+S says why it is
    not saved over, and the editor goes on."""
    from catalog.paths import installed_catalogue_dir

    installed = installed_catalogue_dir() / "my-army.toml"
    installed.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(own, installed)
    empty = tmp_path / "new.toml"
    empty.write_text('id = "new"\ngame = "warsurge"\nname = "New"\nrevision = 1\n', encoding="utf-8")
    target = tmp_path / "more.toml"
    bundled = BUNDLED_DIR / "warsurge-examples.toml"
    shipped = bundled.read_bytes()
    app = make_app(data_dir=tmp_path / "data")
    said = notifications(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()

        # An installed catalogue, found by its name
        await pilot.press("e")
        await paste(pilot, "marsh")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, CatalogueEditor) and app.screen.session.path == installed
        await pilot.press("ctrl+w")
        await pilot.pause()

        # A new catalogue: its game, its name, the catalogue it builds on, where it goes (written on its first save)
        await pilot.press("c")
        for answer in ("warsurge", "More Warsurge", "rulebook"):
            await paste(pilot, answer)
            await pilot.press("enter")
        await pilot.pause()
        await answer_prompt(pilot, str(target))
        await pilot.pause()
        assert isinstance(app.screen, CatalogueEditor)
        assert app.screen.session.data["extends"] == "warsurge-examples" and not target.exists()
        await pilot.press("ctrl+w", "d")  # never saved: Discard
        await pilot.pause()

        # Another file, by its path: one with no weapons yet, the first added from the WEAPONS heading
        await pilot.press("e")
        await paste(pilot, "another")
        await pilot.press("enter")
        await answer_prompt(pilot, str(empty))
        await pilot.pause()
        assert isinstance(app.screen, CatalogueEditor) and app.screen.session.path == empty
        await pilot.press("down", "down")  # UNITS (0), WEAPONS (0)
        assert app.screen.selected == ("weapons", -2)
        await pilot.press("enter")
        await paste(pilot, "Spear")
        await pilot.press("enter")
        await pilot.pause()
        assert [w["id"] for w in app.screen.session.data["weapons"]] == ["spear"]
        await pilot.press("ctrl+w", "d")
        await pilot.pause()

        # A bundled catalogue by its path: Ctrl+S says why it is not saved over; the editor stays, the file too
        await pilot.press("e")
        await paste(pilot, "another")
        await pilot.press("enter")
        await answer_prompt(pilot, str(bundled))
        await pilot.pause()
        assert isinstance(app.screen, CatalogueEditor) and app.screen.session.path == bundled
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert said[-1].startswith("warsurge-examples.toml: is in Warbench's own folder of bundled catalogues")
        assert isinstance(app.screen, CatalogueEditor) and not isinstance(app.screen, TextPrompt)
    assert not target.exists()
    assert bundled.read_bytes() == shipped


async def test_a_warjacks_weapons_are_edited_as_toml_lines_and_a_weapon_and_hardpoint_option_in_forms_and_a_warning_leads_to_its_field(
    tmp_path,
):
    """The keys reach the rows' forms and their TOML lines (what each row edit does:
    tests/test_warmachine_catalogue_rows.py); a warning shows beside the problems, leads to its field, and saving
    does not ask."""
    from textual.widgets import TextArea

    from builder.editing.catalogue_problems import Problem
    from builder.tui.screens.catalogue_rows import RowDialog
    from catalog.paths import BUNDLED_DIR

    path = tmp_path / "wm.toml"
    path.write_text((BUNDLED_DIR / "warmachine-example.toml").read_text(encoding="utf-8"), encoding="utf-8")
    app = make_app(path, data_dir=tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        jack = next(i for i, e in enumerate(screen.session.data["entries"]) if e["id"] == "bulwark-warjack")
        weapons = len(screen.session.data["entries"][jack].get("weapons", []))

        # F4 edits an entry's weapons as TOML lines, not one line
        index = next(i for i, e in enumerate(screen.session.data["entries"]) if e.get("weapons"))
        await screen.go_to(Problem("", "", "entries", index, "weapons"))
        await pilot.pause()
        await pilot.press("f4")
        await pilot.pause()
        assert isinstance(app.screen, TextPrompt)
        lines = app.screen.query_one(TextArea)
        assert lines.text.startswith('[[weapons]]\nid = "command-pistol"\nname = "Command Pistol"\n')
        lines.text = lines.text.replace("pow = 12", "pow = 13", 1)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is screen
        assert screen.session.data["entries"][index]["weapons"][0]["pow"] == 13

        # the warjack's last line adds a weapon in a form
        await screen.go_to(Problem("", "", "entries", jack, "weapons"))
        await pilot.pause()
        await pilot.press("end", "enter")  # the last line adds a weapon: its name, then its form
        await answer_prompt(pilot, "Ice Axe")
        assert isinstance(app.screen, RowDialog)
        kind = app.screen.query_one("#field-kind")
        kind.focus()
        kind.value = "melee"
        await pilot.pause()
        await type_into(pilot, "pow", "14")
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
        assert screen.session.data["entries"][jack]["weapons"][weapons] == {
            "id": "ice-axe",
            "name": "Ice Axe",
            "kind": "melee",
            "pow": 14,
        }
        assert "Ice Axe · melee · pow 14" in str(
            screen.query_one("#field-weapons", OptionList).get_option_at_index(weapons).prompt
        )

        # a hardpoint's option is a row of a row: its form opens over the hardpoint's
        await screen.go_to(Problem("", "", "entries", jack, "hardpoints"))
        await pilot.pause()
        await pilot.press("enter")
        assert isinstance(app.screen, RowDialog) and app.screen.key == "hardpoints.0"
        app.screen.query_one("#field-options").focus()
        await pilot.press("end", "enter")
        await answer_prompt(pilot, "Smoke Launcher")
        assert app.screen.key == "hardpoints.0.options.2"
        await type_into(pilot, "points", "2")
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("up", "delete")  # the option before it goes
        await pilot.pause()
        options = screen.session.data["entries"][jack]["hardpoints"][0]["options"]
        assert [o["id"] for o in options][-1:] == ["smoke-launcher"] and options[-1]["points"] == 2
        assert len(options) == 2
        await pilot.press("escape", "ctrl+z")
        await pilot.pause()
        assert len(screen.session.data["entries"][jack]["hardpoints"][0]["options"]) == 3

        # A warjack's damage boxes cleared: the status line counts the warning, Ctrl+G then Enter lands on the field,
        # and Ctrl+S goes straight to the change note (what each warning says: tests/test_*_catalogue_warnings.py)
        sparrow = next(i for i, e in enumerate(screen.session.data["entries"]) if e["id"] == "sparrow-light-warjack")
        await screen.go_to(Problem("", "", "entries", sparrow, "damage"))
        await type_into(pilot, "damage", "")
        assert "damage" not in screen.session.data["entries"][sparrow]
        assert str(screen.query_one("#cat-status").render()) == "✔ no problems · ⚠ 1 warning"
        panel = screen.query_one("#cat-problems", OptionList)
        assert str(panel.get_option_at_index(0).prompt) == (
            "⚠ Sparrow Light Warjack · damage  no damage grid or damage boxes: its card and the battle give it 1 box"
        )
        await screen.go_to(Problem("", "", "entries", 0, ""))
        await pilot.press("ctrl+g", "enter")
        await pilot.pause()
        assert screen.selected == ("entries", sparrow) and app.focused is screen.query_one("#field-damage")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, TextPrompt), "no Problems question first"
        await answer_prompt(pilot, "sparrow boxes to come")
        await pilot.pause()
        assert "damage" not in tomllib.loads(path.read_text(encoding="utf-8"))["entries"][sparrow]


async def test_an_entry_added_under_a_filter_that_hides_it_is_shown_with_the_filter_cleared(tmp_path):
    """On a bundled base, an inherited entry highlighted under the filter `dusk`, Ctrl+N adds Captain Rook: the
    editor showed the new entry while the list's highlight moved, and crashed (NoMatches '#field-hardpoints'), the
    unsaved catalogue lost."""

    path = tmp_path / "homebrew.toml"
    CatalogueSession.new("warcaster", "Homebrew", path, Store(tmp_path / "data"), extends="warcaster-nm").save()
    app = make_app(path, data_dir=tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("ctrl+f")
        await paste(pilot, "dusk")
        entries = screen.query_one("#cat-entries", OptionList)
        entries.focus()
        ids = [entries.get_option_at_index(n).id for n in range(entries.option_count)]
        entries.highlighted = ids.index("units:base:dusk-wolf")
        await pilot.pause()
        await pilot.press("ctrl+n")
        await answer_prompt(pilot, "Captain Rook")
        await pilot.pause()
        assert app.is_running and app.screen is screen
        assert screen.session.data["units"][0]["name"] == "Captain Rook" and screen.selected == ("units", 0)
        assert screen.query_one("#cat-filter", Input).value == "" and entries.highlighted_option.id == "units:0"
        assert screen.query_one("#field-name", Input).value == "Captain Rook"
