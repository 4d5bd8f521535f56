"""A Rocket Launcher's 6 rockets, each fired gone for the game (`battle mark --use rocket-launcher:N`), what the
restore key `r` and Respawn keep of a mech (what is gone for the game stays gone), and the battle code that carries
a mech shut down and its rockets fired (a new kind, written only where a mark has them). The Harbour Rats (ours):
2 Ironclad (Rocket Launcher, torso 4); Lantern (Heat Exchanger)."""

from __future__ import annotations

import json

from builder.battles import battle_code, battle_from_code, read_battle
from builder.battles.session import BattleSession
from builder.cli import main
from builder.editing.storage import Store
from builder.games.mcwarrior.marks import hit
from builder.games.mcwarrior.unit_mark import MechMark
from exports.share.battle import open_battle
from tests.test_mcwarrior_respawn import battle_under
from tests.test_mcwarrior_upkeep import mark, warband_battle

IRONCLAD = "2"


def test_rockets_fired_are_gone_for_the_game_and_shown_on_the_line_and_in_json(tmp_path, capsys):
    battle = warband_battle(tmp_path)
    assert mark(battle, "--unit", IRONCLAD, "--use", "rocket-launcher:2") == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Ironclad fires 2 rockets from Rocket Launcher: 4 of 6 left"
    assert out[1].endswith("Left Leg 2/2, Right Leg 2/2; rockets 4/6")
    assert read_battle(battle).units == [MechMark(index=1, rockets_fired=2)]
    assert main(["battle", str(battle), "--json"]) == 0
    units = json.loads(capsys.readouterr().out)["sides"][0]["units"]
    assert units[1]["rockets"] == {"left": 4, "of": 6} and "rockets" not in units[0]


def test_more_rockets_than_are_left_none_or_not_a_number_is_one_line_exit_2(tmp_path, capsys):
    battle = warband_battle(tmp_path)
    assert mark(battle, "--unit", IRONCLAD, "--use", "rocket-launcher:2") == 0
    before = battle.read_bytes()
    capsys.readouterr()
    refused = {
        "Rocket Launcher:5": "Ironclad's Rocket Launcher fires 1 to 4 rockets (those left of 6), not 5",
        "rocket-launcher:0": "Ironclad's Rocket Launcher fires 1 to 4 rockets (those left of 6), not 0",
        "head:x": "--use takes UPGRADE or UPGRADE:N (N rockets fired), not 'head:x'",
        "head": "say how many rockets Ironclad fires (1 to 4): --use Rocket Launcher:N",
    }
    for typed, why in refused.items():
        assert mark(battle, "--unit", IRONCLAD, "--use", typed) == 2
        assert capsys.readouterr().err == f"warbench: {why}\n"
    assert battle.read_bytes() == before
    assert mark(battle, "--unit", IRONCLAD, "--use", "head:4") == 0
    assert capsys.readouterr().out.splitlines()[0] == "Ironclad fires 4 rockets from Rocket Launcher: 0 of 6 left"
    assert mark(battle, "--unit", IRONCLAD, "--use", "head:1") == 2
    assert capsys.readouterr().err == "warbench: Ironclad's Rocket Launcher has no rockets left (all 6 fired)\n"


def test_rockets_make_no_heat_but_an_overheated_mech_rolls_and_a_shut_down_mech_fires_none(tmp_path, capsys):
    """The book's steps "for each action": an overheated mech checks before an action making no heat too."""
    battle = warband_battle(tmp_path)
    assert mark(battle, "--unit", IRONCLAD, "--heat", "5", "--roll", "6") == 0  # overheated by 1, goes ahead
    capsys.readouterr()
    assert mark(battle, "--unit", IRONCLAD, "--use", "rocket-launcher:1") == 2
    assert capsys.readouterr().err == (
        "warbench: Ironclad is overheated by 1 at heat 5/4: give the die rolled for the overheat check (--roll N), or "
        "--roll d6 for Warbench to roll it\n"
    )
    assert mark(battle, "--unit", IRONCLAD, "--use", "rocket-launcher:1", "--roll", "2") == 0
    assert capsys.readouterr().out.splitlines()[0] == (
        "Ironclad fires 1 rocket from Rocket Launcher: 5 of 6 left; heat 5/4, overheated by 1: rolled 2, goes ahead"
    )
    assert mark(battle, "--unit", IRONCLAD, "--heat", "1", "--roll", "2:head") == 0  # 2 hits, 1 stopped: shut down
    capsys.readouterr()
    assert mark(battle, "--unit", IRONCLAD, "--use", "rocket-launcher:1") == 2
    assert capsys.readouterr().err == (
        "warbench: Ironclad is shut down by overheating: it cannot act until cooled to heat 4 (now 6)\n"
    )
    assert read_battle(battle).units == [
        MechMark(index=1, lost={"head": 1}, heat=6, rockets_fired=1, shut_down=True, checks=1)  # the check passed
    ]


