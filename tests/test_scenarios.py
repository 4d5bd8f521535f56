"""Scenarios as data: every scenario the books name, charts rolled with the book's dice, the operations matrix."""

from __future__ import annotations

import json
import random

import pytest

from builder.cli import main
from builder.game import game, game_ids
from builder.scenarios import (
    books,
    find_chart,
    find_scenario,
    from_matrix,
    roll_chart,
    scenario_named,
    scenario_of,
)
from catalog.scenarios import ScenarioError, read_book

NAMED = {
    "warmachine": {
        "First Blood",
        "Lines Drawn",
        "Close Quarters",
        "Seize the Initiative",
        "Breakthrough",
        "Point of No Return",
        "Patrol Clash",
        "Key Positions",
        "Make Haste",
        "High Ground",
        "Contested Ground",
        "Crossroads",
        "Street by Street",
        "Major Battle",
    },
    "warcaster": {"Orders of Magnitude", "Strange Matter", "Surface Tension", "Boiling Point"},
    "mcwarrior": {
        "Last Mech Standing",
        "Theft",
        "Capture The Flag",
        "King Of The Hill",
        "Mass Carnage",
        "Rampage",
        "Tug Of War",
    },
    "warsurge": {"Deathmatch", "Capture Territory", "Capture Objectives"},
}


class Dice(random.Random):
    """Dice that land as told, in order."""

    def __init__(self, *faces: int) -> None:
        super().__init__()
        self.faces = list(faces)

    def randint(self, a: int, b: int) -> int:
        face = self.faces.pop(0)
        assert a <= face <= b
        return face


