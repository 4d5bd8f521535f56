"""The Respawn rule of Capture The Flag, King Of The Hill, Rampage and Tug Of War ("Whenever a Mech is destroyed,
during the next Upkeep phase the Mech is redeployed with his Pilot"), and the pilot's self-destruct that goes with
it: recorded with the turn that begins the Upkeep, so battle files written before read as they did; scenarios
without it keep a wreck a wreck. Anna's Rustbucket (Energy Shield 2, torso 3) against Ben's Harbour Rats."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.battles import battle_code, battle_from_code, new_battle, read_battle
from builder.battles.session import BattleSession
from builder.cli import main
from builder.editing.storage import Store
from builder.games.mcwarrior.marks import heated, hit, use_upgrade
from builder.games.mcwarrior.unit_mark import MechMark
from builder.scenarios.record import ScenarioPlay
from exports.share.battle import open_battle
from tests.conftest import examples_in
from tests.test_mcwarrior_upkeep import mark


def battle_under(tmp_path: Path, scenario: str | None) -> Path:
    examples_in(tmp_path)
    battle = tmp_path / "b.toml"
    play = ScenarioPlay(players=["Anna", "Ben"]) if scenario else None
    new_battle(
        tmp_path / "mcwarrior-rustbucket.toml",
        str(tmp_path / "mcwarrior-warband.toml"),
        battle,
        scenario=scenario,
        play=play,
    )
    return battle


def turn(battle: Path, capsys) -> list[str]:
    assert main(["battle", "turn", str(battle)]) == 0
    return capsys.readouterr().out.splitlines()


@pytest.mark.parametrize("scenario", ["rampage", "capture-the-flag", "king-of-the-hill", "tug-of-war"])
def test_a_mech_destroyed_is_redeployed_as_it_started_at_the_next_upkeep(tmp_path, capsys, scenario):
    battle = battle_under(tmp_path, scenario)
    assert mark(battle, "--unit", "1", "--heat", "2") == 0
    assert mark(battle, "--unit", "1", "--crit", "head") == 0  # the Targeting System destroyed
    assert mark(battle, "--unit", "1", "--hit", "torso:5") == 0  # 2 on the shield, the torso's 3
    assert read_battle(battle).units[0].lost == {"torso": 3}
    capsys.readouterr()
    assert main(["battle", str(battle)]) == 0
    assert "Out of the game" not in capsys.readouterr().out  # back at the next Upkeep: not out for that
    assert turn(battle, capsys)[1] == "Upkeep: Rustbucket redeploys with its pilot, as it started."
    assert read_battle(battle).units == [MechMark(index=0, returned=1)]
    assert main(["battle", str(battle)]) == 0
    line = capsys.readouterr().out.splitlines()[2]
    assert line.split(None, 2)[1:] == [
        "36/36",
        "heat 0/3; Head 3/3, Torso 3/3, Left Arm 2/2, Right Arm 2/2, Left Leg 2/2, Right Leg 2/2; redeployed 1×",
    ]


def test_the_other_mechs_cool_in_the_same_upkeep_and_one_undo_takes_both_back(tmp_path):
    battle = battle_under(tmp_path, "rampage")
    session = BattleSession(battle, Store(tmp_path / "data"))
    heated(session, 1, 2, 3)
    hit(session, 0, 0, "torso", 5)
    wreck = session.ledger.units
    assert (
        session.next_turn()
        == "Upkeep: Rustbucket redeploys with its pilot, as it started; Dust Devil cools to heat 2/2."
    )
    assert session.ledger.units == [MechMark(index=0, returned=1)]
    session.undo()
    assert session.ledger.units == wreck and session.ledger.turn == 1


def test_a_redeployed_mech_keeps_its_heat_exchanger_used(tmp_path, capsys):
    battle = battle_under(tmp_path, "rampage")
    assert mark(battle, "--theirs", "--unit", "4", "--heat", "3") == 0
    assert mark(battle, "--theirs", "--unit", "4", "--use", "torso") == 0
    assert mark(battle, "--theirs", "--unit", "4", "--self-destruct") == 0
    assert capsys.readouterr().out.splitlines()[-2] == (
        "Lantern self-destructs: it redeploys with its pilot at the next Upkeep, dropping what it carried"
    )
    assert read_battle(battle).opponent_units == [MechMark(index=3, lost={"torso": 3}, used=["torso"])]
    assert turn(battle, capsys)[1] == "Upkeep: Lantern redeploys with its pilot, as it started."
    assert read_battle(battle).opponent_units == [MechMark(index=3, used=["torso"], returned=1)]


@pytest.mark.parametrize("scenario", ["last-mech-standing", "mass-carnage", "theft", None])
def test_without_respawn_a_wreck_stays_and_a_self_destruct_is_refused(tmp_path, capsys, scenario):
    battle = battle_under(tmp_path, scenario)
    before = battle.read_bytes()
    assert mark(battle, "--unit", "1", "--self-destruct") == 2
    name = {"last-mech-standing": "Last Mech Standing", "mass-carnage": "Mass Carnage", "theft": "Theft"}
    plays = f"{name[scenario]} plays without it" if scenario else "this battle plays no scenario"
    assert capsys.readouterr().err == f"warbench: a pilot self-destructs under a scenario's Respawn rule; {plays}\n"
    assert battle.read_bytes() == before
    assert mark(battle, "--theirs", "--unit", "2", "--hit", "torso:9") == 0  # the Ironclad (Additional Armor)
    capsys.readouterr()
    assert not any("redeploys" in line for line in turn(battle, capsys))
    assert read_battle(battle).opponent_units == [MechMark(index=1, lost={"torso": 4})]


def test_a_mech_destroyed_self_destructs_no_more(tmp_path, capsys):
    battle = battle_under(tmp_path, "rampage")
    assert mark(battle, "--unit", "1", "--self-destruct") == 0
    capsys.readouterr()
    assert mark(battle, "--unit", "1", "--self-destruct") == 2
    assert capsys.readouterr().err == "warbench: Rustbucket is destroyed: its Torso has no points left\n"


def test_a_file_written_before_keeps_its_wreck_until_a_turn_is_recorded(tmp_path, capsys):
    battle = battle_under(tmp_path, "rampage")
    with battle.open("a") as file:  # as an older Warbench wrote a wreck: its marks only
        file.write("\n[[units]]\nindex = 0\nlost = { torso = 3 }\n")
    assert main(["battle", str(battle)]) == 0
    assert "0/36" in capsys.readouterr().out.splitlines()[2]
    assert turn(battle, capsys)[1] == "Upkeep: Rustbucket redeploys with its pilot, as it started."


def test_the_battle_code_carries_shields_uses_and_redeployments_and_an_old_battle_keeps_its_code(tmp_path):
    battle = battle_under(tmp_path, "rampage")
    plain = battle_code(battle)
    session = BattleSession(battle, Store(tmp_path / "data"))
    hit(session, 0, 0, "head", 1)
    heated(session, 1, 3, 2)
    use_upgrade(session, 1, 3, "torso")
    use_upgrade(session, 0, 0, "right-arm")
    hit(session, 1, 0, "torso", 9)
    session.next_turn()
    hit(session, 0, 0, "head", 1)
    session.save()
    code = battle_code(battle)
    (tmp_path / "in").mkdir()
    received = battle_from_code(code, tmp_path / "in" / "b.toml")
    assert received.units == [MechMark(index=0, shield_lost={"right-arm": 1}, shield_restored=1)]
    assert received.opponent_units == [MechMark(index=0, returned=1), MechMark(index=3, used=["torso"])]
    assert received.units == read_battle(battle).units and received.play == read_battle(battle).play
    assert (open_battle(plain)[2], open_battle(code)[2]) == (False, True)  # only a mark with more needs the new kind
    assert battle_code(tmp_path / "in" / "b.toml") == code


@pytest.mark.parametrize("scenario", ["rampage", "king-of-the-hill"])
def test_a_self_destruct_at_level_vp_puts_nobody_ahead(tmp_path, capsys, scenario):
    """The mech comes back at the next Upkeep and the scenario is won on VP: a smaller share of Anna's army left
    does not put Ben ahead while the VP are level; VP alone decide."""
    battle = battle_under(tmp_path, scenario)
    assert mark(battle, "--unit", "1", "--self-destruct") == 0
    capsys.readouterr()
    assert main(["battle", str(battle)]) == 0
    said = [line for line in capsys.readouterr().out.splitlines() if line.startswith(("ahead", "level"))]
    assert said == ["level: nobody ahead (VP: 0 against 0)"]
    assert main(["battle", "score", str(battle), "--side", "Anna", "--vp", "1"]) == 0
    assert main(["battle", str(battle)]) == 0
    said = [line for line in capsys.readouterr().out.splitlines() if line.startswith(("ahead", "level"))]
    assert said == ["ahead: Anna (VP: 1 against 0)"]
