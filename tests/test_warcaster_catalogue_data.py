"""The bundled Warcaster catalogue: loads clean, matches the BSData reference data, summaries are our own words."""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import pytest

from builder.catalogues import read_catalogue_file
from builder.cli import main
from catalog.paths import BUNDLED_DIR
from catalog.slug import slugify

ROOT = Path(__file__).resolve().parent.parent
CATALOGUE = BUNDLED_DIR / "warcaster-nm.toml"
sys.path.insert(0, str(ROOT / "tools"))

from fingerprints import RUN, digest, words

FINGERPRINTS = ROOT / "tests" / "fixtures" / "warcaster-reference-fingerprints.txt"

FACTIONS = ["iron-star-alliance", "marcher-worlds", "aeternus-continuum", "empyreans"]
PER_FACTION_TYPES = {"warjack": 2, "squad": 3, "attachment": 1, "solo": 3, "hero": 2, "vehicle": 1, "mantlet": 1}
KNOWN_GAPS = {
    ("duchess", "hardpoint", "force-cannon"),
    ("duchess", "hardpoint", "immolator"),
    ("duchess", "hardpoint", "tempest-cannon"),
    ("interceptor", "hardpoint", "force-cannon"),
    ("interceptor", "hardpoint", "immolator"),
    ("fiddler-co", "hardpoint", "particle-blaster"),
    ("fiddler-co", "hardpoint", "talon-mk-ii"),
    ("nemesis", "left-shoulder", "obliterator"),
    ("nemesis", "right-shoulder", "obliterator"),
}


@pytest.fixture(scope="module")
def cat():
    return read_catalogue_file(CATALOGUE)


def loadout_cost(unit, **mounted: str) -> int:
    """Weapon points of a loadout (slot id -> weapon id); fails if a weapon is not offered on that slot."""
    total = 0
    for slot_id, weapon in mounted.items():
        slot = unit.hardpoint(slot_id)
        assert slot is not None, f"{unit.id} has no slot {slot_id}"
        option = next(o for o in slot.options if o.weapon == weapon)
        total += option.cost
    return total


def test_loads_clean_and_cli_check_passes(cat, capsys):
    assert (cat.id, cat.game, cat.revision) == ("warcaster-nm", "warcaster", 3)
    assert cat.cross_reference_problems() == []
    code = main(["catalog", "check", str(CATALOGUE)])  # in-process: tests/test_cli.py runs the command as a process
    out = capsys.readouterr()
    assert code == 0, out.out + out.err
    assert "ok" in out.out


def test_counts(cat):
    assert [f.id for f in cat.factions] == FACTIONS
    assert all(f.summary for f in cat.factions)
    assert len(cat.units) == 58
    assert (len(cat.rules), len(cat.weapons), len(cat.cortexes)) == (171, 124, 30)
    for faction in FACTIONS:
        types = Counter(u.type for u in cat.units if u.faction == faction)
        assert dict(types) == PER_FACTION_TYPES, faction
    assert Counter(u.weight for u in cat.units if u.type == "warjack") == {"light": 4, "heavy": 4}


def test_formats(cat):
    standard, skirmish = cat.format("standard"), cat.format("skirmish")
    assert (standard.max_units, standard.max_heroes, standard.max_mantlets, standard.max_per_unit) == (15, 3, 4, 4)
    assert (standard.rack_min, standard.rack_max, standard.rack_min_per_type) == (12, 15, 3)
    assert (skirmish.max_units, skirmish.max_heroes, skirmish.max_mantlets, skirmish.max_per_unit) == (8, 1, 4, 4)
    assert (skirmish.rack_min, skirmish.rack_max, skirmish.rack_min_per_type) == (12, 15, 3)
    assert any(note.startswith("Skirmish:") for note in cat.notes)


def test_wild_cards(cat):
    wild = {u.id: u.serves for u in cat.units if u.faction == "wild-card"}
    assert wild == {
        "baron-cassius-mooregrave": ["iron-star-alliance", "aeternus-continuum"],
        "captain-jax-redblade": ["marcher-worlds", "aeternus-continuum"],
        "corebus": ["marcher-worlds", "empyreans"],
        "doctor-mira-hurst": ["iron-star-alliance", "empyreans"],
        "harlan-sek-the-curator": ["empyreans"],
        "voitek-sudal-bounty-hunter": ["iron-star-alliance", "marcher-worlds"],
    }
    assert all(cat.unit(uid).is_hero and cat.unit(uid).unique for uid in wild)


def test_cyphers(cat):
    assert len(cat.cyphers) == 24
    assert Counter(c.type for c in cat.cyphers) == {"fury": 6, "geometric": 6, "harmonic": 6, "overdrive": 6}
    assert all(c.faction is None and c.summary for c in cat.cyphers)
    assert cat.cypher("cryo-lock").pow == "-"
    assert cat.cypher("velocity-projector").pow == 4
    assert cat.cypher("force-barrier").pow is None


def test_dusk_wolf(cat):
    wolf = cat.unit("dusk-wolf")
    assert (wolf.type, wolf.faction, wolf.weight, wolf.weapon_points, wolf.dc, wolf.health) == (
        "warjack",
        "marcher-worlds",
        "light",
        5,
        2,
        3,
    )
    stats = wolf.stats
    assert (stats.spd, stats.strength, stats.mat, stats.rat, stats.defense, stats.arm, stats.foc) == (
        5,
        4,
        4,
        4,
        3,
        4,
        None,
    )
    assert [h.id for h in wolf.hardpoints] == ["left-arm", "shoulder", "right-arm"]
    assert wolf.cortexes == ["neural-net-cortex", "scout-cortex", "fighter-cortex", "sniper-cortex"]
    assert [(o.weapon, o.cost) for o in wolf.hardpoint("shoulder").options] == [
        ("talon-rocket-pod", 2),
        ("rail-gun", 3),
        ("blazer", 3),
        ("wildflower", 2),
    ]


