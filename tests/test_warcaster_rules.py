"""Warcaster force and rack rules against the small fixture catalogue: legal and illegal cases, boundaries."""

from __future__ import annotations

from builder.catalogues import read_catalogue_file
from builder.games.warcaster.roster import WarcasterRoster, WarcasterUnit
from builder.games.warcaster.rules import RULES
from builder.rules import validate
from tests.conftest import FIXTURES

MINI_PATH = FIXTURES / "warcaster-mini.toml"
CAT = read_catalogue_file(MINI_PATH)

RACK = [  # three of each type: the smallest legal rack
    "cryo-lock",
    "velocity-projector",
    "pyrokinetic-surge",
    "plexus-densifier",
    "displacement-index",
    "force-barrier",
    "recall-initiative",
    "divination-algorithm",
    "revelation-matrix",
    "interdiction-protocol",
    "momentum-calibrator",
    "kinetic-accelerator",
]
SPARE = ["null-collider", "reiteration-complex", "arcane-synthesis", "annihilation-vector"]
"""One more core Cypher of each type, to grow RACK up to 16 cards."""

DUSK = {
    "id": "dusk-wolf",
    "cortex": "neural-net-cortex",
    "hardpoints": {"left-arm": "battle-rifle", "right-arm": "flame-thrower", "shoulder": "talon-rocket-pod"},
}
RAPTOR = {
    "id": "strike-raptor",
    "cortex": "ace-cortex",
    "hardpoints": {
        "left-arm": "particle-accelerator",
        "right-arm": "rock-buster",
        "left-shoulder": "blazer",
        "right-shoulder": "vortex-missile",
    },
}


def unit(spec: dict | str, **changes) -> WarcasterUnit:
    """A roster unit from a spec dict (or a bare id), with keys replaced by `changes`."""
    data = {"id": spec} if isinstance(spec, str) else dict(spec)
    data.update(changes)
    return WarcasterUnit(**data)


def roster(*units, faction: str = "marcher-worlds", format: str = "standard", rack=None) -> WarcasterRoster:
    """A roster on the fixture catalogue; the rack defaults to the smallest legal one."""
    return WarcasterRoster(
        catalogue=str(MINI_PATH),
        faction=faction,
        format=format,
        rack=list(RACK if rack is None else rack),
        units=[unit(u) for u in units],
    )


def found(r: WarcasterRoster, code: str) -> list[tuple[str, str]]:
    """(severity, path) of every finding with this code."""
    return [(f.severity, f.path) for f in validate(r, CAT).findings if f.code == code]


def messages(r: WarcasterRoster, code: str) -> list[str]:
    return [f.message for f in validate(r, CAT).findings if f.code == code]


def legal_fifteen() -> list:
    """15 counted units: 4 Dusk Wolves, 4 Strike Raptors, 4 Fire Teams, 3 Weavers."""
    return [DUSK] * 4 + [RAPTOR] * 4 + ["ranger-fire-team"] * 4 + ["coalition-weaver"] * 3


def test_every_rules_md_code_has_one_function():
    assert list(RULES.rules) == [
        "warcaster/faction",
        "warcaster/force-size",
        "warcaster/hero-limit",
        "warcaster/mantlet-limit",
        "warcaster/unit-limit",
        "warcaster/unique",
        "warcaster/no-units",
        "warcaster/cortex",
        "warcaster/hardpoint",
        "warcaster/weapon-points",
        "warcaster/unused-weapon-points",
        "warcaster/no-weapons",
        "warcaster/attachment-target",
        "warcaster/attachment-duplicate",
        "warcaster/rack-size",
        "warcaster/rack-unique",
        "warcaster/rack-types",
        "warcaster/rack-faction",
    ]


def test_a_legal_force_has_no_findings_at_all():
    report = validate(roster(DUSK, RAPTOR, "ranger-fire-team", "artemis-fang"), CAT)
    assert report.valid
    assert report.findings == ()


# --- faction ---------------------------------------------------------------------------------


def test_faction_own_units_and_serving_wild_cards_are_legal():
    assert found(roster(DUSK, "bounty-hunter", "lone-drifter"), "warcaster/faction") == []
    alliance = {"id": "firebrand", "cortex": "reflex-cortex"}
    assert (
        found(
            roster(alliance, "bounty-hunter", "alliance-sellsword", faction="iron-star-alliance"), "warcaster/faction"
        )
        == []
    )


