"""A failed overheat check stops the action it was made for (the book: the die at or below the amount overheated is
hits, and the mech cannot perform the action): the heat and the hits stand, the effect does not; `--roll` and `:N`
refused where nothing reads them; a wreck's heat shown without an overheat; King Of The Hill's and Tug Of War's cards
say where a mech redeploys and when VP come. The Harbour Rats (ours): 1 Rustbucket (torso 3, Energy Shield 2 on its
right arm, Targeting System), 2 Ironclad (torso 4, Rocket Launcher), 3 Dust Devil (torso 2), 4 Lantern (torso 3, Heat
Exchanger)."""

from __future__ import annotations

import json

from builder.battles import read_battle
from builder.battles.session import BattleSession
from builder.cli import main
from builder.editing.storage import Store
from builder.games.mcwarrior.overheat import Check
from builder.games.mcwarrior.track import MechTrack
from builder.games.mcwarrior.tui.battle import mech_line
from builder.games.mcwarrior.unit_mark import MechMark
from builder.games.mcwarrior.upgrade_use import use
from tests.test_mcwarrior_upkeep import mark, warband_battle

RUSTBUCKET, IRONCLAD, DUST_DEVIL, LANTERN = "1", "2", "3", "4"


def test_a_failed_check_on_a_shield_restore_takes_the_heat_and_hits_but_restores_no_level(tmp_path, capsys):
    battle = warband_battle(tmp_path)
    assert mark(battle, "--unit", RUSTBUCKET, "--hit", "head:1") == 0  # the shield to 1/2
    assert mark(battle, "--unit", RUSTBUCKET, "--heat", "3") == 0
    capsys.readouterr()
    assert mark(battle, "--unit", RUSTBUCKET, "--use", "energy-shield", "--roll", "1:left-leg") == 0
    assert capsys.readouterr().out.splitlines()[0] == (
        "Rustbucket tries to restore Energy Shield 1/2 for 1 heat: heat 4/3, overheated by 1: rolled 1, 1 hit, 1 taken "
        "by Energy Shield 0/2: Left Leg takes nothing; SHUT DOWN: it cannot act until cooled to heat 3; the action "
        "does not happen"
    )
    assert read_battle(battle).units == [MechMark(index=0, heat=4, shield_lost={"right-arm": 2}, shut_down=True)]


def test_the_screens_check_fails_the_same_for_a_shield_and_an_active_upgrade(tmp_path):
    track = BattleSession(warband_battle(tmp_path), Store(tmp_path / "d")).track(0, 0)
    assert isinstance(track, MechTrack)
    hot = MechMark(index=0, heat=3, shield_lost={"right-arm": 1})
    after, said = use(track, hot, "right-arm", 1, Check(die=1))
    assert after == MechMark(index=0, heat=4, shield_lost={"right-arm": 2}, shut_down=True)
    assert said.startswith("tries to restore Energy Shield 1/2 for 1 heat: ")
    after, said = use(track, MechMark(index=0, heat=3), "head", 1, Check(die=1))
    assert after == MechMark(index=0, heat=4, shield_lost={"right-arm": 1}, shut_down=True)
    assert said.startswith("tries to use Targeting System for 1 heat: ") and said.endswith("the action does not happen")
    after, said = use(track, hot, "right-arm", 1, Check(die=2))  # passed: the level comes back
    assert after == MechMark(index=0, heat=4, shield_restored=1)
    assert said == "restores Energy Shield 2/2 for 1 heat: heat 4/3, overheated by 1: rolled 2, goes ahead"


def test_rockets_counted_on_anything_but_a_rocket_launcher_is_one_line_exit_2(tmp_path, capsys):
    battle = warband_battle(tmp_path)
    before = battle.read_bytes()
    for typed in ("targeting-system:2", "right-arm:2"):
        assert mark(battle, "--unit", RUSTBUCKET, "--use", typed) == 2
        assert capsys.readouterr().err == f"warbench: --use {typed}: only a Rocket Launcher takes :N (rockets fired)\n"
    assert battle.read_bytes() == before


