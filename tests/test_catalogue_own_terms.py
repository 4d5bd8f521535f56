"""A catalogue that builds on another is told of in its own terms: `catalog check`, `catalog share` and a roster on it
name the entry as the file holds it (`units[0].move`, with its name), never its place in the merged catalogue."""

from __future__ import annotations

import json

from builder.cli import main
from catalog.overlay import in_own_terms, merge_onto, own_place

GIANT = """id = "mine"
name = "Mine"
game = "warsurge"
revision = 1
extends = "warsurge-examples"

[[units]]
id = "giant"
name = "Giant"
faction = "Fantasy"
move = 99999999999999999999
dash = 5
defence = 6
hp = 10
armour = 4
points = 0
weapons = []
"""
BEYOND = "a number beyond 1,000,000 (or not finite), which no catalogue needs, got 99999999999999999999"
UNPRICED = (
    "a model costs 0 and none of its weapons costs anything: a model must be worth at least 1, so no roster can take it"
)


def test_check_and_share_name_the_files_own_entry(tmp_path, capsys):
    path = tmp_path / "mine.toml"
    path.write_text(GIANT, encoding="utf-8")
    assert main(["catalog", "check", str(path)]) == 2
    assert capsys.readouterr().err == f"{path}: 1 problem\n  units[0].move (Giant): {BEYOND}\n"
    assert main(["catalog", "check", "--json", str(path)]) == 2
    [checked] = json.loads(capsys.readouterr().out)["catalogues"]
    assert checked["problems"] == [{"path": "units[0].move", "entry": "Giant", "message": BEYOND}]
    assert main(["catalog", "share", str(path)]) == 2
    assert capsys.readouterr().err == f"warbench: {path}: units[0].move (Giant): {BEYOND}\n"


def test_check_warns_of_the_files_own_entry(tmp_path, capsys):
    path = tmp_path / "mine.toml"
    path.write_text(GIANT.replace("99999999999999999999", "5"), encoding="utf-8")
    assert main(["catalog", "check", str(path)]) == 0
    assert capsys.readouterr().out.splitlines()[1:] == [f"{path}: 1 warning", f"  units[0].points (Giant): {UNPRICED}"]


def test_an_entry_only_the_base_holds_keeps_its_place_and_says_whose_it_is():
    base = {"game": "g", "units": [{"id": "a", "name": "Alpha"}, {"id": "b", "name": "Beta"}]}
    own = {"game": "g", "extends": "base", "units": [{"id": "c", "name": "Gamma"}, {"id": "a", "name": "Alpha 2"}]}
    merged = merge_onto(base, own)
    assert [u["id"] for u in merged["units"]] == ["a", "b", "c"]
    assert own_place("units[0].move", own, merged) == ("units[1].move", "Alpha 2")
    assert own_place("units[2]", own, merged) == ("units[0]", "Gamma")
    assert own_place("units[1].weapons[0]", own, merged) == ("units[1].weapons[0]", "Beta, of base")
    assert own_place("rules.model_minimum", own, merged) == ("rules.model_minimum", "")
    assert own_place("units[9].move", own, merged) == ("units[9].move", "")
    assert in_own_terms("units[2].hp: too many", own, merged) == "units[0].hp (Gamma): too many"
    assert in_own_terms("no such catalogue file", own, merged) == "no such catalogue file"
