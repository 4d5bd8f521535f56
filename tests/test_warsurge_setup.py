"""Warsurge's competitive set-up (Free Rules, Part 5): what the players agree stays, the rest is rolled as the book
rolls it, and the card prints, keeps and reads back."""

from __future__ import annotations

import io
import json
import random
import shutil
import tomllib
from pathlib import Path

import pytest
from pydantic import ValidationError
from pypdf import PdfReader

from builder.battles import read_battle, replay_battle_file
from builder.battles.session import BattleSession
from builder.cli import main
from builder.editing.storage import Store
from builder.games.warsurge.setup import Agreed, set_up
from builder.scenarios import find_scenario
from builder.scenarios.battle import as_played
from builder.scenarios.record import ScenarioPlay
from tests.conftest import REPO, examples_in


class Dice:
    """Dice that show the faces a test lists, in order (and say so when a test did not list enough)."""

    def __init__(self, *faces: int) -> None:
        self.faces = list(faces)
        self.asked: list[int] = []

    def randint(self, low: int, high: int) -> int:
        assert low == 1 and self.faces, f"a D{high} more than the test rolled"
        self.asked.append(high)
        face = self.faces.pop(0)
        assert 1 <= face <= high
        return face


def agreed(**chosen) -> Agreed:
    return Agreed(players=chosen.pop("players", ["Ann", "Bo"]), **chosen)


def test_a_set_game_length_is_a_d6_plus_three():
    """Step 8: Set rolls a D6 and adds 3 — a 4 gives seven game turns, and the game can go no further."""
    setup = set_up(
        agreed(playstyle="standard", game_types=["deathmatch"], length="set", terrain_pieces=8), Dice(2, 4, 6, 1)
    )
    assert setup.turns == 7 and setup.max_turns == 7
    assert [(r.what, r.dice, r.faces, r.gave) for r in setup.rolls][1] == ("set game length", "D6", [4], "7 game turns")


def test_everything_left_out_is_rolled_in_the_books_order_with_the_books_dice():
    """A D2 playstyle, a rectangular deployment D6 on a 6' x 4' table, a D3 game type, a D6 of markers and the map's
    D2, 6 + 2D6 moderate terrain (the book's own example: 3 and 4 make 13), a D3 length, the roll-off."""
    dice = Dice(2, 5, 3, 4, 2, 3, 4, 1, 6, 2)
    setup = set_up(agreed(), dice)
    assert dice.asked == [2, 6, 3, 6, 2, 6, 6, 3, 6, 6]
    assert setup.playstyle == "advanced" and setup.battlefield == "C" and setup.deployment == "rectangular option 5"
    assert setup.game_types == ["capture-objectives"]
    assert setup.markers == ["yellow", "purple"]  # four markers, the map's second choice
    assert setup.terrain_pieces == 13
    assert setup.length == "conflict" and setup.turns is None and setup.max_turns is None
    assert setup.turn_master == 0 and setup.zone_order == [0, 1]


def test_three_markers_roll_a_d3_and_black_with_a_d2_on_a_three():
    """The three-marker map has three choices, not two: red and black, blue and black, or black and a D2 between
    yellow and purple."""
    common = {"game_types": ["capture-objectives"], "markers": 3, "playstyle": "standard", "length": "set", "turns": 5}
    common |= {"terrain_pieces": 9, "battlefield": "B"}
    for faces, expected in (((2,), ["blue", "black"]), ((3, 1), ["black", "yellow"]), ((3, 2), ["black", "purple"])):
        dice = Dice(1, *faces, 6, 5)  # deployment on a square table (a D3), the map, then the roll-off
        setup = set_up(agreed(**common), dice)
        assert setup.markers == expected
        assert dice.asked[:2] == [3, 3]


def test_the_roll_off_rolls_again_among_the_tied_and_zones_follow_the_first_roll():
    """Step 10: Bo and Cy tie on 5 and roll again (Cy wins); Ann's 2 chooses last; the team of Di and Ed is one side."""
    chosen = {"players": ["Ann", "Bo", "Cy", "Di", "Ed"], "teams": [["Di", "Ed"]], "playstyle": "standard"}
    chosen |= {"game_types": ["deathmatch"], "length": "custom", "custom": "until a leader falls", "terrain_pieces": 4}
    setup = set_up(agreed(**chosen), Dice(2, 5, 5, 3, 1, 6))
    assert setup.sides == [["Ann"], ["Bo"], ["Cy"], ["Di", "Ed"]]
    assert setup.deployment == "the map for 4 players"
    assert setup.roll_off == [[2, 5, 5, 3], [0, 1, 6, 0]]
    assert setup.turn_master == 2 and setup.zone_order == [2, 1, 3, 0]
    assert setup.custom == "until a leader falls"


