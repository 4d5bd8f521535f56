"""McWarrior's overheat check as heat is recorded (the book's Heat): up to the torso's points left no die; above them
the player gives the die (`--roll N[:PART]`, or `--roll d6` for Warbench's); higher than the amount overheated goes
ahead, equal or lower is the number rolled in hits (the torso unless a part is named; shield and armour first) and
the mech shut down, refusing heat and actions until Upkeep or a Heat Exchanger cools it to its torso's points. The
Harbour Rats (ours): 1 Rustbucket (torso 3, Energy Shield 2), 2 Ironclad (torso 4, Additional Armor), 3 Dust Devil
(torso 2), 4 Lantern (torso 3, Heat Exchanger, Reaction Protocol, Energy Shield 1)."""

from __future__ import annotations

import json
import shutil

from builder.battles import new_battle, read_battle
from builder.battles.session import BattleSession
from builder.cli import main
from builder.editing.storage import Store
from builder.games.mcwarrior.overheat import Check, generate, overheated_by
from builder.games.mcwarrior.track import MechTrack
from builder.games.mcwarrior.unit_mark import MechMark
from tests.conftest import EXAMPLES
from tests.test_mcwarrior_upkeep import mark, warband_battle

RUSTBUCKET, IRONCLAD, DUST_DEVIL, LANTERN = "1", "2", "3", "4"
WHOLE = "Head 2/2, Torso 2/2, Left Arm 2/2, Right Arm 2/2, Left Leg 4/4, Right Leg 4/4"


def said(capsys) -> list[str]:
    return capsys.readouterr().out.splitlines()


def shut_down_dust_devil(battle, capsys) -> None:
    """The book's example on the Dust Devil: heat to its torso's 2, one more goes ahead on a 5, one more fails on a 1."""
    assert mark(battle, "--unit", DUST_DEVIL, "--heat", "2") == 0
    assert mark(battle, "--unit", DUST_DEVIL, "--heat", "1", "--roll", "5") == 0
    assert said(capsys)[-2] == "heat 3/2, overheated by 1: rolled 5, goes ahead"
    assert mark(battle, "--unit", DUST_DEVIL, "--heat", "1", "--roll", "1") == 0


def test_heat_above_the_torsos_points_without_a_die_is_one_line_exit_2_and_nothing_written(tmp_path, capsys):
    battle = warband_battle(tmp_path)
    assert mark(battle, "--unit", DUST_DEVIL, "--heat", "2") == 0  # up to its torso's 2: no die
    assert read_battle(battle).units == [MechMark(index=2, heat=2)]
    before = battle.read_bytes()
    capsys.readouterr()
    assert mark(battle, "--unit", DUST_DEVIL, "--heat", "1") == 2
    assert capsys.readouterr().err == (
        "warbench: Dust Devil overheats by 1 at heat 3/2: give the die rolled for the overheat check (--roll N), or "
        "--roll d6 for Warbench to roll it\n"
    )
    assert battle.read_bytes() == before


def test_a_die_at_or_below_the_amount_overheated_is_that_many_hits_and_the_mech_shut_down(tmp_path, capsys):
    battle = warband_battle(tmp_path)
    shut_down_dust_devil(battle, capsys)
    out = said(capsys)
    assert (
        out[0]
        == "heat 4/2, overheated by 2: rolled 1, 1 hit on Torso; SHUT DOWN: it cannot act until cooled to heat 1; "
        "the action does not happen"
    )
    assert out[1].endswith(
        "heat 4/1 (overheated by 3), SHUT DOWN until heat 1; Head 2/2, Torso 1/2, Left Arm 2/2, Right Arm 2/2, "
        "Left Leg 4/4, Right Leg 4/4"
    )
    assert read_battle(battle).units == [MechMark(index=2, lost={"torso": 1}, heat=4, shut_down=True)]
    assert main(["battle", str(battle), "--json"]) == 0
    units = json.loads(capsys.readouterr().out)["sides"][0]["units"]
    assert units[2]["shut_down"] == {"cool_to": 1} and "shut_down" not in units[0]


