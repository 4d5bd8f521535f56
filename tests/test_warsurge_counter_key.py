"""Wiring: the Warsurge battle screen's action key records a counter action as the command line's `--counter` does
(what it offers and costs is tested in test_warsurge_battle_cp)."""

from __future__ import annotations

from builder.tui.app import make_app
from tests.fixtures.tui.pilot import notifications, paste
from tests.fixtures.warsurge_cp import set_up, strike_battle


async def test_a_counter_attack_chosen_with_the_action_key_is_recorded_as_a_counter(capsys, tmp_path):
    battle = strike_battle(tmp_path)
    set_up(capsys, battle)
    app = make_app(battle, data_dir=tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        said = notifications(app)
        while screen.session.track(*screen.selected()).name != "Troopers":
            await pilot.press("down")
        await pilot.press("a")  # before the roll: said with this screen's key
        await pilot.pause()
        assert said == ["Game turn 1 has no CP yet: roll the Turn Master's dice first (m)."]
        await pilot.press("m", "a")
        await paste(pilot, "counter attack")
        await pilot.press("enter")
        await pilot.pause()
        troopers = screen.selected()[1]
        assert screen.session.ledger.spent[-1].event == {
            "kind": "action",
            "unit": troopers,
            "action": "attack",
            "counter": True,
        }