def test_what_the_players_agreed_is_checked_whole():
    with pytest.raises(ValidationError, match="is not one of the players"):
        agreed(teams=[["Ann", "Zed"]])
    with pytest.raises(ValidationError, match="two sides or more"):
        agreed(teams=[["Ann", "Bo"]])
    with pytest.raises(ValidationError, match="only Capture Objectives places markers"):
        agreed(game_types=["deathmatch"], markers=4)
    with pytest.raises(ValidationError, match="a name of their own"):
        agreed(players=["Ann", "Ann"])


def test_what_was_agreed_for_a_roll_that_does_not_need_it_is_said_not_dropped():
    """Markers and turns agreed before the dice chose the game type and length apply if the dice come to them;
    where they do not, the roll says so."""
    used = {seed: set_up(agreed(markers=2, turns=5), random.Random(seed)) for seed in range(1, 12)}
    assert {card.length for card in used.values()} == {"set", "random", "conflict"}  # each length rolled
    assert {card.game_types[0] for card in used.values()} == {"deathmatch", "capture-territory", "capture-objectives"}
    for card in used.values():
        notes = [r.gave for r in card.rolls]
        assert (f"{card.game_types[0]}; the 2 markers agreed are not placed" in notes) == (
            card.game_types[0] != "capture-objectives"
        )
        assert (f"{card.length}; the 5 game turns agreed do not apply" in notes) == (card.length != "set")
        assert card.turns == (5 if card.length == "set" else None)