def test_a_shut_down_mech_refuses_heat_and_actions_but_cools_by_hand_and_takes_hits(tmp_path, capsys):
    battle = warband_battle(tmp_path)
    shut_down_dust_devil(battle, capsys)
    before = battle.read_bytes()
    capsys.readouterr()
    refusal = "warbench: Dust Devil is shut down by overheating: it cannot act until cooled to heat 1 (now 4)\n"
    for words in (["--heat", "1", "--roll", "6"], ["--use", "left-arm"], ["--use", "grappling-feet"]):
        assert mark(battle, "--unit", DUST_DEVIL, *words) == 2
        assert capsys.readouterr().err == refusal
    assert battle.read_bytes() == before
    assert mark(battle, "--unit", DUST_DEVIL, "--heat", "-2") == 0
    assert mark(battle, "--unit", DUST_DEVIL, "--hit", "head") == 0
    assert read_battle(battle).units == [MechMark(index=2, lost={"torso": 1, "head": 1}, heat=2, shut_down=True)]
    assert mark(battle, "--unit", DUST_DEVIL, "--heat", "-1") == 0  # at its torso's 1: it acts again
    assert read_battle(battle).units == [MechMark(index=2, lost={"torso": 1, "head": 1}, heat=1)]


def test_the_shield_and_the_armour_take_an_overheats_hits_first_and_a_part_can_be_named(tmp_path, capsys):
    battle = warband_battle(tmp_path)
    assert mark(battle, "--unit", RUSTBUCKET, "--heat", "3") == 0
    assert mark(battle, "--unit", RUSTBUCKET, "--heat", "2", "--roll", "2") == 0
    assert said(capsys)[-2] == (
        "heat 5/3, overheated by 2: rolled 2, 2 hits, 2 taken by Energy Shield 0/2: Torso takes nothing; SHUT DOWN: "
        "it cannot act until cooled to heat 3; the action does not happen"
    )
    assert mark(battle, "--unit", IRONCLAD, "--heat", "4") == 0
    assert mark(battle, "--unit", IRONCLAD, "--heat", "3", "--roll", "3:LEFT_ARM") == 0
    assert said(capsys)[-2] == (
        "heat 7/4, overheated by 3: rolled 3, 3 hits, 1 stopped by Additional Armor: Left Arm takes 2; SHUT DOWN: "
        "it cannot act until cooled to heat 4; the action does not happen"
    )
    assert read_battle(battle).units == [
        MechMark(index=0, heat=5, shield_lost={"right-arm": 2}, shut_down=True),
        MechMark(index=1, lost={"left-arm": 2}, heat=7, shut_down=True),
    ]


def test_an_overheat_that_takes_the_torso_to_0_destroys_the_mech_with_no_shut_down(tmp_path, capsys):
    battle = warband_battle(tmp_path)
    assert mark(battle, "--unit", DUST_DEVIL, "--heat", "5", "--roll", "2") == 0
    assert said(capsys)[0] == (
        "heat 5/2, overheated by 3: rolled 2, 2 hits on Torso: destroyed; the action does not happen"
    )
    assert read_battle(battle).units == [MechMark(index=2, lost={"torso": 2}, heat=5)]


def test_upkeep_and_the_heat_exchanger_lift_the_shut_down_at_the_torsos_points(tmp_path, capsys):
    battle = warband_battle(tmp_path)
    assert mark(battle, "--unit", LANTERN, "--heat", "4", "--roll", "1") == 0  # its shield takes the 1 hit
    assert mark(battle, "--unit", LANTERN, "--use", "reaction-protocol") == 2
    shutil.copy(battle, tmp_path / "copy.toml")
    capsys.readouterr()
    assert main(["battle", "turn", str(battle)]) == 0
    assert said(capsys)[1] == "Upkeep: Lantern cools to heat 3/3, no longer shut down."
    assert read_battle(battle).units == [MechMark(index=3, heat=3, shield_lost={"right-arm": 1})]
    assert mark(tmp_path / "copy.toml", "--unit", LANTERN, "--use", "heat-exchanger") == 0
    assert said(capsys)[0] == "Lantern uses Heat Exchanger: heat 4 to 0 (once a game: used), no longer shut down"
    assert read_battle(tmp_path / "copy.toml").units == [
        MechMark(index=3, shield_lost={"right-arm": 1}, used=["torso"])
    ]


def test_an_upgrade_used_is_checked_as_heat_is(tmp_path, capsys):
    battle = warband_battle(tmp_path)
    assert mark(battle, "--unit", DUST_DEVIL, "--heat", "2") == 0
    assert mark(battle, "--unit", DUST_DEVIL, "--use", "left-arm", "--roll", "1:right-leg") == 0
    assert said(capsys)[-2] == (
        "Dust Devil tries to use Short Range Weapon for 1 heat: heat 3/2, overheated by 1: rolled 1, 1 hit on Right "
        "Leg; SHUT DOWN: it cannot act until cooled to heat 2; the action does not happen"
    )


