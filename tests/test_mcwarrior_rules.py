"""McWarrior rules: every code legal and illegal, exact bolt arithmetic, boundaries, the examples."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from builder.catalogues import load_catalogue
from builder.cli import main
from builder.games.mcwarrior.roster import McWarriorRoster
from builder.roster.files import parse_roster, read_roster
from builder.rules import validate
from catalog.paths import BUNDLED_DIR

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "builder" / "examples"
LARGEST = ROOT / "tests" / "fixtures" / "rosters" / "mcwarrior-largest.toml"
CAT = load_catalogue("mcwarrior")
BASE_PARTS = {"head": 3, "torso": 3, "left-arm": 2, "right-arm": 2, "left-leg": 2, "right-leg": 2}  # 24 bolts
SKILLS = ["sniper", "dodge", "fighter", "techie", "uplink"]


def mech(name="Rustbucket", pilot="Kai", skill="sniper", parts=None, upgrades=None, **part_points) -> dict:
    return {
        "name": name,
        "pilot": pilot,
        "skill": skill,
        "parts": {**BASE_PARTS, **(parts or {}), **{k.replace("_", "-"): v for k, v in part_points.items()}},
        "upgrades": upgrades or {},
    }


def roster(*mechs: dict, **settings) -> McWarriorRoster:
    return McWarriorRoster.model_validate({"catalogue": "mcwarrior", "mechs": list(mechs), **settings})


def check(r: McWarriorRoster):
    return validate(r, CAT)


def found(report, code: str) -> list[tuple[str, str]]:
    return [(f.severity, f.path) for f in report.findings if f.code == code]


def costing(bolts: int, **kw) -> dict:
    """A mech of exactly `bolts` bolts (24 to 54): the head raised as needed, then upgrades, 3 bolts a slot at most."""
    options = {
        "head": ["rocket-launcher", "reaction-protocol", "targeting-system"],
        "torso": ["evasion-protocol", "heat-exchanger", "additional-armor"],
        "left-arm": ["melee-weapon", "long-range-weapon", "far-range-weapon"],
        "right-arm": ["melee-weapon", "long-range-weapon", "far-range-weapon"],
        "legs": ["boosters", "jump-jets", "grappling-feet"],
    }
    head = next(h for h in (3, 4, 5, 6) if bolts - 18 - h * (h + 1) // 2 <= 15)
    extra = bolts - 18 - head * (head + 1) // 2
    upgrades = {}
    for slot, names in options.items():
        step = min(extra, 3)
        if step:
            upgrades[slot] = names[step - 1]
            extra -= step
    m = mech(upgrades=upgrades, head=head, **kw)
    assert check(roster(m, budget=100)).totals.as_dict()["mechs"][0]["bolts"] == bolts
    return m


def warband(*bolts: int, districts: int = 0) -> McWarriorRoster:
    mechs = [costing(b, name=f"Mech {i + 1}", pilot=f"Pilot {i + 1}", skill=SKILLS[i]) for i, b in enumerate(bolts)]
    return roster(*mechs, districts=districts)


# --- bolt arithmetic ---------------------------------------------------------------------------------


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 6])
def test_part_at_n_points_costs_triangular_bolts(n):
    totals = check(roster(mech(head=n))).totals.as_dict()["mechs"][0]
    assert totals["part_costs"]["head"] == n * (n + 1) // 2
    assert totals["parts_cost"] == 18 + n * (n + 1) // 2


@pytest.mark.parametrize("level", [1, 2, 3, 4, 5, 6, 12])
def test_shield_level_costs_l_times_l_plus_3_over_2(level):
    r = roster(mech(upgrades={"left-arm": {"id": "energy-shield", "level": level}}), budget=200)
    totals = check(r).totals.as_dict()["mechs"][0]
    assert totals["upgrade_costs"] == {"left-arm": level * (level + 3) // 2}
    assert totals["bolts"] == 24 + level * (level + 3) // 2


def test_legs_upgrade_is_paid_once_whichever_key_names_it():
    for upgrades in (
        {"legs": "jump-jets"},
        {"left-leg": "jump-jets"},
        {"right-leg": "jump-jets"},
        {"left-leg": "jump-jets", "right-leg": "jump-jets"},
    ):
        report = check(roster(mech(upgrades=upgrades)))
        assert report.findings == ()
        assert report.totals.as_dict()["mechs"][0]["upgrade_costs"] == {"legs": 2}
        assert report.totals.as_dict()["mechs"][0]["bolts"] == 26


def test_rustbucket_totals_are_exact():
    loaded = read_roster(EXAMPLES / "mcwarrior-rustbucket.toml")
    report = validate(loaded.roster, loaded.catalogue)
    assert report.findings == ()
    assert report.totals.as_dict() == {
        "mechs": [
            {
                "name": "Rustbucket",
                "pilot": "Kai",
                "bolts": 36,
                "parts_cost": 24,
                "upgrades_cost": 12,
                "part_costs": {"head": 6, "torso": 6, "left-arm": 3, "right-arm": 3, "left-leg": 3, "right-leg": 3},
                "upgrade_costs": {"head": 3, "left-arm": 2, "right-arm": 5, "legs": 2},
                "derived": {"target_number": 3, "heat_capacity": 3, "dice": {"left-arm": 2, "right-arm": 2}, "move": 4},
            }
        ],
        "total_bolts": 36,
        "budget": 40,
    }


# --- mcwarrior/part-points ---------------------------------------------------------------------------


def test_part_points_legal_at_1_and_6():
    assert found(check(roster(mech(head=1, torso=6), budget=60)), "mcwarrior/part-points") == []


@pytest.mark.parametrize("points", [0, 7, 99])
def test_part_points_outside_1_to_6(points):
    report = check(roster(mech(left_leg=points), budget=100))
    assert found(report, "mcwarrior/part-points") == [("error", "mechs[0].parts.left-leg")]
    assert report.findings[0].message == f"'Rustbucket': Left Leg has {points} points; a part takes 1 to 6"


def test_part_points_missing_part_and_unknown_part():
    m = mech()
    del m["parts"]["torso"]
    m["parts"]["tail"] = 2
    report = check(roster(m))
    assert found(report, "mcwarrior/part-points") == [
        ("error", "mechs[0].parts.torso"),
        ("error", "mechs[0].parts.tail"),
    ]
    assert report.findings[0].message == "'Rustbucket': Torso has no points; buy 1 to 6"


def test_unnamed_mech_is_named_by_number():
    report = check(roster(mech(), mech(name="  ", head=7)))
    assert [f.message for f in report.findings] == ["mech 2: Head has 7 points; a part takes 1 to 6"]


# --- mcwarrior/upgrade-part --------------------------------------------------------------------------


def test_upgrade_part_legal_on_every_slot():
    upgrades = {
        "head": "rocket-launcher",
        "torso": "evasion-protocol",
        "left-arm": "melee-weapon",
        "right-arm": "short-range-weapon",
        "legs": "boosters",
    }
    assert check(roster(mech(upgrades=upgrades))).findings == ()


@pytest.mark.parametrize(
    "key, upgrade",
    [("head", "jump-jets"), ("torso", "melee-weapon"), ("left-leg", "far-range-weapon"), ("legs", "targeting-system")],
)
def test_upgrade_on_a_slot_that_does_not_offer_it(key, upgrade):
    report = check(roster(mech(upgrades={key: upgrade})))
    assert found(report, "mcwarrior/upgrade-part") == [("error", f"mechs[0].upgrades.{key}")]


def test_upgrade_part_message_and_unknown_keys():
    report = check(roster(mech(upgrades={"head": "jump-jets", "tail": "boosters", "torso": "laser-eyes"})))
    assert [(f.path, f.message) for f in report.findings if f.code == "mcwarrior/upgrade-part"] == [
        ("mechs[0].upgrades.head", "'Rustbucket': Jump Jets is not offered on the head (it fits: legs)"),
        ("mechs[0].upgrades.tail", "'Rustbucket': 'tail' is not an upgrade slot"),
        ("mechs[0].upgrades.torso", "'Rustbucket': unknown upgrade 'laser-eyes'"),
    ]


# --- mcwarrior/upgrade-slot --------------------------------------------------------------------------


def test_upgrade_slot_same_upgrade_on_both_legs_is_one():
    r = roster(mech(upgrades={"left-leg": "boosters", "right-leg": "boosters"}))
    assert found(check(r), "mcwarrior/upgrade-slot") == []


@pytest.mark.parametrize(
    "upgrades, path",
    [
        ({"legs": "jump-jets", "left-leg": "jump-jets"}, "mechs[0].upgrades.left-leg"),
        ({"legs": "jump-jets", "right-leg": "boosters"}, "mechs[0].upgrades.right-leg"),
        ({"left-leg": "boosters", "right-leg": "jump-jets"}, "mechs[0].upgrades.right-leg"),
    ],
)
def test_upgrade_slot_two_upgrades_on_the_legs(upgrades, path):
    report = check(roster(mech(upgrades=upgrades)))
    assert found(report, "mcwarrior/upgrade-slot") == [("error", path)]
    assert report.codes() == ["mcwarrior/upgrade-slot"]


def test_upgrade_slot_message():
    report = check(roster(mech(upgrades={"left-leg": "boosters", "right-leg": "jump-jets"})))
    assert report.findings[0].message == (
        "'Rustbucket': the legs take one upgrade, but the roster gives Boosters on the left leg, Jump Jets on the right leg"
    )


# --- mcwarrior/shield-level --------------------------------------------------------------------------


def test_shield_level_legal():
    r = roster(mech(upgrades={"left-arm": {"id": "energy-shield", "level": 1}}))
    assert found(check(r), "mcwarrior/shield-level") == []


@pytest.mark.parametrize(
    "choice, message",
    [
        ("energy-shield", "'Rustbucket': Energy Shield needs a level (1 or more)"),
        ({"id": "energy-shield", "level": 0}, "'Rustbucket': Energy Shield is at level 0; the lowest level is 1"),
        ({"id": "melee-weapon", "level": 2}, "'Rustbucket': Melee Weapon is not bought by level"),
    ],
)
def test_shield_level_illegal(choice, message):
    report = check(roster(mech(upgrades={"right-arm": choice})))
    assert [(f.code, f.severity, f.path, f.message) for f in report.findings] == [
        ("mcwarrior/shield-level", "error", "mechs[0].upgrades.right-arm", message)
    ]


# --- mcwarrior/pilot ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "changes, path",
    [
        ({"skill": None}, "mechs[0].skill"),
        ({"skill": "telepathy"}, "mechs[0].skill"),
    ],
)
def test_pilot_illegal(changes, path):
    report = check(roster({**mech(), **changes}))
    assert found(report, "mcwarrior/pilot") == [("error", path)]
    assert report.codes() == ["mcwarrior/pilot"]


@pytest.mark.parametrize("name", ["", "   "])
def test_a_skirmish_pilot_needs_no_name_as_the_book_says(name):
    """'You can give your pilot a name, if you want to': a mech with a skilled, unnamed pilot was illegal ('has no
    pilot'); the pilot's skill is what the rules need."""
    report = check(roster(mech(pilot=name)))
    assert report.findings == ()
    from builder.games.mcwarrior.text import lines

    assert lines(roster(mech(pilot=name)), CAT, report.totals)[2].startswith(
        "  1. Rustbucket — an unnamed pilot (Sniper) — "
    )


def test_a_warband_pilot_goes_by_name():
    r = warband(30, 30, 30, 30)
    r.mechs[1].pilot = " "
    report = check(r)
    assert [(f.severity, f.path, f.message) for f in report.findings if f.code == "mcwarrior/pilot"] == [
        ("error", "mechs[1].pilot", "'Mech 2' has no pilot named (a warband's pilots go by name)")
    ]


def test_pilot_legal_with_every_skill():
    for skill in CAT.known("skill"):
        assert check(roster(mech(skill=skill))).findings == ()


# --- mcwarrior/budget and budget-range ---------------------------------------------------------------


def test_budget_exactly_met_is_legal_one_over_is_not():
    assert check(roster(costing(40))).findings == ()
    report = check(roster(costing(41)))
    assert [(f.code, f.severity, f.path, f.message) for f in report.findings] == [
        ("mcwarrior/budget", "error", "mechs[0]", "'Rustbucket' costs 41 bolts, 1 over the 40-bolt budget")
    ]


def test_budget_uses_roster_budget_over_the_default():
    assert check(roster(costing(41), budget=41)).findings == ()
    assert found(check(roster(costing(36), budget=35)), "mcwarrior/budget") == [("error", "mechs[0]")]


@pytest.mark.parametrize(
    "budget, expected", [(None, []), (40, []), (60, []), (39, [("info", "budget")]), (61, [("info", "budget")])]
)
def test_budget_range(budget, expected):
    settings = {} if budget is None else {"budget": budget}
    assert found(check(roster(costing(30), **settings)), "mcwarrior/budget-range") == expected


def test_budget_range_message():
    report = check(roster(costing(30), budget=80))
    assert report.findings[0].message == "a 80-bolt budget is outside the usual 40 to 60 bolts per mech"


def test_warband_has_no_per_mech_budget_unless_one_is_set():
    big = costing(51)
    r = roster(
        big, *[costing(30, name=f"M{i}", pilot=f"P{i}", skill=s) for i, s in enumerate(SKILLS[1:4])], districts=1
    )
    report = check(r)
    assert report.findings == ()
    assert "budget" not in report.totals.as_dict()
    r.budget = 50
    assert found(check(r), "mcwarrior/budget") == [("error", "mechs[0]")]


# --- mcwarrior/warband-size --------------------------------------------------------------------------


@pytest.mark.parametrize("count, expected", [(3, [("error", "mechs")]), (4, []), (5, [("error", "mechs")])])
def test_warband_size_3_4_5(count, expected):
    r = warband(*[30] * count, districts=0)
    assert found(check(r), "mcwarrior/warband-size") == expected
    if count != 4:
        assert check(r).findings[0].message == f"a warband is 4 mechs; this one has {count}"


def test_five_mechs_outside_warband_mode_is_fine():
    r = warband(*[30] * 5)
    r.districts = None
    assert check(r).findings == ()


def test_warband_size_each_mech_its_own_pilot():
    r = warband(30, 30, 30, 30)
    r.mechs[2].pilot = "pilot 1"
    report = check(r)
    assert [(f.code, f.severity, f.path, f.message) for f in report.findings] == [
        (
            "mcwarrior/pilot-unique",
            "error",
            "mechs[2].pilot",
            "'Mech 3': pilot 'pilot 1' already flies 'Mech 1'; each mech needs its own pilot",
        )
    ]


def test_pilot_unique_is_its_own_code_and_ignores_case_and_spaces():
    r = warband(30, 30, 30, 30)
    r.mechs[3].pilot = "  PILOT 2 "
    assert found(check(r), "mcwarrior/pilot-unique") == [("error", "mechs[3].pilot")]
    assert found(check(r), "mcwarrior/warband-size") == []


def test_one_pilot_for_two_mechs_outside_a_warband_is_not_checked():
    r = roster(mech(name="A"), mech(name="B", skill="dodge"))
    assert found(check(r), "mcwarrior/pilot-unique") == []


# --- mcwarrior/no-mechs ------------------------------------------------------------------------------


@pytest.mark.parametrize("settings", [{}, {"districts": 0}])
def test_a_roster_without_mechs_is_warned(settings):
    report = check(roster(**settings))
    assert [(f.code, f.severity, f.path, f.message) for f in report.findings if f.severity == "warning"] == [
        ("mcwarrior/no-mechs", "warning", "mechs", "the roster has no mechs yet; add one to play")
    ]


# --- mcwarrior/warband-budget ------------------------------------------------------------------------


@pytest.mark.parametrize("districts, bolts", [(0, (40, 40, 40, 30)), (1, (40, 40, 40, 40)), (2, (40, 40, 40, 40))])
def test_warband_budget_exactly_met_or_under(districts, bolts):
    report = check(warband(*bolts, districts=districts))
    assert report.findings == ()
    assert (report.totals.as_dict()["total_bolts"], report.totals.as_dict()["warband_budget"]) == (
        sum(bolts),
        150 + 10 * districts,
    )


@pytest.mark.parametrize("districts, bolts", [(0, (40, 40, 40, 31)), (1, (40, 40, 40, 41))])
def test_warband_budget_one_over(districts, bolts):
    r = warband(*bolts, districts=districts)
    r.budget = 41
    report = check(r)
    limit = 150 + 10 * districts
    assert [(f.code, f.severity, f.path, f.message) for f in report.findings if f.severity == "error"] == [
        (
            "mcwarrior/warband-budget",
            "error",
            "mechs",
            f"the warband costs {limit + 1} bolts, 1 over its {limit}-bolt budget (150 + 10 × {districts} district{'' if districts == 1 else 's'})",
        )
    ]


# --- mcwarrior/pilot-skill-repeat --------------------------------------------------------------------


def test_pilot_skill_repeat_warns_in_a_warband_only():
    r = warband(30, 30, 30, 30)
    r.mechs[3].skill = "sniper"
    report = check(r)
    assert report.valid
    assert [(f.code, f.severity, f.path, f.message) for f in report.findings] == [
        (
            "mcwarrior/pilot-skill-repeat",
            "warning",
            "mechs[3].skill",
            "'Mech 4': Sniper is already the skill of the pilot of 'Mech 1'",
        )
    ]
    r.districts = None
    assert check(r).findings == ()


def test_distinct_skills_no_warning():
    assert found(check(warband(30, 30, 30, 30)), "mcwarrior/pilot-skill-repeat") == []


# --- examples, fixture, CLI, migration ---------------------------------------------------------------


def test_warband_example_is_legal_with_exact_totals():
    loaded = read_roster(EXAMPLES / "mcwarrior-warband.toml")
    report = validate(loaded.roster, loaded.catalogue)
    assert report.findings == ()
    assert [(m["name"], m["pilot"], m["bolts"]) for m in report.totals.as_dict()["mechs"]] == [
        ("Rustbucket", "Kai", 36),
        ("Ironclad", "Mira", 35),
        ("Dust Devil", "Oren", 37),
        ("Lantern", "Sable", 37),
    ]
    assert (
        report.totals.as_dict()["total_bolts"],
        report.totals.as_dict()["districts"],
        report.totals.as_dict()["warband_budget"],
    ) == (145, 2, 170)
    assert report.totals.as_dict()["mechs"][2]["derived"] == {
        "target_number": 2,
        "heat_capacity": 2,
        "dice": {"left-arm": 2, "right-arm": 2},
        "move": 8,
    }


def test_largest_fixture_is_legal_and_spends_its_budget_exactly():
    loaded = read_roster(LARGEST)
    report = validate(loaded.roster, loaded.catalogue)
    assert report.findings == ()
    assert [m["bolts"] for m in report.totals.as_dict()["mechs"]] == [165, 165, 165, 165]
    assert (report.totals.as_dict()["total_bolts"], report.totals.as_dict()["warband_budget"]) == (660, 660)
    for m in loaded.roster.mechs:
        assert (len(m.name), len(m.pilot)) == (20, 20)
        assert set(m.upgrades) == {"head", "torso", "left-arm", "right-arm", "legs"}


@pytest.mark.parametrize(
    "path, bolts",
    [(EXAMPLES / "mcwarrior-rustbucket.toml", 36), (EXAMPLES / "mcwarrior-warband.toml", 145), (LARGEST, 660)],
)
def test_cli_validate_json(path, bolts, capsys):
    assert main(["validate", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["valid"], out["game"], out["findings"], out["totals"]["total_bolts"]) == (True, "mcwarrior", [], bolts)


def test_cli_validate_illegal_exits_1(tmp_path, capsys):
    text = (EXAMPLES / "mcwarrior-rustbucket.toml").read_text().replace("budget = 40", "budget = 35")
    path = tmp_path / "over.toml"
    path.write_text(text)
    assert main(["validate", str(path), "--json"]) == 1
    out = json.loads(capsys.readouterr().out)
    assert [(f["code"], f["path"]) for f in out["findings"]] == [
        ("mcwarrior/budget", "mechs[0]"),
        ("mcwarrior/budget-range", "budget"),
    ]


def test_rename_ids_for_upgrades_and_skills():
    r = roster(mech(upgrades={"legs": "jump-jets", "head": "targeting-system"}))
    assert r.rename_ids("upgrade", {"jump-jets": "leap-jets"}) == [
        "mechs[0].upgrades.legs: 'jump-jets' is now 'leap-jets'"
    ]
    assert r.rename_ids("skill", {"sniper": "marksman"}) == ["mechs[0].skill: 'sniper' is now 'marksman'"]
    assert (r.mechs[0].upgrades["legs"].id, r.mechs[0].skill) == ("leap-jets", "marksman")
    assert r.rename_ids("unit", {"sniper": "x"}) == []


def test_a_newer_catalogue_revision_renames_a_skill_on_load(tmp_path):
    text = (BUNDLED_DIR / "mcwarrior.toml").read_text()
    text = text.replace("revision = 1", "revision = 2", 1).replace('id = "sniper"', 'id = "marksman"')
    text = text.replace("[rules]", '[[changes]]\nrevision = 2\nrenamed = { sniper = "marksman" }\n\n[rules]', 1)
    (tmp_path / "mine.toml").write_text(text)
    roster_text = (
        (EXAMPLES / "mcwarrior-rustbucket.toml")
        .read_text()
        .replace('catalogue = "mcwarrior"', 'catalogue = "mine.toml"\ncatalogue_revision = 1')
    )
    loaded = parse_roster(roster_text, "r.toml", tmp_path)
    assert loaded.roster.mechs[0].skill == "marksman"
    assert "revision 2: mechs[0].skill: 'sniper' is now 'marksman'" in loaded.notes
    assert validate(loaded.roster, loaded.catalogue).findings == ()