@pytest.mark.parametrize("game_id", game_ids())
def test_scenario_list_shows_every_scenario_the_book_names(game_id, capsys):
    assert main(["scenario", "list", game_id, "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)["scenarios"]
    assert {s["name"] for s in listed} == NAMED[game_id]
    assert {s["game"] for s in listed} == {game_id}


def test_scenario_ids_are_unique_across_games_and_each_hangs_off_its_game():
    ids = [s.id for b in books() for s in b.scenarios]
    assert len(ids) == len(set(ids)) == sum(len(names) for names in NAMED.values())
    assert game("warsurge").scenarios.scenarios[0].id == "deathmatch"


def test_what_a_tracker_counts_is_data():
    rampage, deathmatch = find_scenario("rampage"), find_scenario("deathmatch")
    assert (rampage.teams, rampage.respawn, rampage.players, rampage.count.vp) == (True, True, (2, 4), [1])
    assert (rampage.win.kind, rampage.win.target) == ("first-to", 10)
    assert (deathmatch.win.kind, deathmatch.win.rounds, deathmatch.count.per) == ("points-left", 4, "none")
    assert find_scenario("strange-matter").count.most_by_round == [10, 14, 18]
    assert find_scenario("key-positions").count.by == "attacker"


def test_show_prints_our_summary_and_the_tracker_line(capsys):
    assert main(["scenario", "show", "rampage"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "Rampage — McWarrior, team versus team (rampage)"
    assert "Tracker:   VP as they are scored (1 each); first team to 10 VP wins" in out


def test_an_unknown_scenario_is_one_line_and_exit_2(capsys):
    assert main(["scenario", "show", "kill-team"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("warbench: no scenario 'kill-team' in any game (known: orders-of-magnitude,")
    assert err.count("\n") == 1
    assert main(["scenario", "list", "warhammer"]) == 2


def test_a_scenario_is_named_on_the_command_line_by_its_id_or_its_name_in_any_case(tmp_path, capsys):
    """`--scenario "Boiling Point"` (as `scenario list` shows it) is boiling-point, recorded by its id; a word that
    is neither is still one line naming the ids, exit 2."""
    import shutil

    from builder.battles import read_battle
    from tests.conftest import EXAMPLES

    assert scenario_named("Boiling Point").id == "boiling-point"
    assert scenario_named(" seize the  INITIATIVE", "warmachine").id == "seize-the-initiative"
    assert scenario_named("Capture-Territory", "warsurge").id == "capture-territory"
    with pytest.raises(ScenarioError, match=r"^no scenario 'Boiling Point' for Warsurge \(known: deathmatch, "):
        scenario_named("Boiling Point", "warsurge")
    assert main(["scenario", "show", "Seize the Initiative"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == (
        "Seize the Initiative — Warmachine Mk IV, casual play (seize-the-initiative)"
    )
    shutil.copy(EXAMPLES / "warcaster-firebrand.toml", tmp_path / "skirmish.toml")
    roster, battle = str(tmp_path / "skirmish.toml"), tmp_path / "battle.toml"
    new = ["battle", "new", roster, "--opponent", roster, "--players", "Ann", "Bob", "-o", str(battle)]
    assert main([*new, "--scenario", "Boiling Point"]) == 0
    assert capsys.readouterr().out == (
        f"wrote {battle}: Ann: Matt's Alliance skirmish against Bob: Matt's Alliance skirmish, Boiling Point, "
        "set-up, then turn 1.1, Ann's turn\n"
    )
    assert read_battle(battle).scenario == "boiling-point"
    assert main([*new, "--overwrite", "--scenario", "Boiling Pt"]) == 2
    out, err = capsys.readouterr()
    assert err.startswith("warbench: no scenario 'Boiling Pt' for Warcaster: Neo-Mechanika (known: orders-of-magnitude")
    assert (out, err.count("\n")) == ("", 1)
    assert main(["scenario", "setup", "warsurge", "--game-type", "Capture Territory", "--seed", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["game_types"] == ["capture-territory"]


def test_warsurge_rolls_its_game_type_on_a_d3():
    book = game("warsurge").scenarios
    chart = find_chart(book, "game-type")
    assert [scenario_of(book, roll_chart(book, chart, Dice(n))).id for n in (1, 2, 3)] == [
        "deathmatch",
        "capture-territory",
        "capture-objectives",
    ]


def test_war_torn_rolls_twice_more_never_on_itself():
    book = game("warmachine").scenarios
    rolled = roll_chart(book, find_chart(book, "battlefield-conditions"), Dice(6, 6, 6, 6, 1, 1, 2, 4))
    assert rolled.row.result == "war-torn"
    assert [r.row.result for r in rolled.then] == ["strong-winds", "waylaid"]


def test_a_recon_die_rolls_on_the_table_it_gives():
    book = game("warmachine").scenarios
    rolled = roll_chart(book, find_chart(book, "recon"), Dice(5, 4))
    assert (rolled.row.result, [r.row.result for r in rolled.then]) == ("tactical-gambit", ["outflank"])


def test_the_same_seed_rolls_the_same(capsys):
    outputs = []
    for _ in range(2):
        assert main(["scenario", "roll", "mcwarrior", "--seed", "7", "--json"]) == 0
        outputs.append(json.loads(capsys.readouterr().out))
    assert outputs[0] == outputs[1] and outputs[0]["chart"] == "port-oldsand-encounter"


@pytest.mark.parametrize(
    "ours, theirs, scenario, attacker",
    [
        ("scout", "assault", "high-ground", 1),
        ("assault", "scout", "high-ground", 0),
        ("scout", "resupply", "key-positions", 0),
        ("rally", "resupply", "contested-ground", 1),
        ("rally", "assault", "street-by-street", 1),
        ("scout", "scout", "patrol-clash", None),
        ("assault", "assault", "major-battle", None),
        ("resupply", "assault", "crossroads", 1),
    ],
)
def test_the_operations_matrix_names_the_scenario_and_who_attacks(ours, theirs, scenario, attacker):
    pairing = from_matrix(game("warmachine").scenarios, ours, theirs)
    assert (pairing.scenario.id, pairing.attacker) == (scenario, attacker)


def test_roll_with_operations_prints_the_red_player(capsys):
    assert main(["scenario", "roll", "warmachine", "--operations", "resupply", "rally"]) == 0
    assert capsys.readouterr().out == (
        "resupply against rally: Contested Ground (contested-ground); red (attacker): "
        "the resupply player, blue (defender): the rally player\n"
    )
    assert main(["scenario", "roll", "warmachine", "--operations", "resupply", "charge"]) == 2


def test_a_broken_scenario_file_names_the_key(tmp_path):
    bad = tmp_path / "warsurge.toml"
    bad.write_text(
        'game = "warsurge"\n[[scenarios]]\nid = "x"\nname = "X"\ngroup = "g"\nsetup = ""\nrules = ""\n'
        'scoring = ""\nvictory = ""\nchart = "nowhere"\n[scenarios.count]\nper = "none"\n'
        '[scenarios.win]\nkind = "most-vp"\n',
        encoding="utf-8",
    )
    with pytest.raises(ScenarioError, match="chart 'nowhere' is not in this file"):
        read_book(bad)


def test_a_scenario_card_prints_with_the_rosters_cards(tmp_path, capsys):
    """The scenario named by its name in any case ("DeathMatch"), as by its id."""
    from pypdf import PdfReader

    from builder.cli import main
    from tests.conftest import EXAMPLES

    target = tmp_path / "cards.pdf"
    assert (
        main(["export", "pdf", str(EXAMPLES / "warsurge-apc.toml"), "-o", str(target), "--scenario", "DeathMatch"]) == 0
    )
    text = " ".join(" ".join(page.extract_text().split()) for page in PdfReader(target).pages)
    scenario = game("warsurge").scenarios
    deathmatch = next(s for s in scenario.scenarios if s.id == "deathmatch")
    assert "Deathmatch Scenario Setup:" in text
    assert f"Victory: {' '.join(deathmatch.victory.split())}" in text
    assert (
        main(
            [
                "export",
                "pdf",
                str(EXAMPLES / "warsurge-apc.toml"),
                "-o",
                str(tmp_path / "x.pdf"),
                "--scenario",
                "rampage",
            ]
        )
        == 2
    )
    assert "no scenario 'rampage' for Warsurge" in capsys.readouterr().err
