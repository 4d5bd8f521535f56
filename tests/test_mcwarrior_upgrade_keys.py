"""The McWarrior battle screen's keys for an upgrade used (`u`) and a self-destruct (`!`) reach their marks; what
each mark does is tests/test_mcwarrior_upgrades.py and tests/test_mcwarrior_respawn.py."""

from __future__ import annotations

import shutil

from textual.widgets import OptionList

from builder.battles import new_battle
from builder.scenarios.record import ScenarioPlay
from builder.tui.app import make_app
from tests.conftest import EXAMPLES
from tests.fixtures.tui.pilot import paste


async def test_u_uses_the_targeting_system_and_the_row_shows_the_shield_and_the_bang_self_destructs(tmp_path):
    shutil.copy(EXAMPLES / "mcwarrior-rustbucket.toml", tmp_path / "r.toml")
    path = tmp_path / "b.toml"
    new_battle(tmp_path / "r.toml", str(tmp_path / "r.toml"), path, scenario="rampage", play=ScenarioPlay())
    app = make_app(path, data_dir=tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        row = screen.query_one("#side-0", OptionList).get_option_at_index(0).prompt.plain
        assert row.splitlines()[0] == "Rustbucket  36/36  shield 2/2"
        await pilot.press("u")
        await paste(pilot, "targeting")
        await pilot.press("enter")
        await pilot.pause()
        assert screen.session.mark(0, 0).heat == 1
        await pilot.press("exclamation_mark", "enter")
        await pilot.pause()
        assert screen.session.result.sides[0].states[0].destroyed
        assert screen.session.mark(0, 0).lost == {"torso": 3}
