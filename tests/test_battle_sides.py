"""Every side at the table has a roster and is tracked: as many as the game seats, named by player, carried by the
battle's code; and the battles and codes written when a battle had two sides read as they did."""

from __future__ import annotations

import shutil

import pytest

from builder.battles import battle_code, battle_from_code, new_battle, read_battle
from builder.battles.session import BattleSession
from builder.campaigns.edits import dump_ledger
from builder.cli import main
from builder.editing.storage import Store
from builder.games.mcwarrior.marks import heated
from builder.scenarios import edits
from builder.scenarios.record import ScenarioPlay
from exports.share.envelope import BATTLE_FORMAT, BATTLE_FORMATS, EXTENDED_FORMAT, ROSTER_FORMATS, open_any
from exports.share.errors import ShareCodeError
from exports.share.kinds import open_kind
from tests.conftest import EXAMPLES, FIXTURES

CORPUS = FIXTURES / "corpus"


@pytest.mark.parametrize(
    "roster, said",
    [
        ("warmachine-example.toml", "Warmachine is played by 2 players, not 3"),
        ("warcaster-marcher-worlds.toml", "Warcaster is played by 2 players, not 3"),
    ],
)
def test_warcaster_and_warmachine_refuse_a_third_side(table, capsys, roster, said):
    path = str(table / roster)
    assert main(["battle", "new", path, "--opponent", path, "--opponent", path, "-o", str(table / "b.toml")]) == 2
    assert capsys.readouterr().err == f"warbench: {said}\n"
    assert not (table / "b.toml").exists()


def test_mcwarrior_seats_four_and_refuses_a_fifth(table, capsys):
    path = str(table / "mcwarrior-rustbucket.toml")
    args = ["battle", "new", path, *["--opponent", path] * 4, "-o", str(table / "b.toml")]
    assert main(args) == 2 and capsys.readouterr().err == "warbench: McWarrior is played by 2 to 4 players, not 5\n"


def four_mcwarriors(table):
    shutil.copy(EXAMPLES / "mcwarrior-warband.toml", table / "warband.toml")
    path = table / "rampage.toml"
    play = ScenarioPlay(players=["Anna", "Cai", "Ben", "Dee"], teams=[[0, 2], [1, 3]])
    rusty = str(table / "mcwarrior-rustbucket.toml")
    new_battle(table / "warband.toml", [rusty, str(table / "warband.toml"), rusty], path, scenario="rampage", play=play)
    return path


def test_a_four_player_mcwarrior_rampage_by_two_teams(table):
    session = BattleSession(four_mcwarriors(table), Store(table / "data"))
    sides = session.result.sides
    assert [(s.player, s.name, len(s.tracks)) for s in sides] == [
        ("Anna", "Harbour Rats", 4),
        ("Cai", "Rustbucket", 1),
        ("Ben", "Harbour Rats", 4),
        ("Dee", "Rustbucket", 1),
    ]
    heated(session, 3, 0, 2)  # Dee's mech is tracked like anyone's
    assert session.result.sides[3].states[0].heat == 2
    assert read_battle(session.path).more_sides[1].units == [], "unsaved"
    for side in [0, 2] * 4 + [1, 3] * 2 + [0]:
        session.play("a knock-out", edits.score, side, 1)
    assert session.result.result() is None
    session.play("Ben's knock-out", edits.score, 2, 1)
    assert session.result.result() == {
        "winners": ["Anna", "Ben"],
        "draw": False,
        "reason": "Anna and Ben: 10 VP, first to 10",
    }
    session.save()
    saved = read_battle(session.path)
    assert [m.heat for m in saved.more_sides[1].units] == [2]


def three_warsurge(table):
    path = table / "dm.toml"
    play = ScenarioPlay(players=["Ada", "Bo", "Cy"])
    apc, fantasy = str(table / "warsurge-apc.toml"), str(table / "warsurge-499.toml")
    new_battle(table / "warsurge-apc.toml", [apc, fantasy], path, scenario="deathmatch", play=play)
    return path


