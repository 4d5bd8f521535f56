"""Battles in play: what each entry has left for every game, the points left, findings, the file, the commands."""

from __future__ import annotations

import json
import random

import pytest
import tomli_w

from builder.battles import new_battle, read_battle, replay_battle_file
from builder.battles.dice import DiceError, Scatter, dice_count, parse_dice, roll, scatter, throw
from builder.battles.session import BattleSession
from builder.campaigns.ledger import LedgerError
from builder.cli import main
from builder.editing.storage import Store
from builder.games.mcwarrior.marks import critical, heated, hit
from builder.games.warcaster.marks import deploy
from builder.games.warsurge.battle import LeftTrack
from builder.games.warsurge.points import remaining_value
from builder.games.warsurge.unit_mark import LeftMark
from tests.warmachine_attachments import with_foreman


def battle_of(table, roster: str, opponent: str | None = None):
    path = table / "battle.toml"
    new_battle(table / roster, str(table / opponent) if opponent else None, path)
    return path


def test_the_rulebooks_example_a_120_point_unit_of_6_hp_with_3_left_counts_60():
    unit = LeftTrack(0, "Example", 120, models=3, boxes=2, value="pro-rata", box_word="HP")
    marked = unit.take(LeftMark(index=0), 3)
    assert (marked.models, marked.hp, marked.damage) == (2, 3, [])  # what the unit has left, as the file says it
    state = unit.state(marked)
    assert (state.boxes_left, state.models_left, state.remaining) == (3, 2, 60)
    assert state.remaining == remaining_value(120, 6, 3)
    assert unit.state(LeftMark(index=0, models=3, hp=3)).damage == (1, 1, 1)  # three standing, one HP each


def test_warsurge_sides_count_points_left_pro_rata_and_name_the_leader(table):
    session = BattleSession(battle_of(table, "warsurge-499.toml", "warsurge-apc.toml"), Store(table / "data"))
    ours, theirs = session.result.sides
    assert (ours.points, round(theirs.points, 2)) == (499, 434.3)
    session.take(0, 1, 5)  # Dwarven Berserkers: 10 models of 2 HP, 180 points; 5 HP lost
    berserkers = session.result.sides[0].states[1]
    assert (berserkers.boxes_left, berserkers.models_left, berserkers.remaining) == (15, 8, 135)
    session.casualty(0, 0)  # the Catapult (269 points) falls
    assert session.result.sides[0].remaining == 0 + 135 + 50
    assert session.result.sides[0].percent == round(100 * 185 / 499)
    assert session.result.leader == "Ursus strike force"
    session.restore_unit(0, 0)
    assert session.result.sides[0].remaining == 269 + 135 + 50  # 454 of 499 against 434.3 of 434.3 untouched:
    assert session.result.leader == "Fantasy Army"  # the book's winner has the most points left, whatever the share
    session.restore_unit(0, 1)  # both untouched: 499 points against 434.3
    assert [side.share for side in session.result.sides] == [1.0, 1.0] and session.result.leader == "Fantasy Army"
    assert session.result.standing == [("Fantasy Army", 499), ("Ursus strike force", pytest.approx(434.3))]


def test_warcaster_squads_lose_models_and_go_back_to_the_reserves_when_the_last_falls(table):
    session = BattleSession(battle_of(table, "warcaster-marcher-worlds.toml"), Store(table / "data"))
    side = session.result.sides[0]
    squad = next(t for t in side.tracks if t.models > 1)
    assert session.result.sides[0].states[squad.index].where == "reserve"  # every unit begins in reserve
    deploy(session, 0, squad.index)
    session.casualty(0, squad.index)
    state = session.result.sides[0].states[squad.index]
    assert state.models_left == squad.models - 1 and state.remaining == squad.points and state.where == "play"
    for _ in range(squad.models - 1):
        session.casualty(0, squad.index)
    state = session.result.sides[0].states[squad.index]
    assert (state.where, state.returned, state.models_left) == ("reserve", 1, squad.models)  # whole, to deploy again
    assert session.mark(0, squad.index).model_dump(exclude_defaults=True) == {
        "index": squad.index,
        "status": "reserve",
        "returned": 1,
    }
    assert session.result.sides[0].remaining == side.points  # a unit in reserve still counts


