"""The bundled McWarrior catalogue says what the V. 01/2024 rulebook says: costs, slots, skills."""

from __future__ import annotations

import pytest

from builder.catalogues import load_catalogue
from builder.games.mcwarrior.costs import level_cost, part_cost
from catalog.slug import slugify


@pytest.fixture(scope="module")
def cat():
    return load_catalogue("mcwarrior")


def test_header(cat):
    assert (cat.id, cat.game, cat.revision, cat.illustrative) == ("mcwarrior", "mcwarrior", 1, False)
    assert cat.cross_reference_problems() == []


def test_rules_numbers(cat):
    rules = cat.rules
    assert rules.point_costs == [1, 2, 3, 4, 5, 6]
    assert (rules.min_points, rules.max_points) == (1, 6)
    assert (rules.default_budget, rules.usual_budget) == (40, (40, 60))
    assert rules.hit_location == ["head", "torso", "left-arm", "right-arm", "left-leg", "right-leg"]
    assert [part_cost(cat, n) for n in range(7)] == [0, 1, 3, 6, 10, 15, 21]
    assert [rules.part_cost(n) for n in range(1, 7)] == [n * (n + 1) // 2 for n in range(1, 7)]


def test_warband(cat):
    assert (cat.warband.mechs, cat.warband.base_bolts, cat.warband.bolts_per_district) == (4, 150, 10)


def test_parts_and_slots(cat):
    parts = {p.id: (p.name, p.gives, p.upgrade_slot) for p in cat.parts}
    assert parts == {
        "head": ("Head", "target number", "head"),
        "torso": ("Torso", "heat capacity", "torso"),
        "left-arm": ("Left Arm", "dice", "left-arm"),
        "right-arm": ("Right Arm", "dice", "right-arm"),
        "left-leg": ("Left Leg", "move", "legs"),
        "right-leg": ("Right Leg", "move", "legs"),
    }
    assert cat.slots == ["head", "torso", "left-arm", "right-arm", "legs"]


def test_every_upgrade_slot_cost_and_activity(cat):
    arms = ["left-arm", "right-arm"]
    got = {u.id: (u.name, u.slots, u.cost, u.levelled, u.active) for u in cat.upgrades}
    assert got == {
        "rocket-launcher": ("Rocket Launcher", ["head"], 1, False, True),
        "reaction-protocol": ("Reaction Protocol", ["head"], 2, False, True),
        "targeting-system": ("Targeting System", ["head"], 3, False, True),
        "evasion-protocol": ("Evasion Protocol", ["torso"], 1, False, False),
        "heat-exchanger": ("Heat Exchanger", ["torso"], 2, False, False),
        "additional-armor": ("Additional Armor", ["torso"], 3, False, False),
        "melee-weapon": ("Melee Weapon", arms, 1, False, True),
        "energy-shield": ("Energy Shield", arms, 2, True, True),
        "short-range-weapon": ("Short Range Weapon", arms, 1, False, True),
        "long-range-weapon": ("Long Range Weapon", arms, 2, False, True),
        "far-range-weapon": ("Far Range Weapon", arms, 3, False, True),
        "boosters": ("Boosters", ["legs"], 1, False, True),
        "jump-jets": ("Jump Jets", ["legs"], 2, False, True),
        "grappling-feet": ("Grappling Feet", ["legs"], 3, False, True),
    }


def test_energy_shield_levels_cost_level_plus_one(cat):
    shield = cat.upgrade("energy-shield")
    assert shield.level_step == 1
    assert [shield.cost_at(k) for k in range(1, 7)] == [2, 5, 9, 14, 20, 27]
    assert [level_cost(shield, k) for k in range(1, 7)] == [k * (k + 3) // 2 for k in range(1, 7)]
    assert level_cost(shield, 10_000_000) == 10_000_000 * 10_000_003 // 2


def test_twelve_pilot_skills(cat):
    assert [s.name for s in cat.skills] == [
        "Blind Fire",
        "Cover Expert",
        "Dodge",
        "Fighter",
        "Eagle Eye",
        "Multitasker",
        "Naturalist",
        "Observant",
        "Range Master",
        "Sniper",
        "Techie",
        "Uplink",
    ]


def test_ids_are_slugs_of_names(cat):
    for item in [*cat.parts, *cat.upgrades, *cat.skills]:
        assert item.id == slugify(item.name)


def test_every_upgrade_and_skill_has_a_short_summary(cat):
    for item in [*cat.upgrades, *cat.skills]:
        assert 20 <= len(item.summary) <= 160, item.id
