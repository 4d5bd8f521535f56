"""Battles under a scenario: the battle file's `scenario` and `[play]`, `battle --json`, the battle's code."""

from __future__ import annotations

import json
import shutil

import pytest

from builder.battles import battle_code, battle_from_code, read_battle, replay_battle_file
from builder.cli import main
from tests.conftest import EXAMPLES, examples_in

OLD_CODE = "AFU4L67OIVRJDGC4G7ARZUQYBUZLGDSASIGCYYFGRPJRCWFEMYLQJ7XJIK4AQHE3IEFZMVIXFTTFCFEUJELBJDIZDZCUN"
"""A Warsurge battle's code made before battles had scenarios (turn 3, our Catapult at 5 HP; format 7)."""
PLAIN_CODE = "R2NGNYOOIVRJDGC4G7ARZUQYBUZLGDSASIGCYYFGRPJUSFMKIZQXAT7OSQVYBAOJWQILSZKROLHGKEKJISIWCSGRSHSFI2"
"""The same battle's code from the Warbench just before scenarios (format 6): a battle without a scenario still
codes to exactly it."""

DEATHMATCH = """warbench = 1
kind = "battle"
game = "warsurge"
roster = "warsurge-499.toml"
opponent = "warsurge-apc.toml"
turn = 5
scenario = "deathmatch"

[play]
reserves = [[2]]
over = true

[[units]]
index = 0
hp = 5

[[units]]
index = 1
models = 6
hp = 12

[[opponent_units]]
index = 0
models = 0
hp = 0

[[opponent_units]]
index = 1
models = 3
hp = 3

[[opponent_units]]
index = 2
models = 4
hp = 8
"""


@pytest.fixture
def table(tmp_path):
    for name in (
        "warsurge-499.toml",
        "warsurge-apc.toml",
        "mcwarrior-warband.toml",
        "mcwarrior-rustbucket.toml",
        "warmachine-example.toml",
        "warcaster-firebrand.toml",
    ):
        shutil.copy(EXAMPLES / name, tmp_path / name)
    return tmp_path


