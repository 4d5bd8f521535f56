"""Warmachine Mk IV rules: every code legal and illegal, points arithmetic, the examples, the example catalogue."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from builder.catalogues import load_catalogue
from builder.cli import main
from builder.games.warmachine.roster import WarmachineRoster
from builder.roster.files import parse_roster, read_roster
from builder.rules import validate
from catalog.paths import BUNDLED_DIR
from catalog.slug import slugify
from tests.warmachine_attachments import with_foreman

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "builder" / "examples" / "warmachine-example.toml"
LARGEST = ROOT / "tests" / "fixtures" / "rosters" / "warmachine-largest.toml"
CAT = load_catalogue("warmachine-example")
LEADER = "commander-ysolde-varr"
BULWARK = {"left-arm": "breach-drill", "right-arm": "steam-cannon", "shoulder": "flare-mortar"}  # 15 + 3
SPARROW = {"arm": "spark-carbine", "back": "coil-battery"}  # 9 + 1


def unit(entry_id: str, hardpoints=None, battlegroup=None) -> dict:
    data: dict = {"id": entry_id}
    if hardpoints is not None:
        data["hardpoints"] = hardpoints
    if battlegroup is not None:
        data["battlegroup"] = battlegroup
    return data


def base_units() -> list[dict]:
    """The 75-point example army."""
    return [
        unit(LEADER),
        unit("bulwark-warjack", BULWARK, LEADER),
        unit("sparrow-light-warjack", SPARROW, LEADER),
        unit("rivetgun-squad"),
        unit("rivetgun-squad"),
        unit("dockside-wardens"),
        unit("marked-skirmisher"),
        unit("old-tamsin-gale"),
    ]


def army(*units: dict, **settings) -> WarmachineRoster:
    return WarmachineRoster.model_validate({"catalogue": "warmachine-example", "units": list(units), **settings})


def check(r: WarmachineRoster):
    return validate(r, CAT)


def found(report, code: str) -> list[tuple[str, str]]:
    return [(f.severity, f.path) for f in report.findings if f.code == code]


def only(report) -> list[tuple[str, str, str, str]]:
    return [(f.code, f.severity, f.path, f.message) for f in report.findings]


# --- the example catalogue -----------------------------------------------------------------------------


def test_example_catalogue_is_marked_illustrative():
    assert (CAT.id, CAT.game, CAT.revision, CAT.illustrative) == ("warmachine-example", "warmachine", 2, True)
    assert "invented for illustration" in CAT.notes[0] and "no official" in CAT.notes[0]
    assert "your own catalogue file" in CAT.notes[1]
    assert [f.id for f in CAT.factions] == ["cogmire-union", "hollowmere-syndicate"]


def test_example_catalogue_shape():
    for entry in CAT.entries:
        assert entry.id == slugify(entry.name)
        assert entry.summary
        if entry.type == "leader":
            assert (entry.is_controller, entry.character, entry.fa) == (True, True, None)
        if entry.type == "warjack":
            assert entry.cohort and 2 <= len(entry.hardpoints) <= 3
            assert all(len(slot.options) >= 2 for slot in entry.hardpoints)
        if entry.character:
            assert entry.fa is None
    options = [o.id for e in CAT.entries for h in e.hardpoints for o in h.options]
    assert len(options) == len(set(options))
    for faction in CAT.factions:
        types = {e.type for e in CAT.entries if e.faction == faction.id}
        assert types == {"leader", "warjack", "unit", "solo"}


# --- totals --------------------------------------------------------------------------------------------


def test_example_totals_are_exact():
    loaded = read_roster(EXAMPLE)
    report = validate(loaded.roster, loaded.catalogue)
    assert report.findings == ()
    assert report.totals.as_dict() == {
        "points_used": 75,
        "points_limit": 75,
        "leader": "Commander Ysolde Varr",
        "variant": "standard",
        "field_allowance": {
            LEADER: {"name": "Commander Ysolde Varr", "count": 1, "fa": 1},
            "bulwark-warjack": {"name": "Bulwark Warjack", "count": 1, "fa": 2},
            "sparrow-light-warjack": {"name": "Sparrow Light Warjack", "count": 1, "fa": 3},
            "rivetgun-squad": {"name": "Rivetgun Squad", "count": 2, "fa": 2},
            "dockside-wardens": {"name": "Dockside Wardens", "count": 1, "fa": 3},
            "marked-skirmisher": {"name": "Marked Skirmisher", "count": 1, "fa": 2},
            "old-tamsin-gale": {"name": "Old Tamsin Gale", "count": 1, "fa": 1},
        },
        "units": [
            {"id": LEADER, "name": "Commander Ysolde Varr", "points": 0},
            {"id": "bulwark-warjack", "name": "Bulwark Warjack", "points": 18},
            {"id": "sparrow-light-warjack", "name": "Sparrow Light Warjack", "points": 10},
            {"id": "rivetgun-squad", "name": "Rivetgun Squad", "points": 12},
            {"id": "rivetgun-squad", "name": "Rivetgun Squad", "points": 12},
            {"id": "dockside-wardens", "name": "Dockside Wardens", "points": 10},
            {"id": "marked-skirmisher", "name": "Marked Skirmisher", "points": 6},
            {"id": "old-tamsin-gale", "name": "Old Tamsin Gale", "points": 7},
        ],
    }


@pytest.mark.parametrize(
    "hardpoints, points",
    [
        ({"left-arm": "rivet-hammer", "right-arm": "steam-cannon", "shoulder": "smoke-vents"}, 15),
        ({"left-arm": "breach-drill", "right-arm": "chain-harpoon", "shoulder": "smoke-vents"}, 17),
        ({"left-arm": "breach-drill", "right-arm": "chain-harpoon", "shoulder": "flare-mortar"}, 19),
    ],
)
def test_unit_points_add_hardpoint_options(hardpoints, points):
    report = check(army(unit(LEADER), unit("bulwark-warjack", hardpoints, LEADER)))
    assert report.findings == ()
    assert (report.totals.as_dict()["units"][1]["points"], report.totals.as_dict()["points_used"]) == (points, points)


def test_reduced_fa_totals_show_fa_1_except_multi_loadout_cohorts():
    report = check(army(*base_units(), variant="reduced-fa"))
    fa = {k: v["fa"] for k, v in report.totals.as_dict()["field_allowance"].items()}
    assert fa == {
        LEADER: 1,
        "bulwark-warjack": 2,
        "sparrow-light-warjack": 3,
        "rivetgun-squad": 1,
        "dockside-wardens": 1,
        "marked-skirmisher": 1,
        "old-tamsin-gale": 1,
    }


# --- warmachine/leader ---------------------------------------------------------------------------------


def test_leader_exactly_one_is_legal():
    assert found(check(army(*base_units())), "warmachine/leader") == []


def test_leader_missing():
    report = check(army(unit("rivetgun-squad")))
    assert only(report) == [("warmachine/leader", "error", "units", "the army needs a Leader")]
    assert report.totals.as_dict()["leader"] is None


def test_leader_two():
    report = check(army(unit(LEADER), unit("marshal-odo-brask"), unit("dockside-wardens")))
    assert only(report) == [
        (
            "warmachine/leader",
            "error",
            "units[1].id",
            "Marshal Odo Brask is a second Leader; the army already has Commander Ysolde Varr",
        )
    ]


# --- warmachine/points ---------------------------------------------------------------------------------


def test_points_exactly_met_is_legal_one_over_is_not():
    assert check(army(*base_units(), points=75)).findings == ()
    report = check(army(*base_units(), points=74))
    assert only(report) == [
        ("warmachine/points", "error", "points", "the army costs 75 points, 1 over the 74-point level")
    ]


def test_hardpoint_points_count_towards_the_level():
    units = base_units()
    units[1]["hardpoints"] = {**BULWARK, "right-arm": "chain-harpoon"}  # +1
    assert found(check(army(*units, points=75)), "warmachine/points") == [("error", "points")]


# --- warmachine/field-allowance ------------------------------------------------------------------------


def test_field_allowance_at_fa_is_legal():
    units = [unit(LEADER)] + [unit("dockside-wardens")] * 3 + [unit("rivetgun-squad")] * 2
    assert check(army(*units, points=100)).findings == ()


def test_field_allowance_one_over():
    units = [unit(LEADER)] + [unit("rivetgun-squad")] * 3
    assert only(check(army(*units))) == [
        ("warmachine/field-allowance", "error", "units[3].id", "3 × Rivetgun Squad; its field allowance is 2")
    ]


def test_field_allowance_character_once():
    report = check(army(unit(LEADER), unit("old-tamsin-gale"), unit("old-tamsin-gale")))
    assert only(report) == [
        ("warmachine/field-allowance", "error", "units[2].id", "2 × Old Tamsin Gale; a character, so one copy at most")
    ]


def test_field_allowance_fa_1_warjack_twice():
    jack = unit("mauler-heavy-warjack", {"left-arm": "crusher-claw", "right-arm": "boiler-flamer"}, LEADER)
    assert found(check(army(unit(LEADER), jack, jack)), "warmachine/field-allowance") == [("error", "units[2].id")]


# --- warmachine/reduced-fa -----------------------------------------------------------------------------


def test_reduced_fa_one_of_each_is_legal():
    units = [u for i, u in enumerate(base_units()) if i != 4]
    assert check(army(*units, variant="reduced-fa")).findings == ()


def test_reduced_fa_second_copy_of_a_unit():
    report = check(army(*base_units(), variant="reduced-fa"))
    assert only(report) == [
        (
            "warmachine/reduced-fa",
            "error",
            "units[4].id",
            "reduced field allowance: only one Rivetgun Squad (it has no choice of hardpoint loadouts)",
        )
    ]


def test_reduced_fa_cohort_repeats_with_different_options():
    other = {"left-arm": "rivet-hammer", "right-arm": "chain-harpoon", "shoulder": "smoke-vents"}
    r = army(
        unit(LEADER),
        unit("bulwark-warjack", BULWARK, LEADER),
        unit("bulwark-warjack", other, LEADER),
        variant="reduced-fa",
    )
    assert check(r).findings == ()


def test_reduced_fa_cohort_repeats_but_an_option_is_used_twice():
    other = {"left-arm": "rivet-hammer", "right-arm": "steam-cannon", "shoulder": "smoke-vents"}
    r = army(
        unit(LEADER),
        unit("bulwark-warjack", BULWARK, LEADER),
        unit("bulwark-warjack", other, LEADER),
        variant="reduced-fa",
    )
    assert only(check(r)) == [
        (
            "warmachine/reduced-fa",
            "error",
            "units[2].hardpoints.right-arm",
            "reduced field allowance: Steam Cannon is already used by Bulwark Warjack (unit 2)",
        )
    ]


def test_reduced_fa_leaves_characters_and_fa_1_to_field_allowance():
    r = army(unit(LEADER), unit("old-tamsin-gale"), unit("old-tamsin-gale"), variant="reduced-fa")
    assert check(r).codes() == ["warmachine/field-allowance"]


def test_standard_variant_allows_repeated_options():
    r = army(
        unit(LEADER), unit("bulwark-warjack", BULWARK, LEADER), unit("bulwark-warjack", BULWARK, LEADER), points=75
    )
    assert check(r).findings == ()


# --- warmachine/hardpoint ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "hardpoints, path, message",
    [
        (
            {"left-arm": "breach-drill", "right-arm": "steam-cannon"},
            "units[1].hardpoints.shoulder",
            "Bulwark Warjack: choose one option for Shoulder (Smoke Vents, Flare Mortar)",
        ),
        (
            {**BULWARK, "shoulder": "coil-battery"},
            "units[1].hardpoints.shoulder",
            "Bulwark Warjack: 'coil-battery' is not an option for Shoulder (options: Smoke Vents, Flare Mortar)",
        ),
        (
            {**BULWARK, "left-arm": "steam-cannon"},
            "units[1].hardpoints.left-arm",
            "Bulwark Warjack: Steam Cannon is not an option for Left Arm (options: Rivet Hammer, Breach Drill)",
        ),
        (
            {**BULWARK, "back": "signal-mast"},
            "units[1].hardpoints.back",
            "Bulwark Warjack has no 'back' hardpoint (its slots are Left Arm, Right Arm, Shoulder)",
        ),
    ],
)
def test_hardpoint_illegal(hardpoints, path, message):
    report = check(army(unit(LEADER), unit("bulwark-warjack", hardpoints, LEADER)))
    assert only(report) == [("warmachine/hardpoint", "error", path, message)]


def test_hardpoint_on_an_entry_without_hardpoints():
    report = check(army(unit(LEADER), unit("rivetgun-squad", {"arm": "spark-carbine"})))
    assert only(report) == [
        (
            "warmachine/hardpoint",
            "error",
            "units[1].hardpoints.arm",
            "Rivetgun Squad has no 'arm' hardpoint (it has no hardpoints)",
        )
    ]


def test_hardpoint_every_slot_filled_is_legal():
    assert found(check(army(*base_units())), "warmachine/hardpoint") == []


# --- warmachine/battlegroup ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "battlegroup, message",
    [
        (None, "Bulwark Warjack needs a battlegroup: name its controller"),
        (
            "marshal-odo-brask",
            "Bulwark Warjack joins Marshal Odo Brask's battlegroup, but Marshal Odo Brask is not in the army",
        ),
        ("rivetgun-squad", "Bulwark Warjack: Rivetgun Squad does not control a battlegroup"),
    ],
)
def test_battlegroup_illegal(battlegroup, message):
    report = check(army(unit(LEADER), unit("bulwark-warjack", BULWARK, battlegroup), unit("rivetgun-squad")))
    assert only(report) == [("warmachine/battlegroup", "error", "units[1].battlegroup", message)]


def test_battlegroup_on_a_model_that_is_not_cohort():
    report = check(army(unit(LEADER), unit("dockside-wardens", battlegroup=LEADER)))
    assert only(report) == [
        (
            "warmachine/battlegroup",
            "error",
            "units[1].battlegroup",
            "Dockside Wardens is not a cohort model and joins no battlegroup",
        )
    ]


def test_battlegroup_legal():
    assert found(check(army(*base_units())), "warmachine/battlegroup") == []


# --- warmachine/league-growth --------------------------------------------------------------------------


def test_league_growth_contains_previous_stage():
    previous = [unit(LEADER), unit("bulwark-warjack", BULWARK), unit("rivetgun-squad"), unit("rivetgun-squad")]
    r = army(*base_units(), league={"stage": 3, "previous": previous})
    assert check(r).findings == ()


def test_league_growth_swapped_hardpoints():
    previous = [unit(LEADER), unit("bulwark-warjack", {**BULWARK, "shoulder": "smoke-vents"}, LEADER)]
    report = check(army(*base_units(), league={"stage": 2, "previous": previous}))
    assert only(report) == [
        (
            "warmachine/league-growth",
            "error",
            "league.previous[1]",
            "stage 2: Bulwark Warjack (left-arm: Breach Drill, right-arm: Steam Cannon, "
            "shoulder: Smoke Vents) from the previous stage is missing (models are added, not swapped)",
        )
    ]


def test_league_growth_counts_copies():
    previous = [unit("dockside-wardens"), unit("dockside-wardens")]
    report = check(army(*base_units(), league={"stage": 2, "previous": previous}))
    assert found(report, "warmachine/league-growth") == [("error", "league.previous[1]")]
    assert report.findings[0].message == (
        "stage 2: Dockside Wardens from the previous stage is missing (models are added, not swapped)"
    )


# --- examples, fixture, CLI, migration -----------------------------------------------------------------


def test_largest_fixture_is_legal():
    loaded = read_roster(LARGEST)
    report = validate(loaded.roster, loaded.catalogue)
    assert report.findings == ()
    assert (
        report.totals.as_dict()["points_used"],
        report.totals.as_dict()["points_limit"],
        len(report.totals.as_dict()["units"]),
    ) == (185, 200, 19)
    assert all(v["count"] == v["fa"] for v in report.totals.as_dict()["field_allowance"].values())


@pytest.mark.parametrize("path, points", [(EXAMPLE, 75), (LARGEST, 185)])
def test_cli_validate_json(path, points, capsys):
    assert main(["validate", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["valid"], out["game"], out["findings"], out["totals"]["points_used"]) == (
        True,
        "warmachine",
        [],
        points,
    )


def test_cli_validate_illegal_exits_1(tmp_path, capsys):
    path = tmp_path / "over.toml"
    path.write_text(EXAMPLE.read_text().replace("points = 75", "points = 70"))
    assert main(["validate", str(path), "--json"]) == 1
    out = json.loads(capsys.readouterr().out)
    assert [(f["code"], f["path"]) for f in out["findings"]] == [("warmachine/points", "points")]


def test_rename_ids_for_entries_and_factions():
    r = army(
        unit(LEADER),
        unit("bulwark-warjack", BULWARK, LEADER),
        faction="cogmire-union",
        league={"stage": 2, "previous": [unit(LEADER)]},
    )
    assert r.rename_ids("entry", {LEADER: "commander-varr"}) == [
        f"units[0].id: '{LEADER}' is now 'commander-varr'",
        f"units[1].battlegroup: '{LEADER}' is now 'commander-varr'",
        f"league.previous[0].id: '{LEADER}' is now 'commander-varr'",
    ]
    assert r.rename_ids("faction", {"cogmire-union": "cog-union"}) == ["faction: 'cogmire-union' is now 'cog-union'"]
    assert (r.units[1].battlegroup, r.faction) == ("commander-varr", "cog-union")


def test_a_newer_catalogue_revision_renames_an_entry_on_load(tmp_path):
    text = (BUNDLED_DIR / "warmachine-example.toml").read_text()
    text = text.replace("revision = 1", "revision = 2", 1).replace('id = "marked-skirmisher"', 'id = "marked-scout"')
    text = text.replace(
        "[rules]", '[[changes]]\nrevision = 2\nrenamed = { marked-skirmisher = "marked-scout" }\n\n[rules]', 1
    )
    (tmp_path / "mine.toml").write_text(text)
    roster_text = EXAMPLE.read_text().replace(
        'catalogue = "warmachine-example"', 'catalogue = "mine.toml"\ncatalogue_revision = 1'
    )
    loaded = parse_roster(roster_text, "r.toml", tmp_path)
    assert loaded.roster.units[6].id == "marked-scout"
    assert "revision 2: units[6].id: 'marked-skirmisher' is now 'marked-scout'" in loaded.notes
    assert validate(loaded.roster, loaded.catalogue).findings == ()


# --- attachments ---------------------------------------------------------------------------------------


def attached(**more) -> WarmachineRoster:
    """The example army less its skirmisher (7 pts), with a Rivetgun Foreman (3 pts) joining the first squad."""
    units = [u for u in base_units() if u["id"] != "marked-skirmisher"]
    return army(*units, {"id": "rivetgun-foreman", **more})


def test_attachment_joining_a_unit_it_may_join_is_legal():
    assert only(validate(attached(attached_to=3), with_foreman())) == []


def test_attachment_alone_is_illegal_and_an_old_roster_still_loads():
    roster = WarmachineRoster.model_validate(
        tomllib.loads(
            'game = "warmachine"\ncatalogue = "warmachine-example"\n[[units]]\nid = "commander-ysolde-varr"\n'
            '[[units]]\nid = "rivetgun-squad"\n[[units]]\nid = "rivetgun-foreman"\n'
        )
    )
    assert [u.id for u in roster.units][-1] == "rivetgun-foreman" and roster.units[-1].attached_to is None
    assert only(validate(roster, with_foreman())) == [
        (
            "warmachine/attachment",
            "error",
            "units[2].attached_to",
            "Rivetgun Foreman joins no unit (never alone): choose the Rivetgun Squad it joins",
        )
    ]


@pytest.mark.parametrize(
    ("target", "message"),
    [
        (5, "Rivetgun Foreman may join only a Rivetgun Squad, not Dockside Wardens (unit 6)"),
        (40, "Rivetgun Foreman joins unit 41, which the army does not have"),
        (7, "Rivetgun Foreman cannot join itself"),
    ],
)
def test_attachment_joins_a_unit_of_its_kind_in_the_army(target, message):
    assert only(validate(attached(attached_to=target), with_foreman())) == [
        ("warmachine/attachment", "error", "units[7].attached_to", message)
    ]


def test_attachment_one_of_each_kind_per_unit():
    roster = attached(attached_to=3)
    roster.units.append(roster.units[-1].model_copy())
    roster.points = 78
    assert only(validate(roster, with_foreman())) == [
        (
            "warmachine/attachment",
            "error",
            "units[8].attached_to",
            "Rivetgun Squad (unit 4) already has a Rivetgun Foreman (unit 8): one of each kind",
        )
    ]
    roster.units[-1].attached_to = 4  # the other squad
    assert only(validate(roster, with_foreman())) == []


def test_only_an_attachment_joins_a_unit():
    roster = army(*base_units())
    roster.units[6].attached_to = 3
    assert only(check(roster)) == [
        (
            "warmachine/attachment",
            "error",
            "units[6].attached_to",
            "Marked Skirmisher is not an attachment and joins no unit",
        )
    ]


def test_an_attachment_whose_entry_names_no_unit_can_join_none():
    data = with_foreman().model_dump(by_alias=True, exclude_unset=True)
    data["entries"][-1] = {key: value for key, value in data["entries"][-1].items() if key != "joins"}
    catalogue = type(CAT).model_validate(data)
    assert [f.message for f in validate(attached(), catalogue).findings] == [
        "Rivetgun Foreman joins no unit (never alone): its catalogue entry names no unit it may join"
    ]
    assert [f.message for f in validate(attached(attached_to=3), catalogue).findings] == [
        "Rivetgun Foreman may join no unit (its catalogue entry names none), not Rivetgun Squad (unit 4)"
    ]
