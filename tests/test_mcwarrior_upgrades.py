"""A mech's upgrades at the table, as each event is recorded: an Energy Shield's levels take hits first and one comes
back once a turn for 1 action and 1 heat while a level remains; the Heat Exchanger resets the heat to 0 once a game;
an Active upgrade used generates the heat its description says (`battle mark --use`). The Harbour Rats (ours):
1 Rustbucket (Targeting System, Long Range Weapon, Energy Shield 2, Jump Jets; torso 3), 2 Ironclad (Rocket Launcher,
Additional Armor, Far Range Weapon, Melee Weapon, Boosters), 3 Dust Devil (two Short Range Weapons; torso 2),
4 Lantern (Reaction Protocol, Heat Exchanger, Long Range Weapon, Energy Shield 1)."""

from __future__ import annotations

import json

from builder.battles import new_battle, read_battle
from builder.battles.session import BattleSession
from builder.cli import main
from builder.editing.storage import Store
from builder.games.mcwarrior.marks import heated, hit, use_upgrade
from builder.games.mcwarrior.unit_mark import MechMark
from tests.conftest import REPO, examples_in
from tests.test_mcwarrior_upkeep import mark, warband_battle

RUSTBUCKET, IRONCLAD, DUST_DEVIL, LANTERN = "1", "2", "3", "4"
BULWARK = """warbench = 1
game = "mcwarrior"
catalogue = "mcwarrior"
name = "Bulwark"
budget = 40

[[mechs]]
name = "Bulwark"
pilot = "Ivo"
skill = "techie"
parts = { head = 2, torso = 3, left-arm = 2, right-arm = 2, left-leg = 2, right-leg = 2 }
upgrades = { torso = "additional-armor", left-arm = { id = "energy-shield", level = 1 }, right-arm = { id = "energy-shield", level = 2 } }
"""


def said(capsys) -> list[str]:
    """What the command printed: its words, then the unit's line."""
    return capsys.readouterr().out.splitlines()


def test_the_shield_takes_the_first_hits_of_a_batch_and_the_part_the_rest(tmp_path, capsys):
    battle = warband_battle(tmp_path)
    assert mark(battle, "--unit", RUSTBUCKET, "--hit", "head:3") == 0
    out = said(capsys)
    assert out[0] == "3 hits, 2 taken by Energy Shield 0/2: Head takes 1"
    assert out[1].endswith(
        "Head 2/3, Torso 3/3, Left Arm 2/2, Right Arm 2/2, Left Leg 2/2, Right Leg 2/2; Energy Shield 0/2"
    )
    assert read_battle(battle).units == [MechMark(index=0, lost={"head": 1}, shield_lost={"right-arm": 2})]


def test_hits_past_what_a_part_has_left_are_said_as_they_land_on_it_and_the_torso(tmp_path, capsys):
    """A batch the shield took some of says what the part takes of the rest: what it had left, the excess to the
    torso, and where even the torso runs out, that it took all it had (not "Torso takes 97" of 3 points)."""
    for part, hits, words in (
        ("head", 6, "6 hits, 2 taken by Energy Shield 0/2: Head takes 3, 1 more to the torso"),
        ("head", 12, "12 hits, 2 taken by Energy Shield 0/2: Head takes 3, 3 more to the torso: all it had"),
        ("torso", 99, "99 hits, 2 taken by Energy Shield 0/2: Torso takes 3 of 97: all it had"),
    ):
        (folder := tmp_path / f"{part}-{hits}").mkdir()
        battle = warband_battle(folder)
        assert mark(battle, "--unit", RUSTBUCKET, "--hit", f"{part}:{hits}") == 0
        assert said(capsys)[0] == words


def test_a_batch_the_shield_takes_whole_is_written_as_the_levels_it_cost(tmp_path, capsys):
    battle = warband_battle(tmp_path)
    assert mark(battle, "--unit", LANTERN, "--hit", "torso") == 0
    assert said(capsys)[0] == "1 hit, 1 taken by Energy Shield 0/1: Torso takes nothing"
    assert read_battle(battle).units == [MechMark(index=3, shield_lost={"right-arm": 1})]


def test_two_shields_in_turn_then_the_armour_then_the_part(tmp_path):
    (tmp_path / "bulwark.toml").write_text(BULWARK)
    battle = tmp_path / "b.toml"
    new_battle(tmp_path / "bulwark.toml", None, battle)
    session = BattleSession(battle, Store(tmp_path / "data"))
    assert hit(session, 0, 0, "head", 5) == (
        "5 hits, 1 taken by Energy Shield (Left Arm) 0/1, 2 taken by Energy Shield (Right Arm) 0/2, "
        "1 stopped by Additional Armor: Head takes 1"
    )
    assert session.mark(0, 0).lost == {"head": 1}
    assert session.mark(0, 0).shield_lost == {"left-arm": 1, "right-arm": 2}
    assert hit(session, 0, 0, "head", 1) == "1 hit, 1 stopped by Additional Armor: Head takes nothing"