def test_warmachine_models_take_their_catalogue_damage_boxes(table):
    session = BattleSession(battle_of(table, "warmachine-example.toml"), Store(table / "data"))
    side = session.result.sides[0]
    jack = next(t for t in side.tracks if t.name == "Bulwark Warjack")
    assert jack.boxes == session.rosters[0].catalogue.entry("bulwark-warjack").boxes()
    session.take(0, jack.index, jack.boxes - 1)
    assert session.result.sides[0].states[jack.index].remaining == jack.points
    session.take(0, jack.index, 5)  # more than it has left: it is destroyed, the rest is lost
    state = session.result.sides[0].states[jack.index]
    assert state.destroyed and state.boxes_left == 0 and session.mark(0, jack.index).damage == [jack.boxes]


def test_a_mech_loses_points_per_part_excess_hits_go_to_the_torso_and_heat_is_kept(table):
    session = BattleSession(battle_of(table, "mcwarrior-rustbucket.toml"), Store(table / "data"))
    mech = session.result.sides[0].tracks[0]
    arm, torso = mech.parts["left-arm"], mech.parts["torso"]
    before = session.result.sides[0].states[0].derived
    hit(session, 0, 0, "right-arm", 2)  # its Energy Shield's 2 levels take the first two
    hit(session, 0, 0, "left-arm", arm + 1)  # the arm falls; one hit more goes to the torso
    state = session.result.sides[0].states[0]
    assert state.parts_left["left-arm"] == 0 and state.parts_left["torso"] == torso - 1
    assert state.derived["dice"]["left-arm"] == 0 and before["dice"]["left-arm"] == arm
    assert state.derived["heat_capacity"] == before["heat_capacity"] - 1
    heated(session, 0, 0, 3)
    assert session.result.sides[0].states[0].heat == 3
    hit(session, 0, 0, "torso", 99)
    assert session.result.sides[0].states[0].destroyed and session.result.sides[0].remaining == 0
    session.undo()
    assert not session.result.sides[0].states[0].destroyed


