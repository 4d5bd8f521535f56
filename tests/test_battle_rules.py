"""Battle rules the books state, worked by hand: a squad's attachment is a model of it; Warcaster units begin in
reserve, go back when destroyed (a hero is removed); a McWarrior critical hit destroys an upgrade; old files and
codes still open."""

from __future__ import annotations

import json

import pytest

from builder.battles import battle_code, battle_from_code, new_battle, read_battle, replay_battle_file
from builder.battles.session import BattleSession
from builder.campaigns.ledger import LedgerError
from builder.cli import main
from builder.editing.storage import Store
from builder.games.mcwarrior.marks import critical, heated
from builder.games.warcaster.marks import deploy
from exports.share.envelope import BATTLE_FORMATS, open_code
from tests.conftest import EXAMPLES

FIRE_TEAM_AND_HERO = """\
warbench = 1
game = "warcaster"
catalogue = "warcaster-nm"
name = "Rangers"
faction = "marcher-worlds"
format = "standard"
rack = ["cryo-lock", "velocity-projector", "pyrokinetic-surge", "force-barrier", "displacement-index",
        "temporal-cycle", "divination-algorithm", "recall-initiative", "arcane-synthesis", "interdiction-protocol",
        "momentum-calibrator", "kinetic-accelerator"]

[[units]]
id = "ranger-fire-team"
attachments = ["warder"]

[[units]]
id = "fiddler-co"
"""


@pytest.fixture
def rangers(tmp_path):
    (tmp_path / "rangers.toml").write_text(FIRE_TEAM_AND_HERO, encoding="utf-8")
    path = tmp_path / "battle.toml"
    new_battle(tmp_path / "rangers.toml", None, path)
    return BattleSession(path, Store(tmp_path / "data"))


def state(session, index, side=0):
    return session.result.sides[side].states[index]


def test_a_squads_attachment_is_a_model_with_its_own_boxes_and_the_squad_stays_until_it_falls(rangers):
    # Ranger Fire Team: 3 troopers of 1 box (no health given: 1) + the Warder, 1 box: 4 models, 4 boxes, DC 2 + 1
    team = rangers.track(0, 0)
    assert (team.models, team.sizes, team.full, team.points) == (4, (1, 1, 1, 1), 4, 3)
    assert team.model_name(3) == "Warder"
    deploy(rangers, 0, 0)
    rangers.take(0, 0, 3)  # the three troopers fall
    after = state(rangers, 0)
    assert (after.models_left, after.boxes_left, after.where, after.remaining) == (1, 1, "play", 3)
    assert rangers.mark(0, 0).damage == [1, 1, 1]
    rangers.take(0, 0, 1)  # the fourth model, the Warder: the squad's last model falls
    after = state(rangers, 0)
    assert (after.where, after.returned, after.models_left, after.boxes_left) == ("reserve", 1, 4, 4)


def test_a_file_marking_the_fourth_model_of_a_squad_with_an_attachment_is_valid(rangers):
    path = rangers.path
    path.write_text(
        path.read_text(encoding="utf-8") + '\n[[units]]\nindex = 0\nstatus = "play"\ndamage = [1, 1, 1]\n',
        encoding="utf-8",
    )
    result = replay_battle_file(path)
    assert result.valid and result.sides[0].states[0].models_left == 1  # the Warder still stands: not destroyed
    path.write_text(
        path.read_text(encoding="utf-8").replace("damage = [1, 1, 1]", "damage = [1, 1, 1, 2]"), encoding="utf-8"
    )
    result = replay_battle_file(path)
    assert [f.code for f in result.findings] == ["battle/left"]
    assert "Warder of Ranger Fire Team takes 2 damage of 1 boxes" in result.findings[0].message