def test_a_shield_a_critical_hit_destroyed_takes_nothing(tmp_path, capsys):
    battle = warband_battle(tmp_path)
    assert mark(battle, "--unit", RUSTBUCKET, "--crit", "right-arm") == 0
    assert mark(battle, "--unit", RUSTBUCKET, "--hit", "head:2") == 0
    assert read_battle(battle).units == [MechMark(index=0, lost={"head": 2}, upgrades_lost=["right-arm"])]
    capsys.readouterr()
    assert mark(battle, "--unit", RUSTBUCKET, "--use", "right-arm") == 2
    assert capsys.readouterr().err == "warbench: Rustbucket's Energy Shield was destroyed by a critical hit\n"


def test_a_level_comes_back_once_a_turn_for_1_heat_while_one_remains(tmp_path, capsys):
    battle = warband_battle(tmp_path)
    assert mark(battle, "--unit", RUSTBUCKET, "--hit", "head:1") == 0
    assert mark(battle, "--unit", RUSTBUCKET, "--use", "energy-shield") == 0
    assert said(capsys)[-2] == "Rustbucket restores Energy Shield 2/2 for 1 heat: heat 1/3"
    assert read_battle(battle).units == [MechMark(index=0, heat=1, shield_restored=1)]
    assert mark(battle, "--unit", RUSTBUCKET, "--hit", "head:1") == 0
    capsys.readouterr()
    before = battle.read_bytes()
    assert mark(battle, "--unit", RUSTBUCKET, "--use", "right-arm") == 2  # once a turn
    assert (
        capsys.readouterr().err == "warbench: Rustbucket's pilot has restored a shield level this turn (once a turn)\n"
    )
    assert battle.read_bytes() == before
    assert main(["battle", "turn", str(battle)]) == 0  # turn 2: the Upkeep cools the heat 1 to 0
    assert mark(battle, "--unit", RUSTBUCKET, "--use", "Energy Shield") == 0
    assert read_battle(battle).units == [MechMark(index=0, heat=1, shield_restored=2)]


def test_a_shield_at_full_or_with_no_level_left_is_not_restored(tmp_path, capsys):
    battle = warband_battle(tmp_path)
    assert mark(battle, "--unit", RUSTBUCKET, "--use", "right-arm") == 2
    assert capsys.readouterr().err == "warbench: Energy Shield 2/2 has lost no level to restore\n"
    assert mark(battle, "--unit", RUSTBUCKET, "--hit", "head:2") == 0
    capsys.readouterr()
    assert mark(battle, "--unit", RUSTBUCKET, "--use", "right-arm") == 2
    assert capsys.readouterr().err == (
        "warbench: Energy Shield 0/2: a level is restored only while at least 1 remains\n"
    )


def test_the_shield_s_levels_in_the_json(tmp_path, capsys):
    battle = warband_battle(tmp_path)
    assert mark(battle, "--unit", RUSTBUCKET, "--hit", "head:1") == 0
    capsys.readouterr()
    assert main(["battle", str(battle), "--json"]) == 0
    units = json.loads(capsys.readouterr().out)["sides"][0]["units"]
    assert units[0]["shields"] == {"right-arm": {"left": 1, "of": 2}}
    assert units[3]["shields"] == {"right-arm": {"left": 1, "of": 1}}
    assert "shields" not in units[1] and units[3]["heat_exchanger_used"] is False