def test_rulebook_marcher_force_is_buildable(cat):
    wolf, raptor = cat.unit("dusk-wolf"), cat.unit("strike-raptor")
    assert "neural-net-cortex" in wolf.cortexes and "ace-cortex" in raptor.cortexes
    assert (
        loadout_cost(wolf, **{"left-arm": "battle-rifle", "right-arm": "flame-thrower", "shoulder": "talon-rocket-pod"})
        == 5
        == wolf.weapon_points
    )
    assert (
        loadout_cost(
            raptor,
            **{
                "left-arm": "particle-accelerator",
                "right-arm": "rock-buster",
                "left-shoulder": "blazer",
                "right-shoulder": "vortex-missile",
            },
        )
        == 8
    )
    assert raptor.weapon_points == 8 and raptor.weight == "heavy"
    force = {
        "dusk-wolf": 2,
        "strike-raptor": 2,
        "ranger-fire-team": 3,
        "ranger-heavy-support": 1,
        "ranger-infiltrators": 1,
        "coalition-weaver": 3,
        "combat-engineer": 1,
        "hunter": 1,
    }
    for uid, count in force.items():
        unit = cat.unit(uid)
        assert unit.faction == "marcher-worlds" and not unit.is_hero and count <= cat.format("standard").max_per_unit
    assert sum(force.values()) == 14


def test_rulebook_firebrand_loadout(cat):
    firebrand = cat.unit("firebrand")
    assert firebrand.weapon_points == 5 and "reflex-cortex" in firebrand.cortexes
    assert [h.id for h in firebrand.hardpoints] == ["shoulder", "right-arm", "left-arm"]
    assert (
        loadout_cost(
            firebrand, **{"left-arm": "fusion-glaive", "right-arm": "repulsor-shield", "shoulder": "harbinger-cannon"}
        )
        == 5
    )
    assert cat.weapon("assault-rifle-bayonet").parts == ["bayonet", "assault-rifle"]


def test_squads_and_attachments(cat):
    assert cat.unit("ranger-fire-team").models == 3
    assert cat.unit("ranger-fire-team").weapons == ["battle-rifle", "null-detonator", "fusion-blade"]
    warder = cat.unit("warder")
    assert (warder.type, warder.dc, warder.dc_modifier, warder.stats.spd) == ("attachment", None, 1, "*")
    assert warder.joins == ["ranger-infiltrators", "ranger-fire-team", "ranger-heavy-support"]
    aegis = cat.unit("paladin-aegis")
    assert aegis.joins == ["paladin-annihilators", "paladin-defenders", "paladin-enforcers"]
    assert aegis.dc_modifier == 1
    assert cat.unit("aerolith").dc_modifier == 0


def test_heroes_vehicles_and_mount_rules(cat):
    assert [u.id for u in cat.units if u.type == "hero" and u.faction == "marcher-worlds"] == [
        "artemis-fang",
        "fiddler-co",
    ]
    duchess = cat.unit("duchess")
    assert (duchess.type, duchess.weapon_points, [h.id for h in duchess.hardpoints]) == ("hero", 3, ["hardpoint"])
    razorbat = cat.unit("razorbat")
    blazer = next(o for o in razorbat.hardpoint("hardpoint").options if o.weapon == "blazer")
    assert (razorbat.type, blazer.cost, blazer.rules) == ("vehicle", 3, ["turret"])
    assert cat.unit("corebus").weapons == ["fist", "fist", "teleforce-blaster"]


def test_known_gaps_have_no_cost_and_are_named_in_notes(cat):
    gaps = {(u.id, h.id, o.weapon) for u in cat.units for h in u.hardpoints for o in h.options if o.cost is None}
    assert gaps == KNOWN_GAPS
    gap_notes = [n for n in cat.notes if n.startswith("Known gap:")]
    for _, _, weapon in gaps:
        assert any(cat.weapon(weapon).name in note for note in gap_notes), weapon
    assert any("Null Torpedo" in note for note in gap_notes)


def test_ids_are_slugs_of_names(cat):
    for kind in ("formats", "factions", "rules", "cortexes", "units", "cyphers"):
        for entry in getattr(cat, kind):
            assert entry.id == slugify(entry.name), (kind, entry.id)
    names = Counter(w.name for w in cat.weapons)
    for weapon in cat.weapons:
        plain = slugify(weapon.name)
        assert weapon.id == plain or (weapon.id.startswith(plain + "-") and names[weapon.name] > 1), weapon.id
    for unit in cat.units:
        assert all(h.id == slugify(h.name) for h in unit.hardpoints)


def test_summaries_are_our_own_words(cat):
    """No summary equals a reference rule text or shares an 8-word run with one (checked by hash)."""
    reference = set(FINGERPRINTS.read_text(encoding="utf-8").split())
    assert len(reference) > 1000
    for entry in list(cat.rules) + list(cat.cyphers) + list(cat.factions):
        assert entry.summary.strip(), entry.id
        w = words(entry.summary)
        assert "all:" + digest(w) not in reference, entry.id
        copied = [" ".join(w[i : i + RUN]) for i in range(len(w) - RUN + 1) if digest(w[i : i + RUN]) in reference]
        assert copied == [], (entry.id, copied)


def test_fingerprints_catch_a_copied_sentence():
    """The check above is live: a run of reference words hashes into the stored set."""
    from fingerprints import fingerprints

    sample = "one two three four five six seven eight nine"
    assert digest(words(sample)[:RUN]) in fingerprints([sample])
    assert "all:" + digest(words(sample)) in fingerprints([sample])