def test_faction_other_factions_unit_is_an_error():
    r = roster(DUSK, {"id": "firebrand", "cortex": "reflex-cortex"})
    assert found(r, "warcaster/faction") == [("error", "units[1].id")]
    assert messages(r, "warcaster/faction") == ["Firebrand is an Iron Star Alliance unit, not Marcher Worlds"]


def test_faction_wild_card_that_does_not_serve_the_faction():
    r = roster("alliance-sellsword")
    assert found(r, "warcaster/faction") == [("error", "units[0].id")]
    assert messages(r, "warcaster/faction") == [
        "Alliance Sellsword is a Wild Card for Iron Star Alliance, not for Marcher Worlds"
    ]


def test_faction_applies_to_attachments():
    r = roster(unit("ranger-fire-team", attachments=["warder", "aegis-officer"]))
    assert found(r, "warcaster/faction") == [("error", "units[0].attachments[1]")]


def test_faction_unknown_ids_are_errors_not_crashes():
    r = roster("no-such-unit")
    assert found(r, "warcaster/faction") == [("error", "units[0].id")]
    r = roster(DUSK, faction="no-such-faction")
    assert found(r, "warcaster/faction") == [("error", "faction")]
    assert messages(r, "warcaster/faction") == [
        "unknown faction 'no-such-faction' (known: marcher-worlds, iron-star-alliance)"
    ]


# --- force-size ------------------------------------------------------------------------------


def test_force_size_fifteen_units_is_legal():
    r = roster(*legal_fifteen())
    assert found(r, "warcaster/force-size") == []
    assert validate(r, CAT).totals.as_dict()["units"] == 15


def test_force_size_sixteen_units_is_an_error_at_the_sixteenth():
    r = roster(*legal_fifteen(), "ranger-heavy-support")
    assert found(r, "warcaster/force-size") == [("error", "units[15]")]
    assert messages(r, "warcaster/force-size") == [
        "16 units — a Standard force has at most 15 (heroes, attachments and mantlets not counted)"
    ]


def test_force_size_does_not_count_heroes_mantlets_or_attachments():
    r = roster(
        *legal_fifteen()[:14],
        unit("ranger-heavy-support", attachments=["field-medic"]),
        "artemis-fang",
        "fiddler-co",
        "razorbat",
        "barricade-mantlet",
        "barricade-mantlet",
    )
    assert found(r, "warcaster/force-size") == []
    totals = validate(r, CAT).totals.as_dict()
    assert (totals["units"], totals["heroes"], totals["mantlets"]) == (15, 3, 2)


def test_force_size_skirmish_eight_vs_nine():
    eight = [DUSK] * 4 + ["ranger-fire-team"] * 4
    assert found(roster(*eight, format="skirmish"), "warcaster/force-size") == []
    r = roster(*eight, "coalition-weaver", format="skirmish")
    assert found(r, "warcaster/force-size") == [("error", "units[8]")]
    assert messages(r, "warcaster/force-size") == [
        "9 units — a Skirmish force has at most 8 (heroes, attachments and mantlets not counted)"
    ]


def test_unknown_format_is_one_finding_and_never_raises():
    r = roster(*legal_fifteen(), "ranger-heavy-support", format="no-such-format", rack=[])
    report = validate(r, CAT)
    assert [(f.code, f.path) for f in report.errors] == [("warcaster/force-size", "format")]
    assert report.errors[0].message == (
        "unknown format 'no-such-format' (known: standard, skirmish); force limits cannot be checked"
    )
    assert report.totals.as_dict()["max_units"] is None and report.totals.as_dict()["rack_min"] is None


# --- hero-limit ------------------------------------------------------------------------------


def test_hero_limit_three_heroes_is_legal():
    assert found(roster(DUSK, "artemis-fang", "fiddler-co", "razorbat"), "warcaster/hero-limit") == []


def test_hero_limit_four_heroes_is_an_error_at_the_fourth():
    r = roster(DUSK, "artemis-fang", "fiddler-co", "razorbat", "lone-drifter")
    assert found(r, "warcaster/hero-limit") == [("error", "units[4]")]
    assert messages(r, "warcaster/hero-limit") == ["4 heroes — a Standard force takes at most 3"]


def test_hero_limit_skirmish_one_vs_two():
    assert found(roster(DUSK, "artemis-fang", format="skirmish"), "warcaster/hero-limit") == []
    r = roster(DUSK, "artemis-fang", "fiddler-co", format="skirmish")
    assert found(r, "warcaster/hero-limit") == [("error", "units[2]")]