def test_the_heat_exchanger_resets_the_heat_to_0_once_a_game(tmp_path, capsys):
    battle = warband_battle(tmp_path)
    assert mark(battle, "--unit", LANTERN, "--heat", "5", "--roll", "6") == 0
    assert mark(battle, "--unit", LANTERN, "--use", "heat-exchanger") == 0
    assert said(capsys)[-2:] == [
        "Lantern uses Heat Exchanger: heat 5 to 0 (once a game: used)",
        "Lantern                           37/37      heat 0/3; Head 4/4, Torso 3/3, Left Arm 3/3, Right Arm 1/1, "
        "Left Leg 2/2, Right Leg 2/2; Heat Exchanger used",  # the report says it too, as the screen's "(used)"
    ]
    assert read_battle(battle).units == [MechMark(index=3, used=["torso"])]
    assert mark(battle, "--unit", LANTERN, "--heat", "2") == 0
    capsys.readouterr()
    assert mark(battle, "--unit", LANTERN, "--use", "torso") == 2
    assert capsys.readouterr().err == "warbench: Heat Exchanger works once a game: Lantern has used it\n"
    assert main(["battle", str(battle), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["sides"][0]["units"][3]["heat_exchanger_used"] is True


def test_the_heat_exchanger_is_refused_at_heat_0_destroyed_or_on_a_mech_without_one(tmp_path, capsys):
    battle = warband_battle(tmp_path)
    before = battle.read_bytes()
    assert mark(battle, "--unit", LANTERN, "--use", "torso") == 2
    assert capsys.readouterr().err == (
        "warbench: Lantern's heat is 0 already: Heat Exchanger (once a game) would reset nothing\n"
    )
    assert mark(battle, "--unit", RUSTBUCKET, "--use", "heat-exchanger") == 2
    assert capsys.readouterr().err == (
        "warbench: Rustbucket has no upgrade 'heat-exchanger' (its upgrades: Targeting System (head), Long Range "
        "Weapon (left-arm), Energy Shield (right-arm), Jump Jets (legs))\n"
    )
    assert battle.read_bytes() == before
    assert mark(battle, "--unit", LANTERN, "--heat", "4", "--roll", "6") == 0
    assert mark(battle, "--unit", LANTERN, "--crit", "torso") == 0
    capsys.readouterr()
    assert mark(battle, "--unit", LANTERN, "--use", "torso") == 2
    assert capsys.readouterr().err == "warbench: Lantern's Heat Exchanger was destroyed by a critical hit\n"


def test_an_active_upgrade_used_generates_the_heat_its_description_says(tmp_path, capsys):
    battle = warband_battle(tmp_path)
    assert mark(battle, "--unit", RUSTBUCKET, "--use", "head") == 0
    assert said(capsys)[0] == "Rustbucket uses Targeting System for 1 heat: heat 1/3"
    assert mark(battle, "--unit", RUSTBUCKET, "--use", "left-leg") == 0  # either leg: the legs' Jump Jets
    assert said(capsys)[0] == "Rustbucket uses Jump Jets for 1 heat: heat 2/3"
    assert mark(battle, "--unit", IRONCLAD, "--use", "far_range_weapon") == 0  # the shot's 1 and the reload's 1
    assert said(capsys)[0] == "Ironclad uses Far Range Weapon for 2 heat: heat 2/4"
    for heat, roll in (("1/2", []), ("2/2", []), ("3/2, overheated by 1: rolled 6, goes ahead", ["--roll", "6"])):
        assert mark(battle, "--unit", DUST_DEVIL, "--use", "left-arm", *roll) == 0
        assert said(capsys)[0] == f"Dust Devil uses Short Range Weapon for 1 heat: heat {heat}"
    assert [(m.index, m.heat) for m in read_battle(battle).units] == [(0, 2), (1, 2), (2, 3)]


def test_the_rocket_launcher_asks_how_many_rockets_and_writes_nothing_without(tmp_path, capsys):
    battle = warband_battle(tmp_path)
    before = battle.read_bytes()
    assert mark(battle, "--unit", IRONCLAD, "--use", "Rocket Launcher") == 2
    assert (
        capsys.readouterr().err == "warbench: say how many rockets Ironclad fires (1 to 6): --use Rocket Launcher:N\n"
    )
    assert battle.read_bytes() == before


def test_a_use_the_book_does_not_allow_is_one_line_exit_2_and_nothing_written(tmp_path, capsys):
    battle = warband_battle(tmp_path)
    assert mark(battle, "--unit", RUSTBUCKET, "--hit", "left-arm:4") == 0  # 2 on the shield, the arm to 0
    before = battle.read_bytes()
    capsys.readouterr()
    refused = {
        (RUSTBUCKET, "left-arm"): "Rustbucket's Left Arm has no points left: Long Range Weapon cannot attack",
        (IRONCLAD, "torso"): "Additional Armor is passive: it works by itself, with nothing to use",
        (DUST_DEVIL, "short-range-weapon"): (
            "Dust Devil has 'short-range-weapon' on left-arm and right-arm: name the slot (left-arm, right-arm)"
        ),
        (DUST_DEVIL, "head"): "Dust Devil has no upgrade 'head' (its upgrades: Short Range Weapon (left-arm), "
        "Short Range Weapon (right-arm), Grappling Feet (legs))",
    }
    for (unit, typed), words in refused.items():
        assert mark(battle, "--unit", unit, "--use", typed) == 2
        assert capsys.readouterr().err == f"warbench: {words}\n"
    assert battle.read_bytes() == before
    assert mark(battle, "--unit", RUSTBUCKET, "--hit", "torso:3") == 0
    capsys.readouterr()
    assert mark(battle, "--unit", RUSTBUCKET, "--use", "head") == 2
    assert capsys.readouterr().err == "warbench: Rustbucket is destroyed: its Torso has no points left\n"


def test_a_use_is_one_undo_step_named_by_what_it_did(tmp_path):
    session = BattleSession(warband_battle(tmp_path), Store(tmp_path / "data"))
    heated(session, 0, 3, 3)
    assert use_upgrade(session, 0, 3, "torso") == "Lantern uses Heat Exchanger: heat 3 to 0 (once a game: used)"
    assert session.undo() == "Lantern: uses Heat Exchanger: heat 3 to 0 (once a game: used)"
    assert session.ledger.units == [MechMark(index=3, heat=3)]


def test_a_file_s_shield_or_once_a_game_use_a_mech_cannot_have_is_a_finding(tmp_path, capsys):
    battle = warband_battle(tmp_path)
    with battle.open("a") as file:
        file.write('\n[[units]]\nindex = 0\nshield_lost = { head = 1, right-arm = 3 }\nused = ["torso"]\n')
    assert main(["battle", str(battle)]) == 1
    assert [line.split(": ", 2)[-1] for line in capsys.readouterr().out.splitlines() if "error" in line] == [
        "Rustbucket has no Energy Shield on 'head' to lose levels",
        "Rustbucket's shield on right-arm loses 3 levels of 2",
        "Rustbucket has no once-a-game upgrade on 'torso' to use",
    ]


def test_a_catalogue_s_own_heat_for_an_upgrade_comes_first_and_one_without_is_recorded_by_hand(tmp_path, capsys):
    text = (REPO / "catalog" / "data" / "mcwarrior.toml").read_text()
    text = text.replace('id = "mcwarrior"', 'id = "scrap-rules"', 1)
    text = text.replace(
        'cost = 3\nactive = true\nsummary = "When attacking',
        'cost = 3\nactive = true\nheat = 2\nsummary = "When attacking',
    )
    text += '\n[[upgrades]]\nid = "plasma-lance"\nname = "Plasma Lance"\nslots = ["legs"]\ncost = 1\nactive = true\n'
    (tmp_path / "scrap.toml").write_text(text)
    roster = BULWARK.replace('catalogue = "mcwarrior"', 'catalogue = "scrap.toml"').replace(
        'torso = "additional-armor"', 'head = "targeting-system", legs = "plasma-lance"'
    )
    (tmp_path / "bulwark.toml").write_text(roster)
    battle = tmp_path / "b.toml"
    new_battle(tmp_path / "bulwark.toml", None, battle)
    assert mark(battle, "--unit", "1", "--use", "targeting-system") == 0
    assert said(capsys)[0] == "Bulwark uses Targeting System for 2 heat: heat 2/3"
    assert mark(battle, "--unit", "1", "--use", "plasma lance") == 2
    assert capsys.readouterr().err == (
        "warbench: the catalogue gives no heat for Plasma Lance: record the heat it makes with the heat mark\n"
    )


def test_a_use_or_a_self_destruct_of_another_games_unit_says_why_in_one_line(tmp_path, capsys):
    examples_in(tmp_path)
    battle = tmp_path / "wc.toml"
    new_battle(tmp_path / "warcaster-firebrand.toml", str(tmp_path / "warcaster-marcher-worlds.toml"), battle)
    before = battle.read_bytes()
    assert mark(battle, "--unit", "1", "--use", "head") == 2
    assert capsys.readouterr().err == "warbench: Firebrand has no upgrades to use: only a mech has them\n"
    assert mark(battle, "--unit", "1", "--self-destruct") == 2
    assert capsys.readouterr().err == "warbench: Firebrand cannot self-destruct: only a mech's pilot can\n"
    assert battle.read_bytes() == before


def test_a_passive_upgrade_a_catalogue_gives_heat_is_still_passive(tmp_path, capsys):
    """`heat` is what one use of an Active upgrade generates: on a passive one (no `active = true`) it makes nothing
    usable, and the use is refused as every passive upgrade's is, nothing written."""
    text = (REPO / "catalog" / "data" / "mcwarrior.toml").read_text()
    text = text.replace('id = "mcwarrior"', 'id = "scrap-rules"', 1)
    text += '\n[[upgrades]]\nid = "cooling-fins"\nname = "Cooling Fins"\nslots = ["legs"]\ncost = 1\nheat = 2\n'
    (tmp_path / "scrap.toml").write_text(text)
    roster = BULWARK.replace('catalogue = "mcwarrior"', 'catalogue = "scrap.toml"').replace(
        'torso = "additional-armor"', 'legs = "cooling-fins"'
    )
    (tmp_path / "bulwark.toml").write_text(roster)
    battle = tmp_path / "b.toml"
    new_battle(tmp_path / "bulwark.toml", None, battle)
    before = battle.read_bytes()
    assert mark(battle, "--unit", "1", "--use", "cooling fins") == 2
    assert capsys.readouterr().err == "warbench: Cooling Fins is passive: it works by itself, with nothing to use\n"
    assert battle.read_bytes() == before