def test_warbench_rolls_the_check_and_the_location_die_the_same_again_after_an_undo(tmp_path, capsys):
    track = BattleSession(warband_battle(tmp_path), Store(tmp_path / "d")).track(0, 2)
    assert isinstance(track, MechTrack)
    faces = iter([1, 5])  # the check's 1, then the location die's 5: the left leg
    hot, words = generate(track, MechMark(index=2, heat=2), 1, Check(dice=lambda: next(faces)))
    assert (
        words
        == "heat 3/2, overheated by 1: rolled 1, 1 hit on Left Leg; SHUT DOWN: it cannot act until cooled to heat 2; "
        "the action does not happen"
    )
    assert hot == MechMark(index=2, lost={"left-leg": 1}, heat=3, shut_down=True)
    battle = tmp_path / "b.toml"
    assert mark(battle, "--unit", DUST_DEVIL, "--heat", "2") == 0
    shutil.copy(battle, tmp_path / "again.toml")
    capsys.readouterr()
    assert mark(battle, "--unit", DUST_DEVIL, "--heat", "3", "--roll", "d6") == 0
    assert mark(tmp_path / "again.toml", "--unit", DUST_DEVIL, "--heat", "3", "--roll", "d6") == 0
    first, again = capsys.readouterr().out.splitlines()[0::2]
    assert first == again and first.startswith("heat 5/2, overheated by 3: rolled ")


def test_a_roll_that_is_no_die_or_given_with_a_mark_that_reads_none_is_one_line_exit_2(tmp_path, capsys):
    battle = warband_battle(tmp_path)
    before = battle.read_bytes()
    refused = {
        (
            "--heat",
            "3",
            "--roll",
            "7",
        ): "--roll takes the die rolled (1 to 6), N:PART for its hits' part, or d6, not '7'",
        ("--heat", "3", "--roll", "2:wing"): (
            "Dust Devil has no part 'wing' (parts: head, torso, left-arm, right-arm, left-leg, right-leg)"
        ),
        ("--hit", "head", "--roll", "2"): f"{battle}: not marked: --hit does not take --roll",
    }
    for words, why in refused.items():
        assert mark(battle, "--unit", DUST_DEVIL, *words) == 2
        assert capsys.readouterr().err == f"warbench: {why}\n"
    assert battle.read_bytes() == before


def test_a_file_written_before_with_heat_above_the_torso_reads_as_it_did(tmp_path, capsys):
    """Heat recorded before the check is what happened: no shut-down read into it, and the mech goes on."""
    battle = warband_battle(tmp_path)
    battle.write_text(battle.read_text() + "\n[[units]]\nindex = 2\nheat = 5\n")
    assert main(["battle", str(battle)]) == 0
    assert said(capsys)[4].endswith(f"heat 5/2 (overheated by 3); {WHOLE}")
    assert mark(battle, "--unit", DUST_DEVIL, "--heat", "1", "--roll", "5") == 0
    assert said(capsys)[0] == "heat 6/2, overheated by 4: rolled 5, goes ahead"


def test_a_torso_repaired_up_to_the_heat_lifts_the_shut_down(tmp_path, capsys):
    battle = warband_battle(tmp_path)
    shut_down_dust_devil(battle, capsys)  # heat 4, torso 1/2
    assert mark(battle, "--unit", DUST_DEVIL, "--heat", "-2") == 0
    assert read_battle(battle).units == [MechMark(index=2, lost={"torso": 1}, heat=2, shut_down=True)]
    assert mark(battle, "--unit", DUST_DEVIL, "--hit", "torso:-1") == 0
    assert read_battle(battle).units == [MechMark(index=2, heat=2)]


def test_a_roll_given_in_another_games_battle_is_refused_in_one_line(tmp_path, capsys):
    shutil.copy(EXAMPLES / "warsurge-499.toml", tmp_path / "w.toml")
    battle = tmp_path / "b.toml"
    new_battle(tmp_path / "w.toml", None, battle)
    assert mark(battle, "--unit", "1", "--damage", "1", "--roll", "3") == 2
    assert capsys.readouterr().err == f"warbench: {battle}: --roll is a McWarrior mark, not one of a Warsurge battle\n"