def test_restore_puts_a_mech_back_as_it_started_but_what_is_gone_for_the_game_stays_gone(tmp_path):
    session = BattleSession(warband_battle(tmp_path), Store(tmp_path / "data"))
    worn = MechMark(
        index=1, lost={"torso": 2}, heat=7, shut_down=True, upgrades_lost=["head"], rockets_fired=3, used=[], returned=2
    )
    session.change("worn", lambda battle: battle.with_mark(0, worn))
    session.restore_unit(0, 1)
    assert session.mark(0, 1) == MechMark(index=1, rockets_fired=3, returned=2)
    session.restore_unit(0, 0)  # a mech with nothing gone for good: no mark at all
    assert session.ledger.units == [MechMark(index=1, rockets_fired=3, returned=2)]


def test_a_mech_redeployed_by_respawn_keeps_its_rockets_fired(tmp_path):
    battle = battle_under(tmp_path, "rampage")  # Ben's Harbour Rats are the second side
    assert mark(battle, "--theirs", "--unit", IRONCLAD, "--use", "rocket-launcher:2") == 0
    session = BattleSession(battle, Store(tmp_path / "data"))
    hit(session, 1, 1, "torso", 9)
    session.next_turn()
    assert session.mark(1, 1) == MechMark(index=1, rockets_fired=2, returned=1)


def test_the_code_carries_a_shut_down_and_rockets_in_a_new_kind_and_other_codes_stay(tmp_path):
    battle = warband_battle(tmp_path)
    plain = battle_code(battle)
    assert mark(battle, "--unit", "1", "--hit", "head") == 0  # the shield's level: a kind 2 code
    shielded = battle_code(battle)
    assert mark(battle, "--unit", IRONCLAD, "--use", "rocket-launcher:2") == 0
    assert mark(battle, "--unit", "3", "--heat", "3", "--roll", "1") == 0
    code = battle_code(battle)
    (tmp_path / "in").mkdir()
    received = battle_from_code(code, tmp_path / "in" / "b.toml")
    assert received.units == [
        MechMark(index=0, shield_lost={"right-arm": 1}),
        MechMark(index=1, rockets_fired=2),
        MechMark(index=2, lost={"torso": 1}, heat=3, shut_down=True),
    ]
    assert [open_battle(c)[2] for c in (plain, shielded, code)] == [0, 1, 2]
    assert battle_code(tmp_path / "in" / "b.toml") == code


def test_a_launcher_a_critical_hit_destroyed_shows_no_rockets(tmp_path, capsys):
    battle = warband_battle(tmp_path)
    assert mark(battle, "--unit", IRONCLAD, "--use", "rocket-launcher:1") == 0
    assert mark(battle, "--unit", IRONCLAD, "--crit", "head") == 0
    assert capsys.readouterr().out.splitlines()[-1].endswith("Right Leg 2/2; upgrades lost: Rocket Launcher")
    assert main(["battle", str(battle), "--json"]) == 0
    assert "rockets" not in json.loads(capsys.readouterr().out)["sides"][0]["units"][1]


def test_a_scenario_battles_code_of_the_new_kind_keeps_its_players_and_scenario(tmp_path):
    battle = battle_under(tmp_path, "rampage")
    assert mark(battle, "--theirs", "--unit", IRONCLAD, "--use", "rocket-launcher:6") == 0
    code = battle_code(battle)
    (tmp_path / "in").mkdir()
    received = battle_from_code(code, tmp_path / "in" / "b.toml")
    assert received.opponent_units == [MechMark(index=1, rockets_fired=6)]
    assert (received.scenario, received.play) == (read_battle(battle).scenario, read_battle(battle).play)
    assert open_battle(code)[2] == 2 and battle_code(tmp_path / "in" / "b.toml") == code


def test_an_overheated_mech_failing_the_check_for_its_rockets_fires_none_and_shuts_down(tmp_path, capsys):
    battle = warband_battle(tmp_path)
    assert mark(battle, "--unit", IRONCLAD, "--heat", "5", "--roll", "6") == 0  # overheated by 1
    capsys.readouterr()
    assert mark(battle, "--unit", IRONCLAD, "--use", "rocket-launcher:3", "--roll", "1") == 0
    assert capsys.readouterr().out.splitlines()[0] == (
        "Ironclad tries to fire 3 rockets from Rocket Launcher: heat 5/4, overheated by 1: rolled 1, 1 hit, 1 stopped by "
        "Additional Armor: Torso takes nothing; SHUT DOWN: it cannot act until cooled to heat 4; the action does not "
        "happen"
    )
    assert read_battle(battle).units == [MechMark(index=1, heat=5, shut_down=True)]
