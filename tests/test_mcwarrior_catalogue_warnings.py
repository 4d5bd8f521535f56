"""What `catalog check` and the catalogue editor warn of in a McWarrior catalogue, never stopping it loading: an
Active upgrade whose use a battle cannot record (no heat from the catalogue or the book), heat on a passive one."""

from __future__ import annotations

import copy
import tomllib

from builder.catalogues import catalogue_warnings, parse_catalogue
from catalog.paths import BUNDLED_DIR

BUNDLED = tomllib.loads((BUNDLED_DIR / "mcwarrior.toml").read_text(encoding="utf-8"))
NO_HEAT = "an Active upgrade with no heat: a battle cannot record its use (give the heat one use makes)"
PASSIVE = "heat on a passive upgrade: nothing uses it (mark it active, or take the heat out)"


def warned(data: dict) -> list[tuple[str, str, str]]:
    return [(w.code, w.path, w.message) for w in catalogue_warnings(parse_catalogue(data, "mw.toml"))]


def with_upgrades(*upgrades: dict) -> dict:
    data = copy.deepcopy(BUNDLED)
    data["upgrades"] += list(upgrades)
    return data


def test_the_bundled_catalogue_has_nothing_to_warn_of():
    assert warned(BUNDLED) == []


def test_an_own_active_upgrade_without_heat_and_heat_on_a_passive_one_are_warned_of_at_their_heat():
    first = len(BUNDLED["upgrades"])
    data = with_upgrades(
        {"id": "flamer", "name": "Flamer", "slots": ["left-arm"], "cost": 2, "active": True},
        {"id": "cooling-fins", "name": "Cooling Fins", "slots": ["torso"], "cost": 1, "heat": 2},
        {"id": "laser", "name": "Laser", "slots": ["head"], "cost": 2, "active": True, "heat": 1},
    )
    assert warned(data) == [
        ("mcwarrior/upgrade-heat", f"upgrades[{first}].heat", NO_HEAT),
        ("mcwarrior/upgrade-heat", f"upgrades[{first + 1}].heat", PASSIVE),
    ]
    assert parse_catalogue(data, "mw.toml").upgrades[first].heat is None  # it loads as it is


def test_a_book_upgrade_the_battle_knows_needs_no_heat_from_the_catalogue():
    assert all(u.get("heat") is None for u in BUNDLED["upgrades"] if u.get("active"))  # the book's numbers apply
    assert any(u.get("active") for u in BUNDLED["upgrades"])