# --- mantlet-limit ---------------------------------------------------------------------------


def test_mantlet_limit_four_vs_five():
    assert found(roster(*["barricade-mantlet"] * 4), "warcaster/mantlet-limit") == []
    r = roster(DUSK, *["barricade-mantlet"] * 5)
    assert found(r, "warcaster/mantlet-limit") == [("error", "units[5]")]
    assert messages(r, "warcaster/mantlet-limit") == ["5 mantlets — a Standard force takes at most 4"]


def test_mantlet_limit_comes_from_the_format():
    assert found(roster(*["barricade-mantlet"] * 2, format="skirmish"), "warcaster/mantlet-limit") == []
    assert found(roster(*["barricade-mantlet"] * 3, format="skirmish"), "warcaster/mantlet-limit") == [
        ("error", "units[2]")
    ]


# --- unit-limit ------------------------------------------------------------------------------


def test_unit_limit_four_of_a_chassis_with_different_loadouts_is_legal():
    scout = unit(DUSK, cortex="scout-cortex", hardpoints={"left-arm": "flame-thrower"})
    assert found(roster(DUSK, scout, DUSK, scout), "warcaster/unit-limit") == []


def test_unit_limit_five_of_a_chassis_count_together_however_customised():
    scout = unit(DUSK, cortex="scout-cortex", hardpoints={"left-arm": "flame-thrower"})
    bare = unit("dusk-wolf", cortex="neural-net-cortex")
    r = roster(DUSK, scout, bare, DUSK, "ranger-fire-team", scout)
    assert found(r, "warcaster/unit-limit") == [("error", "units[5]")]
    assert messages(r, "warcaster/unit-limit") == [
        "5 Dusk Wolf — at most 4 of any one chassis, however they are customised"
    ]


def test_unit_limit_five_squads():
    assert found(roster(*["ranger-fire-team"] * 4), "warcaster/unit-limit") == []
    r = roster(*["ranger-fire-team"] * 5)
    assert found(r, "warcaster/unit-limit") == [("error", "units[4]")]
    assert messages(r, "warcaster/unit-limit") == ["5 Ranger Fire Team — at most 4 of any one unit"]


def test_unit_limit_uses_the_entrys_own_lower_limit():
    assert found(roster(*["combat-engineer"] * 2), "warcaster/unit-limit") == []
    r = roster(*["combat-engineer"] * 3)
    assert found(r, "warcaster/unit-limit") == [("error", "units[2]")]
    assert messages(r, "warcaster/unit-limit") == ["3 Combat Engineer — at most 2 of this unit"]


# --- unique ----------------------------------------------------------------------------------


def test_unique_once_each_is_legal():
    assert found(roster("hunter", "artemis-fang", "fiddler-co"), "warcaster/unique") == []


def test_unique_hero_twice_is_an_error_and_not_also_a_unit_limit():
    r = roster("artemis-fang", DUSK, "artemis-fang")
    assert found(r, "warcaster/unique") == [("error", "units[2]")]
    assert messages(r, "warcaster/unique") == ["Artemis Fang appears 2 times — a hero, at most one in a force"]
    assert found(r, "warcaster/unit-limit") == []


def test_unique_covers_entries_marked_unique():
    r = roster("hunter", "hunter")
    assert found(r, "warcaster/unique") == [("error", "units[1]")]
    assert messages(r, "warcaster/unique") == ["Hunter appears 2 times — unique, at most one in a force"]


# --- rack ------------------------------------------------------------------------------------


def test_rack_size_twelve_and_fifteen_are_legal():
    assert found(roster(DUSK), "warcaster/rack-size") == []
    assert found(roster(DUSK, rack=RACK + SPARE[:3]), "warcaster/rack-size") == []


def test_rack_size_eleven_is_an_error():
    r = roster(DUSK, rack=RACK[1:] + [])
    assert found(r, "warcaster/rack-size") == [("error", "rack")]
    assert messages(r, "warcaster/rack-size") == ["11 Cyphers in the rack — it holds 12 to 15"]


def test_rack_size_sixteen_is_an_error_at_the_sixteenth_card():
    r = roster(DUSK, rack=RACK + SPARE)
    assert found(r, "warcaster/rack-size") == [("error", "rack[15]")]
    assert messages(r, "warcaster/rack-size") == ["16 Cyphers in the rack — it holds 12 to 15"]