def test_the_card_keeps_the_set_up_for_a_battle_and_prints_it_on_a_page(tmp_path, capsys):
    kept, page = tmp_path / "setup.toml", tmp_path / "setup.pdf"
    command = ["scenario", "setup", "warsurge", "--player", "Ann", "--player", "Bo", "--player", "Cy", "--seed", "9"]
    command += ["--game-type", "deathmatch", "--game-type", "capture-territory", "--mod", "time-attack"]
    command += ["--time-attack", "20", "--playstyle", "advanced", "-o", str(kept), "--pdf", str(page)]
    assert main(command) == 0
    printed = capsys.readouterr().out
    assert "Game type: Deathmatch + Capture Territory" in printed
    assert "Deathmatch: combined: 1 OP for every 10% of the roster still standing at the end." in printed
    assert "Time Attack: 20 s to decide" in printed and "running over costs 1 CP" in printed
    data = tomllib.loads(kept.read_text(encoding="utf-8"))
    assert data["kind"] == "setup" and data["sides"] == [["Ann"], ["Bo"], ["Cy"]] and data["time_attack"] == 20
    assert main([*command[:-4], "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == data  # the same seed rolls the same
    text = " ".join(PdfReader(io.BytesIO(page.read_bytes())).pages[0].extract_text().split())
    assert "Warsurge set-up" in text and "Ann vs Bo vs Cy" in text
    assert main(command) == 2  # never over the files without --overwrite
    assert "already exists" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("options", "said"),
    [
        (["--players", "1"], "a game has 2 to 16 players"),
        (["--players", "3", "--player", "Ann"], "--players 3 but 1 players named"),
        (["--game-type", "chess"], "invalid choice: 'chess'"),
        (["--markers", "12", "--game-type", "capture-objectives"], "markers: at most 9, not 12"),
        (["-o", "setup.txt"], "name a .toml file"),
        (["--player", "A\x1b[31m", "--player", "B"], "players[0]: a name holds a control character (\\x1b)"),
        (["--length", "conflict", "--turns", "5"], "turns: a conflict game has no set number of turns"),
        (["--custom", "first blood"], "custom: only a custom game length says how the game ends"),
    ],
)
def test_options_that_cannot_be_set_up_are_one_line_and_exit_2(options, said, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["scenario", "setup", "warsurge", *options]) == 2
    err = capsys.readouterr().err
    assert said in err and err.count("\n") == 1


def test_a_game_without_a_set_up_flow_says_which_games_have_one(capsys):
    assert main(["scenario", "setup", "mcwarrior"]) == 2
    assert "has no guided set-up (games with one: warsurge)" in capsys.readouterr().err


EXAMPLES = REPO / "builder" / "examples"


def battle_from_setup(tmp_path, capsys, *setup_options: str, opponents: int = 2) -> Path:
    """A Warsurge battle started from a set-up file (the first roster ours, the next the opponents')."""
    examples_in(tmp_path)
    setup, battle = tmp_path / "setup.toml", tmp_path / "battle.toml"
    players = [f"P{n}" for n in range(1, opponents + 2)]
    command = ["scenario", "setup", "warsurge", *(o for p in players for o in ("--player", p)), "--seed", "5"]
    assert main([*command, *setup_options, "-o", str(setup)]) == 0
    rosters = ["--opponent", str(tmp_path / "warsurge-apc.toml")] * opponents
    assert (
        main(["battle", "new", str(tmp_path / "warsurge-499.toml"), *rosters, "--setup", str(setup), "-o", str(battle)])
        == 0
    )
    capsys.readouterr()
    return battle


def as_json(battle: Path, capsys) -> dict:
    capsys.readouterr()
    main(["battle", str(battle), "--json"])
    return json.loads(capsys.readouterr().out)


def test_a_battle_from_a_set_up_plays_its_game_length_and_combined_deathmatch(tmp_path, capsys):
    """Set to 5 turns with objectives and Deathmatch combined: the OP of 5 turns, then 1 OP for every 10% of each
    roster left; P2 loses a unit's worth of points, and P1, level before, wins on what it has left."""
    options = ("--game-type", "capture-objectives", "--game-type", "deathmatch", "--length", "set", "--turns", "5")
    battle = battle_from_setup(tmp_path, capsys, *options, opponents=1)
    data = as_json(battle, capsys)
    assert data["scenario"]["name"] == "Capture Objectives + Deathmatch"
    assert "the game ends after game turn 5" in data["scenario"]["tracker"]
    for _ in range(5):
        assert main(["battle", "score", str(battle), "--side", "P1", "--vp", "1"]) == 0
        assert main(["battle", "score", str(battle), "--side", "P2", "--vp", "1"]) == 0
        if _ < 4:
            assert main(["battle", "turn", str(battle)]) == 0
    assert main(["battle", "mark", str(battle), "--side", "P2", "--unit", "1", "--damage", "5"]) == 0
    assert main(["battle", "turn", str(battle), "--over"]) == 0
    data = as_json(battle, capsys)
    assert [side["vp"] for side in data["vp"]] == [5 + 10, 5 + 7]  # the APC (110 of 434.3 points) destroyed: 74%
    assert data["result"]["winners"] == ["P1"] and data["result"]["draw"] is False


def test_a_random_game_ends_no_sooner_than_turn_four_and_by_turn_ten(tmp_path, capsys):
    battle = battle_from_setup(tmp_path, capsys, "--game-type", "capture-territory", "--length", "random")
    assert (
        "from game turn 4 a D6 at each end: 4+ goes on (game turn 10 at most)"
        in as_json(battle, capsys)["scenario"]["tracker"]
    )
    assert main(["battle", "turn", str(battle), "--over"]) == 2
    assert (
        "a Random game ends at the end of game turn 4 at the soonest (this is game turn 1)" in capsys.readouterr().err
    )
    for _ in range(3):
        assert main(["battle", "turn", str(battle)]) == 0
    assert main(["battle", "turn", str(battle), "--over"]) == 0


def test_a_conflict_game_has_no_last_turn_until_the_players_end_it(tmp_path, capsys):
    battle = battle_from_setup(tmp_path, capsys, "--game-type", "deathmatch", "--length", "conflict")
    data = as_json(battle, capsys)
    assert "ends after" not in data["scenario"]["tracker"] and len(data["sides"]) == 3
    for _ in range(6):  # past the book's four turns: Deathmatch's own limit no longer ends it
        assert main(["battle", "turn", str(battle)]) == 0
    assert as_json(battle, capsys)["turn"]["round"] == 7


def test_a_set_up_file_that_is_not_one_is_refused_in_a_line(tmp_path, capsys):
    roster = shutil.copy(EXAMPLES / "warsurge-499.toml", tmp_path / "r.toml")
    for text, said in (
        ('kind = "roster"\n', "not a set-up file"),
        ('kind = "setup"\n[battle]\nscenario = "deathmatch"\nrounds = 400\n', "rounds"),
    ):
        (tmp_path / "s.toml").write_text(text, encoding="utf-8")
        assert (
            main(["battle", "new", str(roster), "--setup", str(tmp_path / "s.toml"), "-o", str(tmp_path / "b.toml")])
            == 2
        )
        err = capsys.readouterr().err
        assert said in err and err.count("\n") == 1


def test_the_builders_set_up_questions_give_the_same_card_as_the_command_line():
    """The new-battle flow's choosers (each with the book's roll first) answer the same steps: combined types, a
    set length, Time Attack's seconds; what is left to the dice is rolled."""
    from builder.game import game

    flow = game("warsurge").setup
    assert [key for key, _ in flow.questions()] == [
        "playstyle",
        "battlefield",
        "game_types",
        "terrain",
        "length",
        "time_attack",
    ]
    assert all(
        prompt.choices[0].label.startswith(("Roll", "The size", "Moderate", "No")) for _, prompt in flow.questions()
    )
    answers = {"playstyle": "roll", "battlefield": "suited", "game_types": "capture-territory+deathmatch"}
    answers |= {"terrain": "dense", "length": "set", "time_attack": "20"}
    card = flow.card_from(answers, ["Ann", "Bo"], 500, Dice(2, 3, 5, 5, 2, 6, 1))
    assert card.data["battle"] == {
        "scenario": "capture-territory",
        "combined": ["deathmatch"],
        "players": ["Ann", "Bo"],
        "length": "set",
        "playstyle": "advanced",
        "point_limit": 500,
        "rounds": 5,
        "time_attack": 20,
    }
    assert card.data["playstyle"] == "advanced" and card.data["battlefield"] == "B"
    assert card.data["terrain_pieces"] == 6 + 5 + 5  # a 4' x 4' dense battlefield: 6 + 2D6


def test_command_points_are_the_advanced_playstyles_as_the_set_up_chose(tmp_path, capsys):
    """A Standard game from the set-up spends no command points (refused, one line); an Advanced one rolls them."""
    standard = battle_from_setup(tmp_path, capsys, "--playstyle", "standard", opponents=1)
    assert main(["battle", "cp", str(standard), "roll", "3", "4"]) == 2
    assert "tracks nothing a turn spends" in capsys.readouterr().err
    advanced = tmp_path / "advanced"
    advanced.mkdir()
    battle = battle_from_setup(advanced, capsys, "--playstyle", "advanced", "--points", "500", opponents=1)
    assert main(["battle", "cp", str(battle), "roll", "4"]) == 0  # a 500-point game: one die
    assert as_json(battle, capsys)["sides"][0]["resources"]["summary"].startswith("CP ")


def test_the_turn_masters_dice_are_one_d6_per_500_points_of_the_limit_the_set_up_agreed(tmp_path, capsys):
    """Two 500-point rosters in a 1,000-point game: the Turn Master rolls 2D6 (the largest roster's limit gave 1)."""
    battle = battle_from_setup(tmp_path, capsys, "--playstyle", "advanced", "--points", "1000", opponents=1)
    assert read_battle(battle).play.point_limit == 1000
    said = [f"{f.severity} {f.path}: {f.message}" for f in replay_battle_file(battle).findings]
    assert said == [  # a game of 1000 points, rosters of 500: played as agreed, and said
        "warning sides[0]: the set-up agreed a 1000-point game; P1: Fantasy Army is built to 500 points",
        "warning sides[1]: the set-up agreed a 1000-point game; P2: Ursus strike force is built to 500 points",
    ]
    rosters = [str(tmp_path / "warsurge-499.toml"), "--opponent", str(tmp_path / "warsurge-apc.toml")]
    again = ["battle", "new", *rosters, "--setup", str(tmp_path / "setup.toml"), "-o", str(battle), "--overwrite"]
    assert main(again) == 0
    assert capsys.readouterr().err.splitlines()[0] == (
        "warning: the set-up agreed a 1000-point game; P1: Fantasy Army is built to 500 points"
    )
    assert main(["battle", "cp", str(battle), "roll", "4"]) == 2
    assert capsys.readouterr().err == "warbench: not recorded: a 1000-point game rolls 2 D6 for CP, not 1\n"
    assert main(["battle", "cp", str(battle), "roll"]) == 0  # rolled from the battle's seed
    ledger = as_json(battle, capsys)["sides"][0]["resources"]
    rolled = read_battle(battle).spent[-1].event["roll"]
    assert (len(rolled), ledger["cp"]) == (2, sum(rolled))
    assert (
        "2 D6 a game turn (1000 points)"
        in BattleSession(battle, Store(tmp_path / "store")).result.spending.details(0)[0]
    )


def test_a_mirror_match_off_the_agreed_limit_names_each_side_as_the_report_titles_it(tmp_path, capsys):
    """One roster on both sides of a 1,000-point game: each warning names its own side, not the roster twice."""
    shutil.copy(EXAMPLES / "warsurge-499.toml", tmp_path / "army.toml")
    setup, battle = tmp_path / "setup.toml", tmp_path / "battle.toml"
    players = ["--player", "Ann", "--player", "Bo"]
    assert main(["scenario", "setup", "warsurge", *players, "--points", "1000", "-o", str(setup)]) == 0
    army = str(tmp_path / "army.toml")
    assert main(["battle", "new", army, "--opponent", army, "--setup", str(setup), "-o", str(battle)]) == 0
    assert capsys.readouterr().err.splitlines()[:2] == [
        "warning: the set-up agreed a 1000-point game; Ann: Fantasy Army is built to 500 points",
        "warning: the set-up agreed a 1000-point game; Bo: Fantasy Army is built to 500 points",
    ]


def test_a_battle_whose_set_up_kept_no_point_limit_rolls_for_the_largest_rosters(tmp_path, capsys):
    battle = battle_from_setup(tmp_path, capsys, "--playstyle", "advanced", "--points", "1000", opponents=1)
    battle.write_text(battle.read_text(encoding="utf-8").replace(", point_limit = 1000", ""), encoding="utf-8")
    assert read_battle(battle).play.point_limit is None
    assert main(["battle", "cp", str(battle), "roll", "4"]) == 0  # two 500-point rosters: one die, as before


def test_time_attacks_seconds_switch_the_mod_on_and_a_set_up_file_is_named_where_it_is_misused(tmp_path, capsys):
    assert main(["scenario", "setup", "warsurge", "--time-attack", "20", "--seed", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["mods"] == ["time-attack"] and data["time_attack"] == 20
    setup = tmp_path / "setup.toml"
    assert main(["scenario", "setup", "warsurge", "--seed", "1", "-o", str(setup)]) == 0
    capsys.readouterr()
    for command in (["battle", str(setup)], ["validate", str(setup)]):
        assert main(command) == 2
        assert "this is a Warsurge set-up file" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("first", "then"), [("deathmatch", "capture-objectives"), ("capture-objectives", "deathmatch")]
)
def test_deathmatch_combined_plays_the_same_whichever_type_is_named_first(first, then):
    """The book's tip: a combined Deathmatch grants 1 OP for every 10% of the roster that survived; the set-up keeps
    the first game type named as the scenario, so Deathmatch named first must not lose its survivors' OP (nor named
    second lose its elimination from game turn 2)."""
    played = as_played(find_scenario(first, "warsurge"), ScenarioPlay(combined=[then]))
    win = played.win
    assert (win.kind, win.survival_op, win.wipeout_from, win.rounds) == ("most-vp", True, 2, 4)
    assert (played.count.per, played.count.most, played.count.most_last_round) == ("round", 9, 27)


@pytest.mark.parametrize(
    "options",
    [
        ["--length", "set", "--turns", "6", "--playstyle", "advanced", "--points", "1500", "--time-attack", "20"],
        ["--game-type", "deathmatch", "--game-type", "capture-objectives", "--length", "random"],
    ],
)
def test_what_the_set_up_agreed_travels_in_the_battle_code(tmp_path, capsys, options):
    """The opponent's Warbench plays the same game: its length, the game types combined, the playstyle (command
    points or not), Time Attack's seconds and the limit the CP dice come from all come back from the code."""
    from builder.battles import read_battle

    battle = battle_from_setup(tmp_path, capsys, *options, opponents=1)
    sent = read_battle(battle).play
    assert main(["battle", "code", str(battle)]) == 0
    code = capsys.readouterr().out.strip()
    assert main(["battle", "import", code, "-o", str(tmp_path / "theirs.toml")]) == 0
    received = read_battle(tmp_path / "theirs.toml").play
    agreed = ("length", "rounds", "combined", "playstyle", "time_attack", "point_limit")
    assert sent is not None and received is not None
    assert {k: getattr(received, k) for k in agreed} == {k: getattr(sent, k) for k in agreed}
    assert any(getattr(sent, k) for k in agreed)


def test_a_set_up_refused_writes_neither_its_file_nor_its_page(tmp_path, capsys):
    """The set-up file and its PDF page are written both or neither: a page that exists, or one in a folder that
    does not, leaves no set-up file behind (it used to be written before the page was refused)."""
    kept, page = tmp_path / "setup.toml", tmp_path / "setup.pdf"
    page.write_bytes(b"%PDF-1.4 someone's")
    command = ["scenario", "setup", "warsurge", "--seed", "9", "-o", str(kept)]
    assert main([*command, "--pdf", str(page)]) == 2
    assert capsys.readouterr().err == f"warbench: {page}: already exists (use --overwrite to replace it)\n"
    assert not kept.exists() and page.read_bytes() == b"%PDF-1.4 someone's"
    nowhere = tmp_path / "no-folder" / "setup.pdf"
    assert main([*command, "--pdf", str(nowhere)]) == 2
    assert capsys.readouterr().err == (
        f"warbench: {kept} and {nowhere}: cannot write (No such file or directory); nothing was written\n"
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == ["setup.pdf"]
