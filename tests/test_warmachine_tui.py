"""The Warmachine editor's keys reach its settings line: the reduced-FA variant stepped and undone, a points level
typed, its finding followed back to the row, a step and a save (what each edit does to the roster, and a lone
attachment's finding and the squad it joins: without a screen in tests/test_warmachine_editing.py)."""

from __future__ import annotations

from pathlib import Path

from builder.roster.files import read_roster
from builder.rules import validate
from builder.tui.app import make_app
from builder.tui.widgets.inspector import Inspector
from tests.fixtures.tui.pilot import shown_codes, totals_text, wait_loaded

EXAMPLES = Path(__file__).parent.parent / "builder" / "examples"


async def test_the_variant_and_the_points_level_from_the_settings_line_and_its_finding_back_to_the_row(tmp_path):
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
        await pilot.press("escape", "down", "ctrl+g")  # away from the settings line, to the findings
        assert editor.selected == "units[0]" and app.focused.id == "findings"
        await pilot.press("enter")  # the finding leads back to the points row, the cursor in it
        assert editor.selected == "settings[0]" and app.focused is inspector.rows
        assert inspector.rows.get_option_at_index(inspector.rows.highlighted).id == "points"
        await pilot.press("ctrl+z", "plus")  # 75 → 80: a step of 5
        assert editor.session.roster.points == 80 and "Points 75/80" in totals_text(app)
        await pilot.press("ctrl+s")
    saved = read_roster(roster)
    assert saved.roster.points == 80 and validate(saved.roster, saved.catalogue).findings == ()


def test_snapshot_warmachine_editor(snap_compare, tmp_path):
    app = make_app(EXAMPLES / "warmachine-example.toml", data_dir=tmp_path / "data", roster_dir=tmp_path)

    async def the_bulwark(pilot) -> None:
        await pilot.press("escape", "enter")

    assert snap_compare(app, terminal_size=(100, 30), run_before=the_bulwark)
