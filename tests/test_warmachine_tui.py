"""The Warmachine editor driven by real key presses: a legal 75-point army with a battlegroup from a new roster,
hardpoints, the leader, FA, the reduced-FA variant and points level, undo, save and read back."""

from __future__ import annotations

from pathlib import Path

import tomli_w

from builder.roster.files import read_roster
from builder.rules import validate
from builder.tui.app import make_app
from builder.tui.widgets.inspector import Inspector
from tests.fixtures.tui.pilot import paste, shown_codes, totals_text, wait_loaded
from tests.warmachine_attachments import with_foreman

EXAMPLES = Path(__file__).parent.parent / "builder" / "examples"


async def add_unit(pilot, words: str) -> None:
    """Ctrl+F, filter the catalogue, Enter adds the first match; then into its loadout (if it has rows)."""
    await pilot.press("ctrl+f")
    await paste(pilot, words)
    await pilot.press("enter", "escape", "enter")


async def choose(pilot, words: str) -> None:
    await pilot.press("enter")
    await paste(pilot, words)
    await pilot.press("enter")


async def test_points_level_variant_and_leader_from_the_settings_line(tmp_path):
    roster = tmp_path / "army.toml"
    roster.write_text((EXAMPLES / "warmachine-example.toml").read_text())
    app = make_app(roster, data_dir=tmp_path / "data", roster_dir=tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_loaded(pilot)
        editor = app.screen
        await pilot.press("escape", "home", "enter")  # the settings line's rows
        inspector = editor.query_one(Inspector)
        inspector.select_row("variant")
        await pilot.press("right")  # reduced FA: the second Rivetgun Squad breaks it
        assert editor.session.roster.variant == "reduced-fa"
        assert shown_codes(app) == ["warmachine/reduced-fa"]
        assert "Variant Reduced FA" in totals_text(app)
        await pilot.press("ctrl+z")
        assert editor.session.roster.variant == "standard" and shown_codes(app) == []

        inspector.select_row("points")
        await pilot.press("5", "0", "enter")  # a 50-point level: 25 over
        assert editor.session.roster.points == 50 and shown_codes(app) == ["warmachine/points"]
        await pilot.press("escape", "down", "ctrl+g", "enter")  # the finding leads back to the points row
        assert editor.selected == "settings[0]"
        assert inspector.rows.get_option_at_index(inspector.rows.highlighted).id == "points"
        await pilot.press("ctrl+z")
        await pilot.press("plus", "plus", "plus")  # 75 → 90: a step of 5 each
        assert editor.session.roster.points == 90

        inspector.select_row("leader")
        await choose(pilot, "brask")  # a new leader takes over the battlegroup
        units = editor.session.roster.units
        assert units[0].id == "marshal-odo-brask"
        assert {u.battlegroup for u in units if u.battlegroup} == {"marshal-odo-brask"}
        assert shown_codes(app) == []
        await pilot.press("ctrl+s")
    saved = read_roster(roster)
    assert (saved.roster.points, saved.roster.units[0].id) == (90, "marshal-odo-brask")
    assert validate(saved.roster, saved.catalogue).findings == ()


def test_snapshot_warmachine_editor(snap_compare, tmp_path):
    app = make_app(EXAMPLES / "warmachine-example.toml", data_dir=tmp_path / "data", roster_dir=tmp_path)

    async def the_bulwark(pilot) -> None:
        await pilot.press("escape", "enter")

    assert snap_compare(app, terminal_size=(100, 30), run_before=the_bulwark)


async def test_the_finding_of_a_lone_attachment_leads_to_the_unit_it_joins(tmp_path):
    catalogue = with_foreman().model_dump(by_alias=True, exclude_unset=True)
    (tmp_path / "foreman.toml").write_text(tomli_w.dumps(catalogue), encoding="utf-8")
    text = (EXAMPLES / "warmachine-example.toml").read_text(encoding="utf-8")
    text = text.replace('catalogue = "warmachine-example"', 'catalogue = "./foreman.toml"')
    roster = tmp_path / "army.toml"
    roster.write_text(text.replace("points = 75", "points = 78") + '\n[[units]]\nid = "rivetgun-foreman"\n', "utf-8")
    app = make_app(roster, data_dir=tmp_path / "data", roster_dir=tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_loaded(pilot)
        editor = app.screen
        assert shown_codes(app) == ["warmachine/attachment"]
        await pilot.press("escape", "ctrl+g", "enter")  # the finding leads to the foreman's Joins row
        assert editor.selected == "units[8]"
        rows = editor.query_one("#inspector-rows")
        assert rows.get_option_at_index(rows.highlighted).id == "attached_to"
        await choose(pilot, "unit 5")  # the second Rivetgun Squad
        assert editor.session.roster.units[8].attached_to == 4 and shown_codes(app) == []
        await pilot.press("ctrl+s")
    saved = read_roster(roster)
    assert saved.roster.units[8].attached_to == 4 and validate(saved.roster, saved.catalogue).findings == ()