def test_units_begin_in_reserve_and_take_damage_only_in_play(rangers):
    assert [state(rangers, i).where for i in (0, 1)] == ["reserve", "reserve"]
    with pytest.raises(LedgerError, match="Ranger Fire Team is in reserve: only a unit in play takes damage"):
        rangers.take(0, 0, 1)
    deploy(rangers, 0, 0)
    rangers.take(0, 0, 1)
    deploy(rangers, 0, 0)  # recalled: back in reserve, whole
    assert (state(rangers, 0).where, state(rangers, 0).boxes_left, state(rangers, 0).returned) == ("reserve", 4, 0)
    rangers.undo()
    assert (state(rangers, 0).where, state(rangers, 0).boxes_left) == ("play", 3)


def test_a_destroyed_hero_is_removed_from_the_game_and_cannot_deploy_again(rangers):
    deploy(rangers, 0, 1)
    rangers.take(0, 1, 4)  # Fiddler & Co: 4 boxes
    hero = state(rangers, 1)
    assert (hero.where, hero.destroyed, hero.remaining) == ("removed", True, 0)
    assert rangers.result.sides[0].remaining == 3  # the squad's DC 3 still counts, the hero's 3 no longer
    with pytest.raises(LedgerError, match="removed from the game"):
        deploy(rangers, 0, 1)
    rangers.save()
    report = replay_battle_file(rangers.path).as_dict()["sides"][0]["units"]
    assert [(u["status"], u["returned"]) for u in report] == [("reserve", 0), ("removed", 0)]


def test_a_battle_file_from_before_deployment_still_loads():
    # written by the previous Warbench: a Ranger Fire Team with one model down, no status recorded
    old = EXAMPLES.parent.parent / "tests" / "fixtures" / "battles" / "warcaster-before-deployment.toml"
    result = replay_battle_file(old)
    assert result.valid
    wheres = [s.where for s in result.sides[0].states]
    assert wheres[4] == "play" and wheres.count("play") == 1  # damaged, so on the table; the rest in reserve
    assert result.sides[0].states[4].models_left == 2


OLD_WARCASTER_CODE = (
    "K44C45PKT7MSBMEIK6W2ST5EA4KJKUJJBOLFKFVI6FUHAG76RCHSESZCJMZSNRTE3FFFGHIRCNEKSYT7MSBMEIK6W2ST5EA4KJ"
    "KUJJBOLFKFVI6FUHAG76RCHSESZCJMZSNRTE3FFFGHIRCNFJ4"
)
"""A battle's code in the first format (7), made by the previous Warbench: turn 2, unit 5 of ours with 1 damage,
the opponent's first unit with 2."""


def test_a_battle_code_of_the_first_format_still_opens(tmp_path):
    battle = battle_from_code(OLD_WARCASTER_CODE, tmp_path / "table.toml")
    assert battle.turn == 2
    assert [(m.index, m.damage, m.status) for m in battle.units] == [(4, [1], None)]
    assert [(m.index, m.damage) for m in battle.opponent_units] == [(0, [2])]
    assert replay_battle_file(tmp_path / "table.toml").sides[0].states[4].where == "play"


def test_a_battle_code_carries_deployment_and_upgrades_lost(rangers, tmp_path):
    deploy(rangers, 0, 0)
    rangers.take(0, 0, 4)
    deploy(rangers, 0, 1)
    rangers.save()
    code = battle_code(rangers.path)
    assert (
        open_code(code, BATTLE_FORMATS).version == 0
    )  # 6 and the seed a new battle has and open_code(OLD_WARCASTER_CODE, BATTLE_FORMATS).version == 7
    (tmp_path / "in").mkdir()
    received = battle_from_code(code, tmp_path / "in" / "table.toml")
    assert received.units == read_battle(rangers.path).units
    assert [(m.status, m.returned) for m in received.units] == [("reserve", 1), ("play", 0)]


@pytest.fixture
def rustbucket(tmp_path):
    (tmp_path / "mech.toml").write_text((EXAMPLES / "mcwarrior-rustbucket.toml").read_text(), encoding="utf-8")
    path = tmp_path / "mech-battle.toml"
    new_battle(tmp_path / "mech.toml", None, path)
    return BattleSession(path, Store(tmp_path / "data"))