def test_a_three_player_warsurge_deathmatch_with_one_player_eliminated_on_turn_2(table):
    session = BattleSession(three_warsurge(table), Store(table / "data"))
    session.take(1, 0, 3)  # Bo's Ursus strike force loses 3 HP
    session.next_turn()
    session.play("Cy out", edits.knocked_out, 2)  # Cy's army (499 points, untouched) has nothing on the battlefield
    assert session.result.judged.outcome.out == ()  # eliminated only at the end of game turn 2
    session.next_turn()
    assert session.result.as_dict()["out"] == ["Cy"] and session.result.result() is None
    for _ in range(2):
        session.next_turn()
    assert session.result.turn()["round"] == 5
    result = session.result.result()
    assert result is not None and result["winners"] == ["Ada"] and not result["draw"]
    assert result["reason"].startswith("Ada: 434.3 points left to ")  # Cy's 499 left counts for nothing


def test_a_battle_code_with_three_sides_round_trips(table, tmp_path):
    path = three_warsurge(table)
    session = BattleSession(path, Store(table / "data"))
    session.take(2, 0, 2)
    session.next_turn()
    session.play("Cy out", edits.knocked_out, 2)
    session.save()
    code = battle_code(path)
    (tmp_path / "in").mkdir()
    received = battle_from_code(code, tmp_path / "in" / "dm.toml")
    assert received.side_count == 3 and received.play == session.ledger.play
    assert [received.marks(s) for s in range(3)] == [session.ledger.marks(s) for s in range(3)]
    assert received.more_sides[0].roster == "dm-side3.toml" and (tmp_path / "in" / "dm-side3.toml").exists()
    assert battle_code(tmp_path / "in" / "dm.toml") == code


def test_a_battle_codes_moments_round_trip(table, tmp_path):
    path = table / "wm.toml"
    roster = table / "warmachine-example.toml"
    new_battle(roster, str(roster), path, scenario="first-blood", play=ScenarioPlay(attacker=1))
    session = BattleSession(path, Store(table / "data"))
    for _ in range(3):
        session.next_turn()
    session.play("cache", edits.score, 0, 2, "cache")
    session.save()
    (tmp_path / "in").mkdir()
    received = battle_from_code(battle_code(path), tmp_path / "in" / "wm.toml")
    assert (received.turn, received.step) == (2, 1)
    assert [(e.round, e.turn, e.vp) for e in received.play.events] == [(2, 0, 2)]


def test_a_battle_without_a_scenario_keeps_its_players_names_in_its_code(table, tmp_path):
    """McWarrior (nothing a turn spends: format 6 inside) of four named players and of two, and Warcaster (what turns
    spent: format 0 inside, with who goes first) of two; a battle whose players are not named keeps its format-6
    code."""
    rustbucket = str(table / "mcwarrior-rustbucket.toml")
    four = table / "four.toml"
    names = ["Ada", "Bo <b>", "Cy", "Dee"]  # a name with markup is a name
    new_battle(table / "mcwarrior-rustbucket.toml", [rustbucket] * 3, four, play=ScenarioPlay(players=names))
    marcher = table / "warcaster-marcher-worlds.toml"
    two = table / "two.toml"
    new_battle(marcher, str(marcher), two, play=ScenarioPlay(players=["Will", "Matt"], first=1))
    pair = table / "pair.toml"
    new_battle(table / "mcwarrior-rustbucket.toml", rustbucket, pair, play=ScenarioPlay(players=["Ada", "Bo"]))
    (tmp_path / "in").mkdir()
    for path, players, first in ((four, names, None), (two, ["Will", "Matt"], 1), (pair, ["Ada", "Bo"], None)):
        code = battle_code(path)
        assert open_any(code, EXTENDED_FORMAT)[0] == EXTENDED_FORMAT, path.name
        received = battle_from_code(code, tmp_path / "in" / path.name)
        assert (received.play.players, received.play.first, received.scenario) == (players, first, None)
        assert battle_code(tmp_path / "in" / path.name) == code
    unnamed = table / "unnamed.toml"
    new_battle(table / "mcwarrior-rustbucket.toml", rustbucket, unnamed)
    assert open_any(battle_code(unnamed), BATTLE_FORMATS)[0] == BATTLE_FORMAT
    with pytest.raises(ShareCodeError, match="^this is a battle's code, not a roster's share code: open it with `war"):
        open_any(battle_code(four), ROSTER_FORMATS)
    with pytest.raises(ShareCodeError, match="^this is a battle's code, not a narrative's code: open it with `warb"):
        open_kind(battle_code(four), 0)


