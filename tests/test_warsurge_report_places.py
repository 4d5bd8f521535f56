"""Where each Warsurge unit is (in reserve, embarked, on the battlefield) in the text report, `--json` and the PDF
report's State column once the battle records places, and "counts as lost" where Deathmatch counts it so."""

from __future__ import annotations

import json

from builder.battles import replay_battle_file
from builder.battles.battle_report import report_page
from builder.cli import main
from tests.test_warsurge_deathmatch_reserves import cp, deathmatch


def test_the_text_report_says_where_each_unit_is_and_what_deathmatch_counts(tmp_path, capsys):
    path = deathmatch(tmp_path)
    assert cp(path, "--side", "us", "place", "Catapult", "battlefield") == 0
    assert cp(path, "--side", "opponent", "place", "2", "embarked") == 0  # aboard the Ursus APC, in reserve
    assert cp(path, "roll", "4") == 0
    capsys.readouterr()
    assert main(["battle", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1:10] == [
        "Fantasy Army: 499 of 499 points left (100%); 269 counted, reserves lost",
        "  Catapult                         269/269     10/10 HP  on the battlefield",
        "  Dwarven Berserkers               180/180     10/10 models, 20/20 HP  in reserve (counts as lost)",
        "  Human Knights                     50/50      2/2 models, 4/4 HP  in reserve (counts as lost)",
        "  CP 6 · spent 0 · game turn 1",
        "Ursus strike force: 434.3 of 434.3 points left (100%); 0 counted, reserves lost",
        "  Ursus APC                        110/110     5/5 HP  in reserve (counts as lost)",
        "  Troopers                        51.3/51.3    9/9 models, 9/9 HP  embarked in Ursus APC (in reserve, counts as lost)",
        "  Sniper Troopers                  177/177     5/5 models, 10/10 HP  in reserve (counts as lost)",
    ]
    assert main(["battle", str(path), "--json"]) == 0
    troopers = json.loads(capsys.readouterr().out)["sides"][1]["units"][1]
    assert (troopers["place"], troopers["counts_as_lost"]) == ("embarked in Ursus APC (in reserve)", True)


def test_json_and_the_pdf_table_give_each_units_place(tmp_path, capsys):
    path = deathmatch(tmp_path)
    assert cp(path, "--side", "opponent", "place", "1", "battlefield") == 0
    assert cp(path, "--side", "opponent", "place", "2", "embarked") == 0
    assert cp(path, "--side", "opponent", "place", "3", "embarked") == 0
    capsys.readouterr()
    assert main(["battle", str(path), "--json"]) == 0
    units = json.loads(capsys.readouterr().out)["sides"][1]["units"]
    assert [(u["name"], u["place"], u["counts_as_lost"]) for u in units] == [
        ("Ursus APC", "on the battlefield", False),
        ("Troopers", "embarked in Ursus APC", False),
        ("Sniper Troopers", "embarked in Ursus APC", False),
        ("Revenge Wing Biker", "in reserve", True),
    ]
    page = report_page(replay_battle_file(path))
    assert [row[-1] for row in page.tables[2].rows] == [
        "on the battlefield",
        "embarked in Ursus APC",
        "embarked in Ursus APC",
        "in reserve (counts as lost)",
    ]
    assert page.tables[2].headers[-1] == "State"


def test_a_standard_game_without_places_says_nothing_of_them(tmp_path, capsys):
    path = deathmatch(tmp_path, playstyle="standard")
    assert main(["battle", str(path), "--json"]) == 0
    units = json.loads(capsys.readouterr().out)["sides"][0]["units"]
    assert all("place" not in unit for unit in units)
    assert [row[-1] for row in report_page(replay_battle_file(path)).tables[1].rows] == ["", "", ""]