@pytest.mark.parametrize(
    ("marks", "code", "said"),
    [
        (
            "[[units]]\nindex = 1\nmodels = 4\nhp = 9",
            "battle/left",
            "Dwarven Berserkers has 9 HP left, more than its 4 models hold (8)",
        ),
        ("[[units]]\nindex = 2\nmodels = 3", "battle/left", "Human Knights has 3 models left of 2"),
        ("[[units]]\nindex = 1\nmodels = 5\nhp = 4", "battle/left", "4 HP left for 5 models standing"),
        ("[[units]]\nindex = 1\nhp = 21", "battle/left", "Dwarven Berserkers has 21 HP left, more than its 10 models"),
        (
            "[[units]]\nindex = 1\ndamage = [1]",
            "battle/left",
            "Dwarven Berserkers records the models and hp it has left, not damage",
        ),
        ("[[units]]\nindex = 7\nhp = 1", "battle/unit", "Fantasy Army's roster has no entry 8 (it has 3)"),
        ("[[units]]\nindex = 0\nhp = 1\n[[units]]\nindex = 0\nhp = 2", "battle/unit", "is marked twice"),
    ],
)
def test_marks_a_roster_cannot_have_are_findings_and_kept(table, marks, code, said, capsys):
    path = battle_of(table, "warsurge-499.toml")
    path.write_text(path.read_text(encoding="utf-8") + "\n" + marks + "\n", encoding="utf-8")
    assert main(["battle", str(path), "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert [(f["code"], said in f["message"]) for f in report["findings"]] == [(code, True)]
    assert marks.split("\n")[1] in path.read_text(encoding="utf-8")


def test_damage_boxes_on_a_mech_are_a_located_finding_not_ignored(table, capsys):
    """Every game's mark has the engine's damage boxes, but a mech records none: a finding, the mark kept."""
    battle = battle_of(table, "mcwarrior-rustbucket.toml")
    battle.write_text(battle.read_text(encoding="utf-8") + "\n[[units]]\nindex = 0\ndamage = [1]\n", encoding="utf-8")
    assert main(["battle", str(battle), "--json"]) == 1
    findings = json.loads(capsys.readouterr().out)["findings"]
    assert [(f["code"], f["path"]) for f in findings] == [("battle/left", "units[0].damage")]
    said = "Rustbucket records the points each part lost, its heat and the upgrades destroyed, not damage"
    assert said in findings[0]["message"] and findings[0]["message"].endswith("the mark is kept, not counted")


@pytest.mark.parametrize(
    ("roster", "marks", "said"),
    [
        (
            "mcwarrior-rustbucket.toml",
            "index = 0\nhp = 3",
            "units[0]: a McWarrior mark has no hp (it keeps damage, lost, heat, upgrades_lost, shield_lost, "
            "shield_restored, used, shut_down, rockets_fired, returned, checks)",
        ),
        (
            "warcaster-marcher-worlds.toml",
            "index = 0\nheat = 2",
            "units[0]: a Warcaster mark has no heat (it keeps damage, status, returned)",
        ),
        (
            "warmachine-example.toml",
            "index = 0\nmodels = 1",
            "units[0]: a Warmachine mark has no models (it keeps damage)",
        ),
        (
            "warsurge-499.toml",
            "index = 0\nheat = 3\nlost = { torso = 1 }",
            "units[0]: a Warsurge mark has no heat, lost",
        ),
    ],
)
def test_a_mark_of_another_game_is_refused_in_one_line_naming_what_the_game_keeps(table, roster, marks, said, capsys):
    """Each game's marks are its own model (`Game.mark_model`): another game's key is an unknown key, refused with
    what this game's marks keep, and the file is left as it was."""
    battle = battle_of(table, roster)
    text = battle.read_text(encoding="utf-8") + f"\n[[units]]\n{marks}\n"
    battle.write_text(text, encoding="utf-8")
    assert main(["battle", str(battle), "--json"]) == 2
    error = capsys.readouterr().err.strip()
    assert said in error and len(error.splitlines()) == 1 and battle.read_text(encoding="utf-8") == text


def test_a_legal_battle_reports_exact_json(table, capsys):
    path = battle_of(table, "warsurge-499.toml", "warsurge-apc.toml")
    path.write_text(
        path.read_text(encoding="utf-8").replace("game =", "turn = 3\ngame =") + "\n[[units]]\nindex = 0\nhp = 5\n",
        encoding="utf-8",
    )
    assert main(["battle", str(path), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert (
        report["valid"] and report["turn"] == {"round": 3, "player": None, "phase": None} and report["findings"] == []
    )
    catapult = report["sides"][0]["units"][0]
    assert catapult == {
        "name": "Catapult",
        "points": 269,
        "remaining": 134.5,
        "models": 1,
        "models_left": 1,
        "boxes_left": 5,
    }
    assert report["sides"][0]["remaining"] == 364.5 and report["sides"][0]["percent"] == 73
    assert report["leader"] == "Ursus strike force"


def test_a_roster_changed_since_the_battle_began_says_how_and_keeps_the_marks_that_apply(table, capsys):
    path = battle_of(table, "warsurge-499.toml")
    path.write_text(
        path.read_text(encoding="utf-8") + "\n[[units]]\nindex = 0\nhp = 9\n[[units]]\nindex = 2\nhp = 3\n",
        encoding="utf-8",
    )
    roster = table / "warsurge-499.toml"
    roster.write_text(
        roster.read_text(encoding="utf-8").replace('id = "human-knights"', 'id = "pirates"'), encoding="utf-8"
    )
    assert main(["battle", str(path), "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert [(f["code"], f["severity"]) for f in report["findings"]] == [
        ("battle/unit", "warning"),
        ("battle/unit", "error"),
    ]
    assert "gone: human-knights; new: pirates" in report["findings"][0]["message"]
    assert "entry 3 was human-knights when the battle began, now pirates" in report["findings"][1]["message"]
    assert report["sides"][0]["units"][0]["boxes_left"] == 9  # the Catapult's mark still counts


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (
            'warbench = 1\nkind = "battle"\ngame = "warsurge"\nroster = "warsurge-499.toml"\n[[units]]\nindex = -1\n',
            "units[0].index",
        ),
        (
            'warbench = 1\nkind = "battle"\ngame = "warsurge"\nroster = "warsurge-499.toml"\n[[units]]\nindex = 0\n'
            "hp = -1\n",
            "units[0].hp",
        ),
        ('warbench = 1\nkind = "battle"\ngame = "warsurge"\nroster = "missing.toml"\n', "missing.toml: no such roster"),
        (
            'warbench = 1\nkind = "battle"\ngame = "warsurge"\nroster = "warsurge-499.toml"\nodd = 1\n',
            "odd: unknown key",
        ),
        (
            'warbench = 1\nkind = "battle"\ngame = "warcaster"\nroster = "warsurge-499.toml"\n',
            "a Warsurge roster; a Warcaster battle needs Warcaster rosters",
        ),
        ('kind = "battle', "not valid TOML"),
    ],
)
def test_a_broken_battle_file_is_one_line_and_exit_2(table, text, said, capsys):
    path = table / "broken.toml"
    path.write_text(text, encoding="utf-8")
    assert main(["battle", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert said in err and "\n" not in err


def test_a_battle_against_a_share_code_and_the_session_saves_undoes_and_recovers(table, capsys):
    assert main(["share", "code", str(table / "warsurge-apc.toml")]) == 0
    code = capsys.readouterr().out.strip().splitlines()[-1]
    path = table / "battle.toml"
    assert main(["battle", "new", str(table / "warsurge-499.toml"), "--opponent", code, "-o", str(path)]) == 0
    assert read_battle(path).opponent == code
    assert capsys.readouterr().out == f"wrote {path}: Fantasy Army against Ursus strike force, turn 1\n"  # not the code
    store = Store(table / "data")
    session = BattleSession(path, store)
    assert session.result.sides[1].name == "Ursus strike force"
    session.take(1, 0, 2)
    session.next_turn()
    assert session.dirty and store.recovery_path(path).exists()
    reopened = BattleSession(path, store)
    reopened.restore(reopened.recovered_text())
    assert reopened.ledger == session.ledger
    reopened.save()
    assert replay_battle_file(path).sides[1].states[0].boxes_left == 3 and read_battle(path).turn == 2
    assert main(["battle", "new", str(table / "warsurge-499.toml"), "-o", str(path)]) == 2  # no overwrite


def test_dice_are_counted_and_the_scatter_hits_one_time_in_three():
    dice = random.Random(7)
    rolled = roll(30, dice)
    assert len(rolled.faces) == 30 and sum(rolled.counts.values()) == 30 and rolled.total == sum(rolled.faces)
    assert set(rolled.faces) <= {1, 2, 3, 4, 5, 6}
    hits = sum(scatter(2, random.Random(seed)).direction is None for seed in range(600))
    assert 150 < hits < 250
    assert (dice_count("6d6"), dice_count("d6"), dice_count("12")) == (6, 1, 12)
    for bad in ("0d6", "201d6", "2d8", "lots", ""):
        with pytest.raises(DiceError):
            dice_count(bad)


def test_one_parser_reads_dice_with_a_modifier_and_the_scatter():
    assert [parse_dice(s) for s in ("7d6", "d6", "2d6+1", "3D6 - 2", "12")] == [
        (7, 0),
        (1, 0),
        (2, 1),
        (3, -2),
        (12, 0),
    ]
    rolled = throw("2d6+1", random.Random(3))
    assert len(rolled.faces) == 2 and rolled.total == sum(rolled.faces) + 1
    assert rolled.line() == f"2d6+1: {rolled.faces[0]} {rolled.faces[1]} +1 = {rolled.total}"
    assert isinstance(throw("scatter", random.Random(3)), Scatter)
    assert len(throw("scatter 1d6", random.Random(3)).distance.faces) == 1
    for bad in ("2d8", "0d6", "d6+", "2d6+1000", "scatter 2d6+1", "scatter twice", "7 d6"):
        with pytest.raises(DiceError):
            throw(bad)


def test_roll_prints_faces_counts_and_total(capsys):
    assert main(["roll", "6d6"]) == 0
    first, second = capsys.readouterr().out.strip().splitlines()
    faces = [int(f) for f in first.split(": ")[1].split()]
    assert len(faces) == 6 and second.startswith(f"total {sum(faces)}")
    assert main(["roll", "scatter", "1d6"]) == 0
    assert capsys.readouterr().out.startswith("Scatter: ")
    assert main(["roll", "2d20"]) == 2
    assert main(["roll", "2d6+1"]) == 0
    first, second = capsys.readouterr().out.strip().splitlines()
    faces = [int(f) for f in first.split(": ")[1].split(" (")[0].split()]
    assert first.startswith("2d6+1: ") and first.endswith(" (+1)") and second.startswith(f"total {sum(faces) + 1}")


def test_a_battles_code_carries_both_rosters_the_turn_and_every_mark(table, tmp_path):
    from builder.battles import battle_code, battle_from_code, read_battle
    from exports.share.battle import decode_battle

    path = battle_of(table, "mcwarrior-rustbucket.toml", "mcwarrior-rustbucket.toml")
    session = BattleSession(path, Store(table / "data"))
    hit(session, 0, 0, "left-arm", 3)
    heated(session, 1, 0, 2)
    critical(session, 1, 0, "right-leg")  # the legs' Jump Jets destroyed: the code carries it
    session.next_turn()
    session.save()
    code = battle_code(path)
    (tmp_path / "received").mkdir()
    received = battle_from_code(code, tmp_path / "received" / "table.toml")
    assert received.turn == 2 and received.units == read_battle(path).units
    assert received.opponent_units == read_battle(path).opponent_units
    assert received.opponent_units[0].upgrades_lost == ["legs"]
    theirs = replay_battle_file(tmp_path / "received" / "table.toml").as_dict()
    assert theirs == replay_battle_file(path).as_dict()
    assert (tmp_path / "received" / "table-roster.toml").is_file()
    with pytest.raises(Exception, match="already exists"):
        battle_from_code(code, tmp_path / "received" / "table.toml")
    turn, sides = decode_battle(code.lower())
    assert turn == 2 and len(sides) == 2


@pytest.mark.parametrize(
    ("mangle", "said"),
    [
        (lambda code: code[:-6], "damaged or mistyped"),
        (lambda code: code[:12], "too short"),
        (lambda code: code[:9] + ("A" if code[9] != "A" else "B") + code[10:], "damaged or mistyped"),
        (lambda code: "X" * 5000, "too long"),
    ],
)
def test_a_strangers_battle_code_is_one_line(table, mangle, said, tmp_path, capsys):
    from builder.battles import battle_code

    code = battle_code(battle_of(table, "warsurge-499.toml", "warsurge-apc.toml"))
    assert main(["battle", "import", mangle(code), "-o", str(tmp_path / "x.toml")]) == 2
    assert said in capsys.readouterr().err and not (tmp_path / "x.toml").exists()


def test_roster_codes_and_battle_codes_are_told_apart(table, tmp_path, capsys):
    from builder.battles import battle_code

    battle = battle_code(battle_of(table, "warsurge-499.toml"))
    assert main(["share", "import", battle, "-o", str(tmp_path / "r.toml")]) == 2
    assert "this is a battle's code, not a roster's" in capsys.readouterr().err
    assert main(["share", "code", str(table / "warsurge-499.toml")]) == 0
    roster_code = capsys.readouterr().out.strip().splitlines()[-1]
    assert main(["battle", "import", roster_code, "-o", str(tmp_path / "b.toml")]) == 2
    assert "this is a roster's share code, not a battle's" in capsys.readouterr().err


def test_a_damage_grid_fills_in_reading_order_and_keeps_its_system_letters():
    from builder.tui.widgets.track_text import grid_rows

    assert grid_rows((" .L", "MC."), 2) == ["  × ×", "M C □"]
    assert grid_rows((" .L", "MC."), 0) == ["  □ L", "M C □"]


def test_the_warsurge_battle_text_names_who_is_ahead_by_the_points_left_as_the_json_does(table, capsys):
    path = battle_of(table, "warsurge-499.toml", "warsurge-apc.toml")
    assert main(["battle", str(path)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "ahead: Fantasy Army (points left: 499 against 434.3)"
    path.write_text(path.read_text(encoding="utf-8") + "\n[[units]]\nindex = 0\nhp = 5\n", encoding="utf-8")
    assert main(["battle", str(path)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "ahead: Ursus strike force (points left: 434.3 against 364.5)"
    assert main(["battle", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["leader"] == "Ursus strike force"


def test_a_new_battle_is_told_by_the_opponent_roster_name_and_the_scenario_name(table, capsys):
    path = table / "battle.toml"
    argv = ["battle", "new", str(table / "warsurge-499.toml"), "--opponent", str(table / "warsurge-apc.toml")]
    assert main([*argv, "-o", str(path), "--scenario", "capture-territory"]) == 0
    assert capsys.readouterr().out == (
        f"wrote {path}: Fantasy Army against Ursus strike force, Capture Territory, turn 1\n"
    )


def test_a_warmachine_attachment_is_models_of_the_unit_it_joined_not_a_unit(table, capsys):
    catalogue = with_foreman().model_dump(by_alias=True, exclude_unset=True)
    (table / "foreman.toml").write_text(tomli_w.dumps(catalogue), encoding="utf-8")
    text = (table / "warmachine-example.toml").read_text(encoding="utf-8")
    text = text.replace('catalogue = "warmachine-example"', 'catalogue = "./foreman.toml"').replace(
        "points = 75", "points = 78"
    )
    (table / "joined.toml").write_text(text + '\n[[units]]\nid = "rivetgun-foreman"\nattached_to = 3\n', "utf-8")
    session = BattleSession(battle_of(table, "joined.toml"), Store(table / "data"))
    side = session.result.sides[0]
    squad = session.track(0, 3)
    assert [t.index for t in side.tracks] == [0, 1, 2, 3, 4, 5, 6, 7]  # the foreman (entry 8) is not a unit
    assert (squad.points, squad.models, squad.sizes) == (15, 7, (1, 1, 1, 1, 1, 1, 5))
    assert squad.model_name(6) == "Rivetgun Foreman" and side.points == 78
    session.take(0, 3, 6)  # the six riflemen fall; the foreman stands, and the squad with him
    state = session.result.sides[0].state_of(3)
    assert (state.models_left, state.boxes_left, state.remaining, state.destroyed) == (1, 5, 15, False)
    session.take(0, 3, 5)
    assert session.result.sides[0].state_of(3).destroyed
    with pytest.raises(LedgerError, match="joined another unit"):
        session.track(0, 8)
    battle = table / "battle.toml"
    battle.write_text(battle.read_text(encoding="utf-8") + "\n[[units]]\nindex = 8\ndamage = [1]\n", "utf-8")
    assert main(["battle", str(battle), "--json"]) == 1
    findings = json.loads(capsys.readouterr().out)["findings"]
    assert [(f["code"], f["path"]) for f in findings] == [("battle/unit", "units[0].index")]
    assert "entry 9 joined another unit" in findings[0]["message"]


def test_a_mirror_match_is_said_written_with_its_sides_told_apart(table, capsys):
    path = table / "mirror.toml"
    roster = str(table / "warsurge-499.toml")
    assert main(["battle", "new", roster, "--opponent", roster, "-o", str(path)]) == 0
    assert (
        capsys.readouterr().out == f"wrote {path}: Fantasy Army (ours) against Fantasy Army (the opponent's), turn 1\n"
    )