@pytest.mark.parametrize("game", ["warsurge", "mcwarrior", "warmachine", "warcaster"])
def test_an_old_two_side_battle_file_and_its_old_code_read_the_same(tmp_path, game):
    for source in [*CORPUS.glob("*-battle.toml"), *EXAMPLES.glob("*.toml")]:
        shutil.copy(source, tmp_path / source.name)
    path = tmp_path / f"{game}-battle.toml"
    battle = read_battle(path)
    assert battle.side_count == 2 and battle.more_sides == [] and battle.step == 0
    written = path.read_text(encoding="utf-8")
    assert dump_ledger(battle) == written[written.index("warbench = 1") :], "saved again as it was written"
    old_code = (CORPUS / f"{game}-battle.code").read_text().strip()
    received = battle_from_code(old_code, tmp_path / "in.toml")
    assert (received.side_count, received.units, received.opponent_units) == (2, battle.units, battle.opponent_units)
    assert (received.play or ScenarioPlay(), received.turn) == (battle.play or ScenarioPlay(), battle.turn)


def test_a_fourth_players_mech_is_marked_from_the_command_line_and_the_report_names_every_player(table, capsys):
    path = four_mcwarriors(table)
    assert main(["battle", "mark", str(path), "--unit", "1", "--side", "Dee", "--heat", "3"]) == 0
    assert [m.heat for m in read_battle(path).more_sides[1].units] == [3]
    capsys.readouterr()
    main(["battle", str(path)])
    titles = [line.split(":")[0:2] for line in capsys.readouterr().out.splitlines() if " points left (" in line]
    assert titles == [
        ["Anna", " Harbour Rats"],
        ["Cai", " Rustbucket"],
        ["Ben", " Harbour Rats"],
        ["Dee", " Rustbucket"],
    ]
    assert main(["battle", "mark", str(path), "--unit", "1", "--side", "Eve", "--heat", "3"]) == 2
    assert (
        capsys.readouterr().err
        == "warbench: no player 'Eve' (players: Anna, Cai, Ben, Dee; or the side's number, 1 to 4; or us, opponent)\n"
    )


def test_a_warsurge_team_of_two_players_acts_as_one_against_a_third(table):
    path = table / "teams.toml"
    play = ScenarioPlay(players=["Ada", "Bo", "Cy"], teams=[[0, 2], [1]], over=True)
    apc, fantasy = str(table / "warsurge-apc.toml"), str(table / "warsurge-499.toml")
    new_battle(table / "warsurge-apc.toml", [fantasy, apc], path, scenario="deathmatch", play=play)
    session = BattleSession(path, Store(table / "data"))
    assert session.result.result() == {
        "winners": ["Ada", "Cy"],
        "draw": False,
        "reason": "Ada and Cy: 868.6 points left to 499 (reserves count as lost)",
    }


def test_a_player_put_out_with_points_left_on_the_tracker_is_recorded_and_said(table, capsys):
    path = three_warsurge(table)
    assert main(["battle", "turn", str(path)]) == 0
    capsys.readouterr()
    assert main(["battle", "score", str(path), "--side", "Cy", "--out"]) == 0
    assert capsys.readouterr().err == "warbench: Cy is out, though the tracker shows 499 of 499 points left\n"
    assert [(e.side, e.round, e.out) for e in read_battle(path).play.events] == [(2, 2, True)]


def test_a_four_player_report_lists_the_teams_and_numbers_a_shared_roster_name(table, capsys):
    """Not "(the opponent's)" for a teammate's roster: at a table of four a shared name is told by its side."""
    path = four_mcwarriors(table)
    assert main(["battle", "report", str(path), "--markdown"]) == 0
    out = capsys.readouterr().out
    assert "- **Teams:** Anna & Ben against Cai & Dee\n" in out
    assert "| Anna | Harbour Rats (side 1) |" in out and "| Cai | Rustbucket (side 2) |" in out
