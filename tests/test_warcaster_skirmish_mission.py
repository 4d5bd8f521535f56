"""Boiling Point, Warcaster's skirmish mission, is played with skirmish forces: a standard force is refused when the
battle begins, and a battle file that pairs them is judged with the reason."""

from __future__ import annotations

import shutil
import tomllib

from builder.battles import replay_battle_file
from builder.cli import main
from builder.game import game
from builder.tui.app import make_app
from builder.tui.dialogs.choice import ChoiceDialog
from builder.tui.screens.battle_setup import unfit
from tests.conftest import EXAMPLES
from tests.fixtures.tui.pilot import answer_prompt, example_copy, notifications, paste, wait_loaded

SKIRMISH, STANDARD = EXAMPLES / "warcaster-firebrand.toml", EXAMPLES / "warcaster-marcher-worlds.toml"


def test_a_standard_force_is_refused_for_boiling_point_with_the_reason(tmp_path, capsys):
    path = tmp_path / "b.toml"
    args = ["battle", "new", str(SKIRMISH), "--opponent", str(STANDARD), "-o", str(path)]
    assert main([*args, "--scenario", "boiling-point"]) == 2
    assert capsys.readouterr().err == (
        "warbench: sides[1]: Boiling Point is played with skirmish forces; Will's Marcher force is a standard force\n"
    )
    assert not path.exists()


def test_skirmish_forces_play_boiling_point_and_a_standard_one_may_play_a_primary_mission(tmp_path):
    skirmishes = ["battle", "new", str(SKIRMISH), "--opponent", str(SKIRMISH), "-o", str(tmp_path / "a.toml")]
    assert main([*skirmishes, "--scenario", "boiling-point"]) == 0
    mixed = ["battle", "new", str(STANDARD), "--opponent", str(SKIRMISH), "-o", str(tmp_path / "b.toml")]
    assert main([*mixed, "--scenario", "orders-of-magnitude"]) == 0
    assert replay_battle_file(tmp_path / "b.toml").valid


def test_a_battle_file_pairing_a_standard_force_with_boiling_point_is_judged_not_valid(tmp_path):
    shutil.copy(SKIRMISH, tmp_path / "skirmish.toml")
    shutil.copy(STANDARD, tmp_path / "standard.toml")
    path = tmp_path / "b.toml"
    args = ["battle", "new", str(tmp_path / "skirmish.toml"), "--opponent", str(tmp_path / "skirmish.toml")]
    assert main([*args, "--scenario", "boiling-point", "-o", str(path)]) == 0
    path.write_text(path.read_text().replace("skirmish.toml", "standard.toml", 1))  # ours, now a standard force
    result = replay_battle_file(path)
    assert not result.valid
    assert [(f.code, f.path, f.message) for f in result.findings if f.code == "battle/scenario"] == [
        (
            "battle/scenario",
            "sides[0]",
            "Boiling Point is played with skirmish forces; Will's Marcher force is a standard force",
        )
    ]


async def test_ctrl_b_refuses_boiling_point_against_a_standard_force_and_asks_skirmish_forces_about_the_mercy_rule(
    tmp_path,
):
    """On the skirmish Firebrand force, in one editor: Play (Ctrl+B) against Bob's standard Marcher force marks Boiling
    Point in the scenario chooser with the reason, and picking it is refused there, the chooser open; Play again with
    no opponent, Boiling Point asks whether the mercy rule is left out (tests/test_warcaster_no_mercy.py), and leaving
    it out is written."""
    standard = example_copy(tmp_path, STANDARD.name)
    app = make_app(example_copy(tmp_path, SKIRMISH.name), data_dir=tmp_path / "data")
    said = notifications(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_loaded(pilot)
        await pilot.press("ctrl+b")
        for answer in (str(standard), "Ann, Bob"):  # the opponent (a game of two: no more asked), the players' names
            await pilot.pause()
            await answer_prompt(pilot, answer)
        await pilot.pause()
        offered = {choice.key: (choice.detail, choice.reason) for choice in app.screen.prompt.choices}
        assert offered["boiling-point"] == (
            "skirmish mission · skirmish forces only",
            "it is played with skirmish forces, and Bob brings a standard force",
        )
        await paste(pilot, "boiling")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog)  # refused there, the chooser open
        assert said == ["it is played with skirmish forces, and Bob brings a standard force"]
        await pilot.press("escape")  # no battle

        await pilot.press("ctrl+b")
        for answer in ("", ""):  # no opponent yet, the rosters' names
            await pilot.pause()
            await answer_prompt(pilot, answer)
        await pilot.pause()
        await paste(pilot, "boiling")
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen.prompt.title == "Boiling Point: the mercy rule?"
        assert [choice.key for choice in app.screen.prompt.choices] == ["keep", "out"]
        await paste(pilot, "leave")
        await pilot.press("enter")
        await pilot.pause()
    written = tomllib.loads((tmp_path / "warcaster-firebrand-battle.toml").read_text())
    assert (written["scenario"], written["play"], "opponent" in written) == ("boiling-point", {"no_mercy": True}, False)


def test_a_scenario_is_refused_in_ctrl_b_for_whichever_side_brings_another_force():
    boiling = next(s for s in game("warcaster").scenarios.scenarios if s.id == "boiling-point")
    names = ["Ann", "Bob"]
    assert unfit(boiling, names, ("skirmish", "standard")) == (
        "it is played with skirmish forces, and Bob brings a standard force"
    )
    assert unfit(boiling, names, ("skirmish", "skirmish")) == unfit(boiling, names, ("skirmish",)) == ""
    open_scenario = next(s for s in game("warcaster").scenarios.scenarios if s.force is None)
    assert unfit(open_scenario, names, ("standard", "skirmish")) == ""