def test_rack_unique_second_copy_is_an_error():
    assert found(roster(DUSK), "warcaster/rack-unique") == []
    r = roster(DUSK, rack=RACK + ["force-barrier"])
    assert found(r, "warcaster/rack-unique") == [("error", "rack[12]")]
    assert messages(r, "warcaster/rack-unique") == ["Force Barrier is in the rack 2 times — one copy of each Cypher"]


def test_rack_unique_reports_each_repeated_card_once():
    r = roster(DUSK, rack=RACK + ["force-barrier", "cryo-lock", "force-barrier"])
    assert found(r, "warcaster/rack-unique") == [("error", "rack[12]"), ("error", "rack[13]")]
    assert messages(r, "warcaster/rack-unique") == [
        "Force Barrier is in the rack 3 times — one copy of each Cypher",
        "Cryo Lock is in the rack 2 times — one copy of each Cypher",
    ]


def test_rack_types_three_of_each_is_legal_two_is_not():
    assert found(roster(DUSK), "warcaster/rack-types") == []
    short = [c for c in RACK if c != "cryo-lock"] + ["temporal-cycle"]  # 2 fury, 4 geometric
    r = roster(DUSK, rack=short)
    assert found(r, "warcaster/rack-types") == [("error", "rack")]
    assert messages(r, "warcaster/rack-types") == ["2 Fury Cyphers in the rack — it needs at least 3 of each type"]
    assert found(r, "warcaster/rack-size") == []


def test_rack_types_empty_rack_names_every_type():
    r = roster(DUSK, rack=[])
    assert messages(r, "warcaster/rack-types") == [
        f"0 {kind} Cyphers in the rack — it needs at least 3 of each type"
        for kind in ("Fury", "Geometric", "Harmonic", "Overdrive")
    ]
    assert found(r, "warcaster/rack-size") == [("error", "rack")]


def test_rack_faction_own_faction_cypher_is_legal():
    assert found(roster(DUSK, rack=RACK + ["marcher-gambit"]), "warcaster/rack-faction") == []


def test_rack_faction_other_faction_cypher_is_an_error():
    r = roster(DUSK, rack=RACK + ["alliance-edict"])
    assert found(r, "warcaster/rack-faction") == [("error", "rack[12]")]
    assert messages(r, "warcaster/rack-faction") == [
        "Alliance Edict is an Iron Star Alliance Cypher — not for a Marcher Worlds rack"
    ]


def test_rack_faction_unknown_cypher_is_an_error_not_a_crash():
    r = roster(DUSK, rack=RACK + ["no-such-cypher"])
    assert found(r, "warcaster/rack-faction") == [("error", "rack[12]")]


def test_limits_come_from_the_catalogue_not_from_code():
    import tomllib

    from builder.catalogues import parse_catalogue

    data = tomllib.loads(MINI_PATH.read_text(encoding="utf-8"))
    data["formats"][0].update(max_units=2, max_heroes=0, max_per_unit=1, rack_min=1, rack_max=2, rack_min_per_type=0)
    tight = parse_catalogue(data, "tight")
    r = roster(DUSK, DUSK, "ranger-fire-team", "artemis-fang", rack=["cryo-lock", "force-barrier", "recall-initiative"])
    report = validate(r, tight)
    assert [(f.code, f.path) for f in report.errors] == [
        ("warcaster/force-size", "units[2]"),
        ("warcaster/hero-limit", "units[3]"),
        ("warcaster/unit-limit", "units[1]"),
        ("warcaster/rack-size", "rack[2]"),
    ]
    assert report.totals.as_dict()["max_units"] == 2 and report.totals.as_dict()["rack_max"] == 2
    r.rack = list(RACK)
    assert validate(r, CAT).valid  # the same force on the fixture's own limits


def test_the_rules_run_in_their_stated_order_whichever_module_is_imported_first():
    """Importing the totals first once moved the rack rules ahead of the faction rule."""
    import subprocess
    import sys

    from builder.games.warcaster.rules import RULES
    from tests.conftest import REPO

    probe = (
        "import builder.games.warcaster.totals\nfrom builder.games.warcaster.rules import RULES\nprint(*RULES.rules)"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=REPO, check=True)
    assert out.stdout.split() == list(RULES.order) == list(RULES.rules)
    assert RULES.order[0] == "warcaster/faction" and RULES.order[-1] == "warcaster/rack-faction"
