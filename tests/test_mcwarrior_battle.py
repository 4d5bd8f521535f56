"""A McWarrior mech's parts at 0 in battle, as the book says: an arm at 0 rolls no dice, so its weapon cannot attack
(a critical hit there still destroys it, then hits the torso); legs at 0 move nothing but the Techie's 2"; a head at
0 is a target number of 0. Worked by hand on the Rustbucket example (head 3, torso 3, arms 2, legs 2; Targeting
System 3, Long Range Weapon 2 on the left arm, Energy Shield level 2 for 5 on the right, Jump Jets 2: 36 bolts)."""

from __future__ import annotations

import shutil

import pytest

from builder.battles import new_battle, read_battle
from builder.battles.text import left_words
from builder.cli import main
from builder.games.mcwarrior.battle import tracks
from builder.games.mcwarrior.mech_report import wrecked_words
from builder.games.mcwarrior.overheat import part_named
from builder.games.mcwarrior.track import MechTrack
from builder.games.mcwarrior.tui.battle import move_words
from builder.games.mcwarrior.unit_mark import MechMark
from builder.roster.files import read_roster
from tests.conftest import EXAMPLES


def rustbucket(skill: str = "sniper") -> MechTrack:
    loaded = read_roster(EXAMPLES / "mcwarrior-rustbucket.toml")
    mech = loaded.roster.mechs[0].model_copy(update={"skill": skill})
    track = tracks(loaded.roster.model_copy(update={"mechs": [mech]}), loaded.catalogue)[0]
    assert isinstance(track, MechTrack)
    return track


def marked(**lost: int) -> MechMark:
    return MechMark(index=0, lost={part.replace("_", "-"): n for part, n in lost.items()})


def test_an_arm_at_0_keeps_its_weapon_but_it_cannot_attack_and_the_mech_is_worth_as_much():
    track = rustbucket()
    state = track.state(marked(left_arm=2))
    numbers = state.derived
    assert numbers["dice"] == {"left-arm": 0, "right-arm": 2}
    assert numbers["cannot_attack"] == {"left-arm": "Long Range Weapon"}
    assert numbers["upgrades"] == {"head": "Targeting System", "right-arm": "Energy Shield", "legs": "Jump Jets"}
    assert numbers["upgrades_lost"] == {} and state.remaining == 36  # not destroyed: the bolts still count
    assert track.details(state)["cannot_attack"] == {"left-arm": "Long Range Weapon"}
    assert wrecked_words(track, state) == ["Left Arm 0 — Long Range Weapon cannot attack"]
    assert left_words(state) == (
        "heat 0/3; Head 3/3, Torso 3/3, Left Arm 0/2, Right Arm 2/2, Left Leg 2/2, Right Leg 2/2; "
        "Left Arm 0 — Long Range Weapon cannot attack",
        "",
    )
    repaired = track.state(marked(left_arm=1)).derived  # one point back: one die, and the weapon fires again
    assert (repaired["cannot_attack"], repaired["upgrades"]["left-arm"]) == ({}, "Long Range Weapon")


def test_an_energy_shield_rolls_no_dice_and_keeps_working_on_an_arm_at_0():
    state = rustbucket().state(marked(right_arm=2))
    assert state.derived["cannot_attack"] == {} and state.derived["upgrades"]["right-arm"] == "Energy Shield"
    assert wrecked_words(rustbucket(), state) == []


def test_a_critical_hit_on_an_arm_at_0_destroys_its_weapon_then_the_torso_takes_1():
    track = rustbucket()
    mark, said = track.critical(marked(left_arm=2), "left-arm")
    assert said == "Long Range Weapon destroyed" and mark.upgrades_lost == ["left-arm"]
    state = track.state(mark)
    assert (state.derived["cannot_attack"], state.derived["upgrades_lost"]) == ({}, {"left-arm": "Long Range Weapon"})
    assert state.remaining == 34 and wrecked_words(track, state) == []
    mark, said = track.critical(mark, "left-arm")  # nothing left there: 1 damage to the torso
    assert said == "no upgrade there: 1 damage to the Torso"
    assert mark.lost == {"left-arm": 2, "torso": 1} and track.state(mark).parts_left["torso"] == 2


TECHIE_AT_0 = "legs 0 — moves 2\" by the pilot's skill"


@pytest.mark.parametrize(
    ("skill", "lost", "move", "legs", "shown", "words"),
    [
        ("sniper", {}, 4, 4, "move 4", []),
        ("sniper", {"left_leg": 2, "right_leg": 1}, 1, 1, "move 1", []),
        ("sniper", {"left_leg": 2, "right_leg": 2}, 0, 0, "move 0", ["legs 0 — cannot move"]),
        ("techie", {}, 4, 4, "move 4", []),
        ("techie", {"left_leg": 2, "right_leg": 1}, 2, 1, "move 2 (skill)", []),
        ("techie", {"left_leg": 2, "right_leg": 2}, 2, 0, "move 2 (skill)", [TECHIE_AT_0]),
    ],
)
def test_legs_move_their_sum_and_a_techie_still_moves_2_inches(skill, lost, move, legs, shown, words):
    track = rustbucket(skill)
    state = track.state(marked(**lost))
    assert (state.derived["move"], state.derived["legs_move"], move_words(state)) == (move, legs, shown)
    assert wrecked_words(track, state) == words