def test_warsurge_deathmatch_won_on_points_left_with_reserves_lost(table, capsys):
    # Fantasy Army: Catapult 269 / 10 HP x 5 = 134.5, Berserkers 180 / 20 HP x 12 = 108, Knights (50) still in
    # reserve: lost. 242.5. Ursus: APC destroyed, Troopers 51.3 / 9 x 3 = 17.1, Snipers 177 / 10 x 8 = 141.6,
    # Biker 96 untouched: 254.7. Without the reserve rule the Fantasy Army's 292.5 would win.
    (table / "battle.toml").write_text(DEATHMATCH, encoding="utf-8")
    assert main(["battle", str(table / "battle.toml"), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["scenario"]["id"] == "deathmatch"
    assert report["winner"] == {
        "name": "Ursus strike force",
        "sides": [1],
        "reason": "Ursus strike force: 254.7 points left to 242.5 (reserves count as lost)",
    }
    assert [side["remaining"] for side in report["sides"]] == [292.5, 254.7]
    assert report["result"] == {"winners": ["Ursus strike force"], "draw": False, "reason": report["winner"]["reason"]}
    assert report["vp"] == [
        {"side": "Fantasy Army", "vp": 0, "rounds": [0] * 5},
        {"side": "Ursus strike force", "vp": 0, "rounds": [0] * 5},
    ]


def test_battle_new_under_rampage_for_two_teams_of_two(table, capsys):
    path = table / "rampage.toml"
    assert (
        main(
            [
                "battle",
                "new",
                str(table / "mcwarrior-warband.toml"),
                *("--opponent", str(table / "mcwarrior-rustbucket.toml")) * 3,
                "--scenario",
                "rampage",
                "--players",
                "Anna",
                "Cai",
                "Ben",
                "Dee",
                "--team",
                "Anna",
                "Ben",
                "--team",
                "Cai",
                "Dee",
                "-o",
                str(path),
            ]
        )
        == 0
    )
    assert capsys.readouterr().out.endswith(", Rampage, turn 1\n")
    battle = read_battle(path)
    assert (battle.scenario, battle.play.players, battle.play.teams) == (
        "rampage",
        ["Anna", "Cai", "Ben", "Dee"],
        [[0, 2], [1, 3]],
    )
    kills = "".join(f"\n[[play.events]]\nside = {side}\nround = 1\nvp = 1\n" for side in [0, 2] * 5 + [1])
    path.write_text(
        path.read_text(encoding="utf-8")
        .replace("play = { players", "[play]\nplayers")
        .replace(", teams = ", "\nteams = ")
        .replace("]] }", "]]")
        + kills,
        encoding="utf-8",
    )
    assert main(["battle", str(path), "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["winner"]["reason"] == "Anna and Ben: 10 VP, first to 10"
    assert report["result"] == {"winners": ["Anna", "Ben"], "draw": False, "reason": "Anna and Ben: 10 VP, first to 10"}
    assert report["teams"] == [
        {"name": "Anna and Ben", "sides": [0, 2], "vp": 10},
        {"name": "Cai and Dee", "sides": [1, 3], "vp": 0},
    ]
    assert [(f["code"], f["path"]) for f in report["findings"]] == [("battle/after-end", "play.events[10]")]
    assert main(["battle", str(path)]) == 1
    assert "Game over: Anna and Ben win: 10 VP, first to 10" in capsys.readouterr().out


@pytest.mark.parametrize(
    "args, said",
    [
        (["--scenario", "first-blood"], "no scenario 'first-blood' for McWarrior"),
        (["--scenario", "Warcaster:"], "no scenario 'Warcaster:' for McWarrior"),  # not an id: named, no traceback
        (
            ["--scenario", "last-mech-standing", *["--opponent", "mcwarrior-rustbucket.toml"] * 4],
            "McWarrior is played by 2 to 4 players, not 5",
        ),
        (
            ["--scenario", "rampage", "--opponent", "mcwarrior-rustbucket.toml", "--players", "A", "B"]
            + ["--team", "A", "--team", "C"],
            "no player 'C'",
        ),
        (
            ["--scenario", "rampage", *["--opponent", "mcwarrior-rustbucket.toml"] * 2, "--players", "A", "B", "C"]
            + ["--team", "A", "--team", "B"],
            "warbench: C is in no team\n",
        ),
        (
            ["--scenario", "rampage", *["--opponent", "mcwarrior-rustbucket.toml"] * 2, "--players", "A", "B", "C"]
            + ["--team", "A", "B", "--team", "C", "--team", "A"],
            "warbench: A is in two teams\n",
        ),
        (
            ["--scenario", "rampage", *["--opponent", "mcwarrior-rustbucket.toml"] * 2, "--players", "A", "B", "C"]
            + ["--team", "A", "--team", "B", "--team", "C"],
            "warbench: play.teams: Rampage is played in two teams, not 3\n",
        ),
        (
            ["--scenario", "rampage", "--opponent", "mcwarrior-rustbucket.toml", "--players", "A", "B", "C", "D"],
            "2 rosters but 4 players named",
        ),
    ],
)
def test_battle_new_refuses_what_the_scenario_cannot_have(table, capsys, args, said, monkeypatch):
    monkeypatch.chdir(table)
    assert main(["battle", "new", str(table / "mcwarrior-warband.toml"), *args, "-o", str(table / "b.toml")]) == 2
    assert said in capsys.readouterr().err
    assert not (table / "b.toml").exists()


def test_a_play_record_without_a_scenario_is_a_finding(table, capsys):
    (table / "b.toml").write_text(DEATHMATCH.replace('scenario = "deathmatch"\n', ""), encoding="utf-8")
    result = replay_battle_file(table / "b.toml")
    assert [(f.code, f.path) for f in result.findings] == [("battle/scenario", "play")]
    assert result.as_dict()["scenario"] is None and result.as_dict()["winner"] is None


def test_warmachine_battle_mode_by_size_or_chosen_and_a_vulnerable_leader(table, capsys):
    path = table / "wm.toml"
    assert (
        main(
            [
                "battle",
                "new",
                str(table / "warmachine-example.toml"),
                "--opponent",
                str(table / "warmachine-example.toml"),
                "--scenario",
                "first-blood",
                "--attacker",
                "us",
                "-o",
                str(path),
            ]
        )
        == 0
    )
    capsys.readouterr()
    assert json.loads(_json(path, capsys))["mode"] == "assassination"  # 75 points: Assassination Mode
    text = (
        path.read_text(encoding="utf-8")
        .replace('scenario = "first-blood"\n', 'scenario = "first-blood"\nturn = 2\n')
        .replace(
            "play = { attacker = 0 }\n",
            '\n[play]\nattacker = 0\nmode = "execution"\n\n[[play.events]]\nside = 1\nround = 2\nleader = "other"\n',
        )
    )
    path.write_text(text, encoding="utf-8")
    report = json.loads(_json(path, capsys))
    assert (report["leaders"], report["winner"]) == (["in play", "vulnerable"], None)


def _json(path, capsys) -> str:
    main(["battle", str(path), "--json"])
    return capsys.readouterr().out


def test_the_battles_code_carries_the_scenario_and_its_record(table, tmp_path):
    conceded = DEATHMATCH.replace("turn = 5", "turn = 3").replace(
        "over = true\n", 'declared = { side = 0, reason = "Ursus conceded" }\n'
    )
    (table / "battle.toml").write_text(conceded, encoding="utf-8")
    code = battle_code(table / "battle.toml")
    (tmp_path / "in").mkdir()
    received = battle_from_code(code, tmp_path / "in" / "b.toml")
    assert (received.scenario, received.play) == ("deathmatch", read_battle(table / "battle.toml").play)
    theirs = replay_battle_file(tmp_path / "in" / "b.toml").as_dict()
    assert theirs["winner"]["reason"] == "Fantasy Army: Ursus conceded"
    assert theirs == replay_battle_file(table / "battle.toml").as_dict()


def test_a_code_made_before_scenarios_still_decodes(tmp_path):
    battle = battle_from_code(OLD_CODE, tmp_path / "old.toml")
    assert (battle.turn, battle.scenario, battle.play, battle.units[0].hp) == (3, None, None, 5)
    without = tmp_path / "again.toml"
    shutil.copy(tmp_path / "old.toml", without)
    assert battle_code(without) == PLAIN_CODE


def test_a_warcaster_mission_played_from_the_command_line_to_its_winner(tmp_path, capsys):
    examples_in(tmp_path)
    path = str(tmp_path / "sm.toml")
    assert (
        main(
            [
                "battle",
                "new",
                str(tmp_path / "warcaster-marcher-worlds.toml"),
                "--opponent",
                str(tmp_path / "warcaster-firebrand.toml"),
                "--scenario",
                "strange-matter",
                "--players",
                "Anna",
                "Ben",
                "--secondary",
                "recon",
                "-o",
                path,
            ]
        )
        == 0
    )
    steps = [("Anna", "2"), ("Ben", "2"), None, ("Anna", "8"), ("Ben", "4"), None, ("Anna", "6"), ("Ben", "10")]
    capsys.readouterr()
    assert main(["battle", path, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["leader"] is None, "two untouched armies: nobody is ahead"
    pulse_round = ["battle", "turn", path, "--round"]  # past five turns each, the Pulse tracker's five boxes
    for step in steps[:4]:
        assert main(["battle", "score", path, "--side", step[0], "--vp", step[1]] if step else pulse_round) == 0
    capsys.readouterr()
    assert main(["battle", path]) == 0
    assert "ahead: Anna (VP: 10 against 2)" in capsys.readouterr().out, "under a scenario, VP decide who is ahead"
    assert main(["battle", path, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["leader"] == "Anna"
    for step in steps[4:]:
        args = pulse_round if step is None else ["battle", "score", path, "--side", step[0], "--vp", step[1]]
        assert main(args) == 0
    assert main(["battle", "score", path, "--side", "Anna", "--vp", "3", "--mission", "recon"]) == 0
    assert main(["battle", "score", path, "--side", "Ben", "--vp", "3", "--mission", "recon"]) == 2
    assert "not recorded: Ben did not choose the secondary mission Recon" in capsys.readouterr().err
    assert main(["battle", "turn", path, "--over"]) == 0
    assert capsys.readouterr().out.splitlines()[-2:] == [
        "VP: Anna 19, Ben 16",
        "Game over: Anna wins: 19 VP to 16, the most VP",
    ]
    assert main(["battle", "score", path, "--side", "Ben", "--vp", "1"]) == 2
    assert main(["battle", "declare", path, "--side", "opponent", "--reason", "conceded"]) == 0
    out = capsys.readouterr().out  # the scenario had already decided: the declaration is not used
    assert "Game over: Anna wins: 19 VP to 16, the most VP" in out and "battle/after-end" in out


def test_a_game_ended_level_is_a_draw_in_json_not_a_missing_winner(table, capsys):
    """`result` says how a game ended for scripts: a draw is `draw: true`, and a game still going on has none."""
    path = str(table / "level.toml")
    roster, opponent = table / "warmachine-example.toml", table / "warmachine-example.toml"
    assert (
        main(
            ["battle", "new", str(roster), "--opponent", str(opponent), "--scenario", "first-blood"]
            + ["--attacker", "us", "-o", path]
        )
        == 0
    )
    capsys.readouterr()
    assert main(["battle", path, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["result"] is None
    assert main(["battle", "turn", path, "--over"]) == 0
    capsys.readouterr()
    assert main(["battle", path, "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert (report["winner"], report["over"]) == (None, True)
    assert report["result"] == {"winners": [], "draw": True, "reason": "a draw"}


def test_a_side_named_as_both_rosters_in_a_mirror_match_is_refused_not_taken_for_ours(table, capsys):
    """Two copies of one roster: its name is both sides', so `--side NAME` (or `--attacker NAME`) says so and asks for
    us or opponent rather than scoring for the first side."""
    roster = str(table / "warmachine-example.toml")
    path = table / "mirror.toml"
    new = ["battle", "new", roster, "--opponent", roster, "--scenario", "first-blood", "-o", str(path)]
    assert main([*new, "--attacker", "Cogmire vanguard"]) == 2
    said = (
        "warbench: both sides are named 'Cogmire vanguard': say us or opponent "
        "(or name the players: battle new --players)\n"
    )
    assert capsys.readouterr().err == said
    assert main([*new, "--attacker", "us"]) == 0
    for _ in range(3):  # on to the defender's second turn, from which First Blood scores
        assert main(["battle", "turn", str(path)]) == 0
    capsys.readouterr()
    before = path.read_bytes()
    assert main(["battle", "score", str(path), "--side", "Cogmire vanguard", "--vp", "1"]) == 2
    assert capsys.readouterr().err == said
    assert path.read_bytes() == before
    assert main(["battle", "score", str(path), "--side", "opponent", "--vp", "1"]) == 0
    assert [(e.side, e.vp, e.round, e.turn) for e in read_battle(path).play.events] == [(1, 1, 2, 1)]