def test_a_roll_where_no_check_happens_is_one_line_exit_2_and_nothing_written(tmp_path, capsys):
    battle = warband_battle(tmp_path)
    assert mark(battle, "--unit", RUSTBUCKET, "--heat", "2") == 0
    assert mark(battle, "--unit", LANTERN, "--heat", "2") == 0
    battle.write_text(battle.read_text() + "\n[[units]]\nindex = 2\nheat = 5\n")  # an old file's heat above the torso
    before = battle.read_bytes()
    capsys.readouterr()
    refused = {
        (RUSTBUCKET, "--heat", "1", "--roll", "3"): "Rustbucket's heat 3 stays at or below its torso's 3 points",
        (RUSTBUCKET, "--heat", "-1", "--roll", "3"): "Rustbucket's heat 1 stays at or below its torso's 3 points",
        (RUSTBUCKET, "--use", "head", "--roll", "d6"): "Rustbucket's heat 3 stays at or below its torso's 3 points",
        (LANTERN, "--use", "heat-exchanger", "--roll", "3"): "Lantern's heat 0 stays at or below its torso's 3 points",
        (IRONCLAD, "--use", "rocket-launcher:1", "--roll", "3"): "Ironclad's heat 0 stays at or below its torso's 4 "
        "points",
        (DUST_DEVIL, "--heat", "-1", "--roll", "3"): "Dust Devil's heat does not go up (5 to 4)",
    }
    for (unit, *words), why in refused.items():
        assert mark(battle, "--unit", unit, *words) == 2
        roll = words[-1]
        assert capsys.readouterr().err == f"warbench: --roll {roll}: no overheat check happens, as {why}\n"
    assert battle.read_bytes() == before


def test_a_wreck_shows_its_heat_without_an_overheat(tmp_path, capsys):
    battle = warband_battle(tmp_path)
    assert mark(battle, "--unit", DUST_DEVIL, "--heat", "5", "--roll", "2") == 0
    capsys.readouterr()
    assert main(["battle", str(battle)]) == 0
    assert capsys.readouterr().out.splitlines()[4] == (
        "  Dust Devil                         0/37      heat 5; Head 2/2, Torso 0/2, Left Arm 2/2, Right Arm 2/2, "
        "Left Leg 4/4, Right Leg 4/4  destroyed"
    )
    assert main(["battle", str(battle), "--json"]) == 0
    unit = json.loads(capsys.readouterr().out)["sides"][0]["units"][2]
    assert (unit["heat"], unit["overheated"]) == (5, 0)
    session = BattleSession(battle, Store(tmp_path / "d"))
    state = session.track(0, 2).state(session.mark(0, 2))
    assert mech_line(state) == "heat 5" and mech_line(state, short=True) == "heat 5"


def test_king_of_the_hill_and_tug_of_war_redeploy_at_a_token_and_the_tracker_scores_at_the_upkeep(capsys):
    respawn = (
        "Respawn:   A destroyed mech, or one its pilot blew up, comes back with its",
        "           pilot at any token of its team's colour at the next Upkeep phase;",
        "           one its pilot blew up drops whatever it carried.",
    )
    assert main(["scenario", "show", "king-of-the-hill"]) == 0
    card = capsys.readouterr().out.splitlines()
    assert card[-7:-4] == [
        "Scoring:   Each Upkeep phase (the start of each turn) a team scores 1 VP per",
        "           token of its colour.",
        "Victory:   First team to 10 VP.",
    ]
    assert card[-4:] == ["Tracker:   VP at the start of each turn; first team to 10 VP wins", *respawn]
    assert main(["scenario", "show", "tug-of-war"]) == 0
    assert tuple(capsys.readouterr().out.splitlines()[-3:]) == respawn
    assert main(["scenario", "show", "rampage"]) == 0  # the book's own corner still
    assert capsys.readouterr().out.splitlines()[-2] == (
        "           pilot in its own corner at the next Upkeep phase; one its pilot"
    )