def test_a_head_at_0_is_a_target_number_of_0_that_hits_only_with_a_bonus():
    track = rustbucket()
    state = track.state(marked(head=3))
    assert state.derived["target_number"] == 0 and state.derived["upgrades"]["head"] == "Targeting System"
    assert wrecked_words(track, state) == ["target number 0 — hits only with a bonus"]


def test_hits_or_a_critical_on_a_destroyed_mech_and_a_repair_of_a_part_that_lost_nothing_are_refused():
    track = rustbucket()
    wreck = marked(torso=3)
    for refused in (lambda: track.hit(wreck, "head", 1), lambda: track.critical(wreck, "left-arm")):
        with pytest.raises(ValueError, match=r"^Rustbucket is destroyed: its Torso has no points left$"):
            refused()
    assert track.hit(wreck, "torso", -1).lost == {"torso": 2}  # a repair of what it lost is taken
    with pytest.raises(ValueError, match=r"^Rustbucket's Head has lost no points to repair$"):
        track.hit(marked(left_arm=1), "head", -1)


def test_the_command_line_takes_a_part_typed_with_an_underscore_and_refuses_hits_or_heat_on_a_wreck(tmp_path, capsys):
    import shutil

    from builder.battles import new_battle, read_battle
    from builder.cli import main

    shutil.copy(EXAMPLES / "mcwarrior-rustbucket.toml", tmp_path / "r.toml")
    battle = tmp_path / "b.toml"
    new_battle(tmp_path / "r.toml", None, battle)
    assert main(["battle", "mark", str(battle), "--unit", "1", "--hit", "left_arm:4"]) == 0  # 2 on its shield first
    assert main(["battle", "mark", str(battle), "--unit", "1", "--hit", "torso:3"]) == 0
    assert read_battle(battle).units[0].lost == {"left-arm": 2, "torso": 3}
    capsys.readouterr()
    for refused in (["--hit", "head"], ["--crit", "head"], ["--heat", "2"]):
        assert main(["battle", "mark", str(battle), "--unit", "1", *refused]) == 2
        assert capsys.readouterr().err == "warbench: Rustbucket is destroyed: its Torso has no points left\n"
    assert main(["battle", "mark", str(battle), "--unit", "1", "--crit", "LEFT_LEG"]) == 2  # as typed, in its words
    assert "warbench: Rustbucket is destroyed" in capsys.readouterr().err
    assert main(["battle", "mark", str(battle), "--unit", "1", "--hit", "tail_fin:1"]) == 2
    assert capsys.readouterr().err.startswith("warbench: Rustbucket has no part 'tail_fin' (parts: head, torso, ")


def test_a_part_is_named_as_the_screen_shows_it_or_by_its_id(tmp_path, capsys):
    """`--hit "Left Arm"`, as the battle text and the screen write the part, is the left arm, as `--use "Jump Jets"`
    is the upgrade; the id in any case and with `_` still is, and a part the mech has not is none."""
    track = rustbucket()
    named = ["Left Arm", "left arm", "LEFT_ARM", "left-arm", "Right Leg", " torso ", "Tail Fin", "la", ""]
    assert [part_named(track, typed) for typed in named] == [
        *["left-arm"] * 4,
        "right-leg",
        "torso",
        None,
        None,
        None,
    ]
    shutil.copy(EXAMPLES / "mcwarrior-rustbucket.toml", tmp_path / "r.toml")
    battle = tmp_path / "b.toml"
    new_battle(tmp_path / "r.toml", None, battle)
    assert main(["battle", "mark", str(battle), "--unit", "1", "--hit", "Left Leg:3"]) == 0  # 2 on its shield first
    assert main(["battle", "mark", str(battle), "--unit", "1", "--crit", "Head"]) == 0
    assert read_battle(battle).units[0].lost == {"left-leg": 1}
    assert read_battle(battle).units[0].upgrades_lost == ["head"]
    assert main(["battle", "mark", str(battle), "--unit", "1", "--hit", "Left Foot"]) == 2
    assert "warbench: Rustbucket has no part 'Left Foot' (parts: head, torso, " in capsys.readouterr().err


@pytest.mark.parametrize("pilot, shown", [("Kai", "Kai, Sniper"), ("", "unnamed, Sniper")])
def test_the_battle_pane_says_an_unnamed_pilots_skill_as_a_skill(pilot, shown):
    """An unnamed pilot (the book: a name 'if you want to') read 'pilot Sniper' on the battle screen, as if Sniper
    were the pilot's name."""
    loaded = read_roster(EXAMPLES / "mcwarrior-rustbucket.toml")
    loaded.roster.mechs[0].pilot = pilot
    track = tracks(loaded.roster, loaded.catalogue)[0]
    assert isinstance(track, MechTrack) and track.pilot == shown
