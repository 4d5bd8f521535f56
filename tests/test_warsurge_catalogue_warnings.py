"""What `catalog check` warns of in a Warsurge catalogue, never stopping it loading: a unit no roster can take, its
models worth less than the model minimum whatever weapons they carry. A weapon no unit lists is no warning: an
armoury keeps weapons for units to come (the free rules' example armoury does)."""

from __future__ import annotations

import copy
import tomllib

from builder.catalogues import catalogue_warnings, parse_catalogue
from catalog.paths import BUNDLED_DIR
from tests.conftest import FIXTURES

OWN = tomllib.loads((FIXTURES / "warsurge-own-catalogue.toml").read_text(encoding="utf-8"))


def warned(data: dict) -> list[tuple[str, str, str]]:
    return [(w.code, w.path, w.message) for w in catalogue_warnings(parse_catalogue(data, "my-army.toml"))]


def unpriced(points: str, minimum: str = "1") -> str:
    return (
        f"a model costs {points} and none of its weapons costs anything: a model must be worth at least {minimum}, "
        "so no roster can take it"
    )


def test_a_unit_of_0_points_whose_weapons_cost_nothing_is_warned_of_at_its_points():
    data = copy.deepcopy(OWN)
    data["units"][0]["points"] = 0
    assert warned(data) == []  # its longbow costs points: enough of them make each model worth a point
    for weapon in data["weapons"]:
        weapon["points"] = 0
    data["units"][1]["points"] = 0.5
    assert warned(data) == [
        ("warsurge/unit-unpriced", "units[0].points", unpriced("0")),
        ("warsurge/unit-unpriced", "units[1].points", unpriced("0.5")),
    ]
    data["rules"]["model_minimum"] = 0.5
    assert warned(data) == [("warsurge/unit-unpriced", "units[0].points", unpriced("0", "0.5"))]


def test_a_unit_that_lists_no_weapon_and_costs_nothing_is_warned_of():
    data = copy.deepcopy(OWN)
    data["units"][1]["points"] = 0
    data["units"][1]["weapons"] = []
    assert warned(data) == [("warsurge/unit-unpriced", "units[1].points", unpriced("0"))]


def test_the_armourys_weapons_no_unit_lists_yet_are_no_warning():
    data = tomllib.loads((BUNDLED_DIR / "warsurge-examples.toml").read_text(encoding="utf-8"))
    carried = {w for unit in data["units"] for w in unit.get("weapons", [])}
    assert {w["id"] for w in data["weapons"]} - carried == {"energy-sword", "shadow-pistol"}
    assert warned(data) == [] and warned(OWN) == []
