"""The McWarrior mech designer driven by real key presses: the new-roster flow, D, a skill from the browser, the
palette's warband mode, undo and save (what each edit does to the roster, its totals and its findings is checked
without a screen in tests/test_mcwarrior_editing.py)."""

from __future__ import annotations

import shutil
from pathlib import Path

from builder.roster.files import read_roster
from builder.tui.app import make_app
from tests.fixtures.tui.pilot import answer_prompt, paste, shown_codes, totals_text, wait_loaded

EXAMPLES = Path(__file__).parent.parent / "builder" / "examples"


async def new_mcwarrior_roster(pilot) -> None:
    """Start screen → new roster: McWarrior, bundled catalogue, skirmish on 40 bolts, named "Scrapyard"."""
    await pilot.press("n")
    await pilot.press("down", "enter")  # game: McWarrior (second)
    await pilot.press("enter")  # catalogue: the bundled one
    await pilot.press("enter")  # mode: skirmish
    assert "Bolts per mech" in str(pilot.app.screen.query_one("#new-question").render())  # a skirmish: no districts
    await paste(pilot, "-5")  # replaces the suggested 40: refused at this step, the reason under it
    await pilot.press("enter")
    assert "Bolts per mech" in str(pilot.app.screen.query_one("#new-question").render())
    assert str(pilot.app.screen.query_one("#new-error").render()) == "Bolts per mech must be 1 to 100000, not -5"
    await answer_prompt(pilot, "40")  # bolts per mech
    await paste(pilot, "Scrapyard")  # replaces the suggested name
    await pilot.press("enter")  # name
    await pilot.press("enter")  # path: roster_dir/scrapyard.toml
    await pilot.pause()


async def test_a_new_mcwarrior_roster_then_a_warband_s_mechs_duplicated_undone_given_a_skill_saved_and_read_back(
    tmp_path,
):
    warband = tmp_path / "warband.toml"
    shutil.copy(EXAMPLES / "mcwarrior-warband.toml", warband)
    app = make_app(data_dir=tmp_path / "data", roster_dir=tmp_path / "rosters")
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_loaded(pilot)

        # A new McWarrior roster opens in its editor
        await new_mcwarrior_roster(pilot)
        await wait_loaded(pilot)
        editor = app.screen
        assert type(editor).__name__ == "McWarriorEditor"
        assert editor.session.roster.name == "Scrapyard"
        assert editor.session.roster.budget == 40 and editor.session.roster.districts is None
        await pilot.press("enter")  # the browser's first entry: New mech
        assert len(editor.session.roster.mechs) == 1
        await pilot.press("ctrl+s")  # saved where the flow's last step said
        assert len(read_roster(tmp_path / "rosters" / "scrapyard.toml").roster.mechs) == 1
        await pilot.press("ctrl+w")  # (o and a path from the start screen: tests/test_tui_app.py)
        app.open_path(warband)
        await wait_loaded(pilot)

        # A mech is duplicated (D) and the copy undone; the totals and findings show both
        editor = app.screen
        assert "Warband 145/170 (150+10×2)" in totals_text(app) and "Mechs 4/4" in totals_text(app)
        await pilot.press("escape", "d")  # duplicate Rustbucket
        assert [m.name for m in editor.session.roster.mechs][:2] == ["Rustbucket", "Rustbucket 2"]
        assert "Mechs 5/4" in totals_text(app) and "mcwarrior/warband-size" in shown_codes(app)
        await pilot.press("ctrl+z")
        assert [m.name for m in editor.session.roster.mechs] == ["Rustbucket", "Ironclad", "Dust Devil", "Lantern"]
        assert shown_codes(app) == []
        await pilot.press("ctrl+f")  # a skill from the browser goes to the selected mech
        await paste(pilot, "fighter")
        await pilot.press("enter")
        assert editor.session.roster.mechs[1].skill == "fighter"
        # the palette offers "Warband mode on/off" (the palette's keys and search: tests/test_tui_app.py)
        [warband_mode] = [c for c in app.get_system_commands(editor) if c.title == "Warband mode on/off"]
        await warband_mode.callback()  # as the palette runs it
        await pilot.pause()
        assert editor.session.roster.districts is None
        assert "Bolts 145" in totals_text(app) and "Rustbucket 36/40" in totals_text(app)
        # (a part stepped, typed over budget and undone: tests/test_mcwarrior_editing.py; the step keys on a row:
        # tests/test_warmachine_tui.py; a mech's loadout drawn: the snapshot below)
        await pilot.press("ctrl+s")
        assert not editor.session.dirty
    saved = read_roster(warband).roster
    assert (saved.mechs[1].skill, saved.districts) == ("fighter", None)


def test_snapshot_mcwarrior_editor(snap_compare, tmp_path):
    app = make_app(EXAMPLES / "mcwarrior-warband.toml", data_dir=tmp_path / "data", roster_dir=tmp_path)

    async def open_loadout(pilot) -> None:
        await pilot.press("escape", "enter", "down", "down", "down")

    assert snap_compare(app, terminal_size=(100, 30), run_before=open_loadout)
