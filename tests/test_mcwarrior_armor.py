"""Additional Armor ("Reduce all hits this Mech receives by 1, no matter the body part hit") as a hit is recorded:
`battle mark --hit` and the app's hit key take one hit less from each batch on the Ironclad, and say so; a critical
hit that destroys the armour ends it; a repair is as typed. Files written before read as they did."""

from __future__ import annotations

from builder.battles import read_battle
from builder.battles.session import BattleSession
from builder.editing.storage import Store
from builder.games.mcwarrior.marks import hit
from builder.games.mcwarrior.unit_mark import MechMark
from tests.test_mcwarrior_upkeep import mark, warband_battle

IRONCLAD = "2"


def test_three_hits_on_the_ironclad_s_right_arm_take_two(tmp_path, capsys):
    battle = warband_battle(tmp_path)
    assert mark(battle, "--unit", IRONCLAD, "--hit", "right-arm:3") == 0
    out = capsys.readouterr().out.splitlines()
    assert (
        out[0] == "3 hits, 1 stopped by Additional Armor: Right Arm takes 1, 1 more to the torso"
    )  # the arm has 1 point
    assert out[1].startswith("Ironclad") and "Torso 3/4, Left Arm 3/3, Right Arm 0/1" in out[1]
    assert read_battle(battle).units[0].lost == {"right-arm": 1, "torso": 1}  # the arm's 1, the excess to the torso


def test_hits_on_an_arm_at_0_are_said_as_going_to_the_torso_not_as_the_arm_taking_0(tmp_path, capsys):
    """The arm has no points left: its share of the batch is nothing, all of it the torso's ("takes 0, 2 more to
    the torso" said more than the arm took)."""
    battle = warband_battle(tmp_path)
    assert mark(battle, "--unit", IRONCLAD, "--hit", "right-arm:2") == 0
    capsys.readouterr()
    assert mark(battle, "--unit", IRONCLAD, "--hit", "right-arm:3") == 0
    assert capsys.readouterr().out.splitlines()[0] == (
        "3 hits, 1 stopped by Additional Armor: Right Arm takes nothing, 2 to the torso"
    )
    assert read_battle(battle).units[0].lost == {"right-arm": 1, "torso": 2}
    assert mark(battle, "--unit", IRONCLAD, "--hit", "right-arm:9") == 0
    assert capsys.readouterr().out.splitlines()[0] == (
        "9 hits, 1 stopped by Additional Armor: Right Arm takes nothing, 2 to the torso: all it had"
    )


def test_one_hit_is_stopped_whole_and_nothing_is_written(tmp_path, capsys):
    battle = warband_battle(tmp_path)
    before = battle.read_bytes()
    assert mark(battle, "--unit", IRONCLAD, "--hit", "head") == 0
    assert capsys.readouterr().out.splitlines()[0] == "1 hit, 1 stopped by Additional Armor: Head takes nothing"
    assert battle.read_bytes() == before


def test_armour_destroyed_by_a_critical_hit_stops_nothing_and_repairs_are_as_typed(tmp_path, capsys):
    battle = warband_battle(tmp_path)
    assert mark(battle, "--unit", IRONCLAD, "--crit", "torso") == 0
    capsys.readouterr()
    assert mark(battle, "--unit", IRONCLAD, "--hit", "left-arm:3") == 0
    assert "stopped" not in capsys.readouterr().out
    assert mark(battle, "--unit", IRONCLAD, "--hit", "left-arm:-2") == 0
    assert read_battle(battle).units[0].lost == {"left-arm": 1}


def test_a_mech_without_armour_or_shield_takes_every_hit(tmp_path, capsys):
    battle = warband_battle(tmp_path)
    assert mark(battle, "--unit", "3", "--hit", "right-arm:2") == 0  # the Dust Devil
    assert "stopped" not in capsys.readouterr().out
    assert read_battle(battle).units[0].lost == {"right-arm": 2}


def test_the_session_returns_the_words_for_the_app_and_a_stopped_batch_is_no_undo_step(tmp_path):
    session = BattleSession(warband_battle(tmp_path), Store(tmp_path / "data"))
    assert hit(session, 0, 1, "left-arm", 2) == "2 hits, 1 stopped by Additional Armor: Left Arm takes 1"
    assert session.ledger.units == [MechMark(index=1, lost={"left-arm": 1})]
    assert hit(session, 0, 1, "head", 1) == "1 hit, 1 stopped by Additional Armor: Head takes nothing"
    assert session.undo() == "Ironclad: 2 hits, 1 stopped by Additional Armor: Left Arm takes 1"
    assert session.ledger.units == []
