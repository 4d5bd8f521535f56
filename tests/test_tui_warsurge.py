"""The Warsurge editor driven by real key presses: the 499-point roster from nothing, the unit minimum biting and
fixed, transports (keys and embarking), undo, save and reopen."""

from __future__ import annotations

from pathlib import Path

from builder.tui.app import make_app
from builder.tui.widgets.inspector import Inspector
from builder.roster.files import read_roster
from tests.fixtures.tui.pilot import wait_loaded, shown_codes, totals_text, type_text

TESTS = Path(__file__).parent
EXAMPLES = TESTS.parent / "builder" / "examples"


def inspector_title(app) -> str:
    return str(app.screen.query_one("#inspector-title").render())


async def add_unit(pilot, words: str) -> None:
    """Ctrl+F, filter the catalogue, Enter adds the first match; then into its loadout."""
    await pilot.press("ctrl+f")
    await type_text(pilot, words)
    await pilot.press("enter", "escape", "enter")


async def test_build_the_499_point_roster_from_an_empty_roster(tmp_path):
    app = make_app(data_dir=tmp_path / "data", roster_dir=tmp_path / "rosters")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_loaded(pilot)
        await pilot.press("n", "down", "down", "enter")   # game: Warsurge (third)
        await pilot.press("enter")                          # the bundled example catalogue
        await pilot.press("enter")                          # point limit 500
        await pilot.press("end", "ctrl+u")
        await type_text(pilot, "Fantasy Army")
        await pilot.press("enter", "enter")                 # name, then the offered path
        await pilot.pause()
        editor = app.screen
        assert editor.session.roster.point_limit == 500 and editor.session.roster.units == []
        assert "Points 0/500" in totals_text(app) and "Game small · board B 4′ × 4′" in totals_text(app)

        await add_unit(pilot, "catapult")
        await pilot.press("down", "plus")                   # one Giant Rock
        assert editor.session.report.totals["unit_points"][0]["points"] == 269

        await add_unit(pilot, "dwarven")
        assert shown_codes(app) == ["warsurge/unit-minimum", "warsurge/no-weapons"]  # no axes yet
        assert "Unit minimum: worth 6.3 points, 43.7 short of the 50" in inspector_title(app)
        await pilot.press("1", "0", "enter")                # type 10 models
        await pilot.press("down", "9", "enter")             # and 9 Dwarven Axes
        assert editor.session.report.totals["unit_points"][1]["points_exact"] == 180

        await add_unit(pilot, "knights")
        await pilot.press("down", "right", "right")         # the book's Knights: 1 model, 2 Swords = 37
        assert shown_codes(app) == ["warsurge/unit-minimum"]
        assert "worth 37 points, 13 short of the 50 every unit needs" in inspector_title(app)
        await pilot.press("up", "right")                     # a second Knight: 2 × 13 + 2 × 12 = 50
        assert shown_codes(app) == []
        assert "✔ 50 ≥ 50 unit minimum · 25/model ≥ 1" in inspector_title(app)
        assert "Points 499/500" in totals_text(app)

        await pilot.press("ctrl+s")
        saved = read_roster(tmp_path / "rosters" / "fantasy-army.toml").roster
        example = read_roster(EXAMPLES / "warsurge-499.toml").roster
        assert saved.units == example.units
        assert (saved.name, saved.point_limit) == (example.name, example.point_limit)


async def test_transports_keys_and_embarking(tmp_path):
    roster = tmp_path / "apc.toml"
    roster.write_text((EXAMPLES / "warsurge-apc.toml").read_text().replace("point_limit = 500", "point_limit = 750"))
    app = make_app(roster, data_dir=tmp_path / "data", roster_dir=tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_loaded(pilot)
        editor = app.screen
        await add_unit(pilot, "ursus")                      # a second APC, no key yet: units[4]
        assert editor.session.roster.units[4].key is None
        await pilot.press("escape", "up", "up", "up", "enter")   # the Troopers (units[1])
        assert editor.selected == "units[1]"
        assert editor.query_one(Inspector).select_row("embarked_in")
        await pilot.press("enter", "down", "enter")         # from the first Ursus to the new one
        units = editor.session.roster.units
        assert units[4].key == "ursus-apc" and units[1].embarked_in == "ursus-apc"
        assert shown_codes(app) == []

        await pilot.press("escape", "down", "down", "enter")     # the Biker (units[3]) into the first Ursus
        assert editor.selected == "units[3]"
        editor.query_one(Inspector).select_row("embarked_in")
        await pilot.press("enter", "down", "enter")
        assert editor.session.roster.units[3].embarked_in == "ursus"
        assert shown_codes(app) == []                       # 177 + 96 = 273 of 300
        await pilot.press("escape", "up", "up", "enter")    # the Troopers back into the first: 324.3
        editor.query_one(Inspector).select_row("embarked_in")
        await pilot.press("left")
        assert editor.session.roster.units[1].embarked_in == "ursus"
        assert shown_codes(app) == ["warsurge/transport"]
        await pilot.press("ctrl+z")
        assert editor.session.roster.units[1].embarked_in == "ursus-apc" and shown_codes(app) == []

        await pilot.press("escape", "end", "enter")         # rename the new APC's key; its passenger follows
        assert editor.selected == "units[4]"
        editor.query_one(Inspector).select_row("key")
        await pilot.press("enter", "end", "ctrl+u")
        await type_text(pilot, "Bus 2")
        await pilot.press("enter")
        assert editor.session.roster.units[4].key == "bus-2"
        assert editor.session.roster.units[1].embarked_in == "bus-2"


async def test_break_the_limit_undo_save_and_reopen(tmp_path):
    roster = tmp_path / "fantasy.toml"
    roster.write_text((EXAMPLES / "warsurge-499.toml").read_text())
    app = make_app(roster, data_dir=tmp_path / "data", roster_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_loaded(pilot)
        editor = app.screen
        await pilot.press("escape", "home", "enter", "minus")    # settings: 500 → 450 points
        assert editor.session.roster.point_limit == 450
        assert shown_codes(app) == ["warsurge/point-limit"]
        assert "Points 499/450" in totals_text(app)
        await pilot.press("ctrl+z")
        assert editor.session.roster.point_limit == 500 and shown_codes(app) == []
        await pilot.press("1", "0", "0", "0", "enter")          # type a 1000-point limit
        assert "Game medium · board C 6′ × 4′" in totals_text(app)
        await pilot.press("ctrl+s")
    reopened = make_app(roster, data_dir=tmp_path / "data", roster_dir=tmp_path)
    async with reopened.run_test(size=(80, 24)) as pilot:
        await wait_loaded(pilot)
        assert reopened.screen.session.roster.point_limit == 1000
        assert reopened.screen.session.report.totals["points"] == 499


def test_snapshot_warsurge_editor(snap_compare, tmp_path):
    book = tmp_path / "book.toml"
    book.write_text((TESTS / "fixtures" / "rosters" / "warsurge-book-499.toml").read_text())
    app = make_app(book, data_dir=tmp_path / "data", roster_dir=tmp_path)

    async def the_knights(pilot) -> None:
        await pilot.press("escape", "end", "enter")

    assert snap_compare(app, terminal_size=(100, 30), run_before=the_knights)