def test_a_critical_hit_destroys_the_upgrade_of_its_part_and_a_leg_takes_the_legs_upgrade(rustbucket, capsys):
    # Rustbucket: 36 bolts, of which Jump Jets (legs) 2 and Targeting System (head) 3; torso 3 points
    critical(rustbucket, 0, 0, "left-leg")
    mech = state(rustbucket, 0)
    assert mech.derived["upgrades_lost"] == {"legs": "Jump Jets"} and "legs" not in mech.derived["upgrades"]
    assert mech.remaining == 34 and mech.parts_left["left-leg"] == 2  # the crit takes the upgrade, not points
    critical(rustbucket, 0, 0, "right-leg")  # no upgrade left in the legs: the torso takes 1 damage
    mech = state(rustbucket, 0)
    assert mech.parts_left["torso"] == 2 and mech.derived["heat_capacity"] == 2
    heated(rustbucket, 0, 0, 5)  # 5 heat on a torso of 2 left: overheated by 3
    critical(rustbucket, 0, 0, "head")
    rustbucket.save()
    assert main(["battle", str(rustbucket.path), "--json"]) == 0
    unit = json.loads(capsys.readouterr().out)["sides"][0]["units"][0]
    assert (unit["heat"], unit["heat_capacity"], unit["overheated"]) == (5, 2, 3)
    assert unit["parts"]["torso"] == {"left": 2, "of": 3} and unit["remaining"] == 31  # 36 − 2 − 3
    assert unit["upgrades_lost"] == {"head": "Targeting System", "legs": "Jump Jets"}
    assert unit["upgrades"] == {"left-arm": "Long Range Weapon", "right-arm": "Energy Shield"}
    assert read_battle(rustbucket.path).units[0].upgrades_lost == ["head", "legs"]
    assert main(["battle", str(rustbucket.path)]) == 0
    assert "heat 5/2 (overheated by 3)" in capsys.readouterr().out


def test_a_mark_of_an_upgrade_the_mech_does_not_have_is_a_finding(rustbucket):
    path = rustbucket.path
    path.write_text(
        path.read_text(encoding="utf-8") + '\n[[units]]\nindex = 0\nupgrades_lost = ["torso"]\n', encoding="utf-8"
    )
    result = replay_battle_file(path)
    assert [f.code for f in result.findings] == ["battle/left"]
    assert "Rustbucket has no upgrade on 'torso'" in result.findings[0].message


def test_marks_from_the_command_line_deploy_crit_damage_and_heat(rangers, rustbucket, capsys):
    battle = str(rangers.path)
    assert main(["battle", "mark", battle, "--unit", "1", "--damage", "1"]) == 2
    assert "Ranger Fire Team is in reserve: only a unit in play takes damage" in capsys.readouterr().err
    assert main(["battle", "mark", battle, "--unit", "1", "--deploy"]) == 0
    assert main(["battle", "mark", battle, "--unit", "1", "--damage", "4"]) == 0
    assert capsys.readouterr().out.splitlines()[-1].endswith("4/4 models, 4/4 DMG  in reserve, destroyed 1×")
    assert read_battle(rangers.path).units[0].model_dump(exclude_defaults=True) == {
        "index": 0,
        "status": "reserve",
        "returned": 1,
    }
    mech = str(rustbucket.path)
    assert main(["battle", "mark", mech, "--unit", "1", "--crit", "right-leg"]) == 0
    assert main(["battle", "mark", mech, "--unit", "1", "--heat", "4", "--roll", "6"]) == 0
    assert "heat 4/3 (overheated by 1)" in capsys.readouterr().out
    assert read_battle(rustbucket.path).units[0].upgrades_lost == ["legs"]
    assert main(["battle", "mark", mech, "--unit", "2", "--heat", "1"]) == 2
    with pytest.raises(SystemExit) as exited:  # one mark at a time: the command line refuses two, in one line
        main(["battle", "mark", mech, "--unit", "1", "--crit", "head", "--heat", "1"])
    assert exited.value.code == 2
    assert capsys.readouterr().err.endswith("warbench: argument --heat: not allowed with argument --crit\n")