def test_warbench_rolls_the_die_older_warbench_rolled_for_the_same_battle_and_mark(tmp_path, capsys):
    """The die comes from the battle's seed, the moment and the mech's mark as battles have always laid it out (every
    key a mark had in one model for every game), not from the layout of the class that holds it today: the same
    battle and `--roll d6` roll what Warbench rolled before each game's marks became its own model."""
    battle = warband_battle(tmp_path)
    assert mark(battle, "--unit", DUST_DEVIL, "--heat", "2") == 0
    capsys.readouterr()
    assert mark(battle, "--unit", DUST_DEVIL, "--heat", "3", "--roll", "d6") == 0
    assert said(capsys)[0] == "heat 5/2, overheated by 3: rolled 4, goes ahead"
    assert mark(battle, "--unit", RUSTBUCKET, "--hit", "head:3") == 0  # a part lost, the shield's levels lost
    assert mark(battle, "--unit", RUSTBUCKET, "--crit", "left-leg") == 0  # the legs' upgrade lost
    capsys.readouterr()
    assert mark(battle, "--unit", RUSTBUCKET, "--heat", "5", "--roll", "d6") == 0
    assert said(capsys)[0] == "heat 5/3, overheated by 2: rolled 3, goes ahead"


def test_an_overheated_mechs_action_making_no_heat_rolls_the_overheat_die_as_the_book_does_for_each_action(
    tmp_path, capsys
):
    """The book: "for each action perform these steps in order: Generate Heat, Check for overheating, If overheated,
    roll a die": the Dust Devil at 3/2 takes an action making no heat (`--heat 0`), and rolls for it."""
    battle = warband_battle(tmp_path)
    assert mark(battle, "--unit", DUST_DEVIL, "--heat", "3", "--roll", "5") == 0
    capsys.readouterr()
    before = battle.read_bytes()
    assert mark(battle, "--unit", DUST_DEVIL, "--heat", "0") == 2
    assert capsys.readouterr().err == (
        "warbench: Dust Devil is overheated by 1 at heat 3/2: give the die rolled for the overheat check (--roll N), "
        "or --roll d6 for Warbench to roll it\n"
    )
    assert battle.read_bytes() == before
    assert mark(battle, "--unit", DUST_DEVIL, "--heat", "0", "--roll", "2") == 0
    assert said(capsys)[0] == "heat 3/2, overheated by 1: rolled 2, goes ahead"
    assert mark(battle, "--unit", DUST_DEVIL, "--heat", "0", "--roll", "1") == 0
    assert said(capsys)[0].startswith("heat 3/2, overheated by 1: rolled 1, 1 hit on Torso; SHUT DOWN")
    assert mark(battle, "--unit", DUST_DEVIL, "--heat", "0") == 2  # shut down: no action at all, heat or none
    assert capsys.readouterr().err == (
        "warbench: Dust Devil is shut down by overheating: it cannot act until cooled to heat 1 (now 3)\n"
    )


def test_an_action_making_no_heat_at_or_below_the_torso_rolls_nothing_and_cooling_is_no_action(tmp_path, capsys):
    battle = warband_battle(tmp_path)
    session = BattleSession(battle, Store(tmp_path / "data"))
    track = session.track(0, 2)
    assert isinstance(track, MechTrack)
    assert overheated_by(track, MechMark(index=2, heat=2), 0) == 0
    assert overheated_by(track, MechMark(index=2, heat=4), 0) == 2  # the battle screen asks the die for this
    assert overheated_by(track, MechMark(index=2, heat=4), -1) == 0  # cooled by hand: no action, no die
    assert mark(battle, "--unit", DUST_DEVIL, "--heat", "2") == 0
    assert mark(battle, "--unit", DUST_DEVIL, "--heat", "0", "--roll", "3") == 2
    assert capsys.readouterr().err == (
        "warbench: --roll 3: no overheat check happens, as Dust Devil's heat 2 stays at or below its torso's 2 points\n"
    )


def test_warbench_rolls_a_new_die_for_each_action_making_no_heat_and_the_file_keeps_the_checks_passed(tmp_path, capsys):
    """A passed check of an action making no heat changed nothing the die is seeded from, so `--roll d6` rolled the
    same 5 every time (an overheated mech passed every such action once it passed the first): the check passed is
    kept in the mark (`checks`), and the next die is a new one."""
    battle = warband_battle(tmp_path)
    assert mark(battle, "--unit", DUST_DEVIL, "--heat", "3", "--roll", "5") == 0
    capsys.readouterr()
    assert mark(battle, "--unit", DUST_DEVIL, "--heat", "0", "--roll", "d6") == 0
    assert said(capsys)[0] == "heat 3/2, overheated by 1: rolled 5, goes ahead"
    assert [m.checks for m in read_battle(battle).marks(0) if m.index == 2] == [1]
    assert mark(battle, "--unit", DUST_DEVIL, "--heat", "0", "--roll", "d6") == 0
    assert said(capsys)[0] == (
        "heat 3/2, overheated by 1: rolled 1, 1 hit on Left Arm; SHUT DOWN: it cannot act until cooled to heat 2; "
        "the action does not happen"
    )
