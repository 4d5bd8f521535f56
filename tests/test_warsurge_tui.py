"""The Warsurge editor driven by real key presses: the 499-point roster from nothing, the unit minimum biting and
fixed, transports (keys and embarking), undo, save and read back."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input

from builder.roster.files import read_roster
from builder.rules import validate
from builder.tui.app import make_app
from builder.tui.widgets.inspector import Inspector
from builder.tui.widgets.roster_list import RosterList
from tests.fixtures.tui.pilot import add_unit, answer_prompt, notifications, shown_codes, totals_text, wait_loaded

TESTS = Path(__file__).parent
EXAMPLES = TESTS.parent / "builder" / "examples"


def inspector_title(app) -> str:
    return str(app.screen.query_one("#inspector-title").render())


async def test_transports_keys_and_embarking(tmp_path):
    """The keys that board a transport, step a passenger to another, undo it and rename a transport's key (what
    each edit does to the roster is checked without a screen in tests/test_editing.py)."""
    roster = tmp_path / "apc.toml"
    text = (EXAMPLES / "warsurge-apc.toml").read_text().replace("point_limit = 500", "point_limit = 750")
    text = text.replace("bike-slam = 1 }", 'bike-slam = 1 }\nembarked_in = "ursus"')  # the Biker aboard
    roster.write_text(text + '\n[[units]]\nid = "ursus-apc"\n')  # a second APC, no key yet: units[4]
    app = make_app(roster, data_dir=tmp_path / "data", roster_dir=tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_loaded(pilot)
        editor = app.screen
        assert editor.session.roster.units[4].key is None
        rows = [option.id for option in editor.query_one(RosterList).options]
        assert rows.index("units[1]") == rows.index(editor.selected) + 1
        await pilot.press("escape", "down", "enter")  # the Troopers (units[1]), below the first Ursus
        assert editor.selected == "units[1]"
        assert editor.query_one(Inspector).select_row("embarked_in")
        await pilot.press("enter", "down", "enter")  # from the first Ursus to the new one
        units = editor.session.roster.units
        assert units[4].key == "ursus-apc" and units[1].embarked_in == "ursus-apc"
        assert shown_codes(app) == []
        await pilot.press("left")  # the Troopers back into the first, beside the Biker: 324.3 of 300
        assert editor.session.roster.units[1].embarked_in == "ursus"
        assert shown_codes(app) == ["warsurge/transport"]
        await pilot.press("ctrl+z")
        assert editor.session.roster.units[1].embarked_in == "ursus-apc" and shown_codes(app) == []

        await pilot.press("escape", "end", "enter")  # rename the new APC's key; its passenger follows
        assert editor.selected == "units[4]"
        editor.query_one(Inspector).select_row("key")
        await pilot.press("enter")
        await answer_prompt(pilot, "Bus 2")
        assert editor.session.roster.units[4].key == "bus-2"
        assert editor.session.roster.units[1].embarked_in == "bus-2"


async def test_break_the_limit_undo_save_and_read_back_and_undo_and_redo_name_the_entry_not_its_id(tmp_path):
    roster = tmp_path / "fantasy.toml"
    roster.write_text((EXAMPLES / "warsurge-499.toml").read_text())
    app = make_app(roster, data_dir=tmp_path / "data", roster_dir=tmp_path)
    said = notifications(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_loaded(pilot)
        editor = app.screen
        await pilot.press("escape", "home", "enter", "minus")  # settings: 500 → 450 points
        assert editor.session.roster.point_limit == 450
        assert shown_codes(app) == ["warsurge/point-limit"]
        assert "Points 499/450" in totals_text(app)
        await pilot.press("ctrl+z")
        assert editor.session.roster.point_limit == 500 and shown_codes(app) == []
        await pilot.press("1")  # a digit opens the row's prompt: a 1000-point limit
        assert app.screen.query_one(Input).value == "1"
        await answer_prompt(pilot, "1000")
        assert "Game medium · board C 6′ × 4′" in totals_text(app)
        await pilot.press("ctrl+s")
        # what Undo and Redo say names the entry, not its id
        start = len(said)
        await add_unit(pilot, "human knights")  # the filter keeps the focus: Ctrl+Z and Ctrl+Y reach the editor
        await pilot.press("ctrl+z", "ctrl+y")
        await pilot.press("escape", "end", "delete", "ctrl+z")
    saved = read_roster(roster)
    assert saved.roster.point_limit == 1000
    assert validate(saved.roster, saved.catalogue).totals.as_dict()["points"] == 499
    assert [line for line in said[start:] if line.startswith(("Undid", "Redid"))] == [
        "Undid add Human Knights",
        "Redid add Human Knights",
        "Undid remove Human Knights",
    ]


def test_snapshot_warsurge_editor(snap_compare, tmp_path):
    book = tmp_path / "book.toml"
    book.write_text((TESTS / "fixtures" / "rosters" / "warsurge-book-499.toml").read_text())
    app = make_app(book, data_dir=tmp_path / "data", roster_dir=tmp_path)

    async def the_knights(pilot) -> None:
        await pilot.press("escape", "end", "enter")

    assert snap_compare(app, terminal_size=(100, 30), run_before=the_knights)
