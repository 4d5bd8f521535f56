"""Warcaster loadout rules on the fixture catalogue: cortex, hardpoints, weapon points, attachments, totals."""

from __future__ import annotations

import json

from builder.rules import validate
from tests.test_warcaster_rules import CAT, DUSK, RAPTOR, found, messages, roster, unit

# --- cortex ----------------------------------------------------------------------------------


def test_cortex_one_of_the_chassis_options_is_legal():
    assert found(roster(DUSK, unit(DUSK, cortex="scout-cortex"), RAPTOR), "warcaster/cortex") == []


def test_cortex_missing_is_an_error():
    r = roster(unit(DUSK, cortex=None))
    assert found(r, "warcaster/cortex") == [("error", "units[0].cortex")]
    assert messages(r, "warcaster/cortex") == [
        "Dusk Wolf has no cortex — choose one of: Neural Net Cortex, Scout Cortex"
    ]


def test_cortex_of_another_chassis_is_an_error():
    r = roster(DUSK, unit(DUSK, cortex="ace-cortex"))
    assert found(r, "warcaster/cortex") == [("error", "units[1].cortex")]
    assert messages(r, "warcaster/cortex") == [
        "Ace Cortex is not a cortex of the Dusk Wolf chassis (options: Neural Net Cortex, Scout Cortex)"
    ]


def test_cortex_unknown_id_is_an_error_not_a_crash():
    assert found(roster(unit(DUSK, cortex="no-such-cortex")), "warcaster/cortex") == [("error", "units[0].cortex")]


def test_cortex_on_a_non_warjack_is_an_error():
    r = roster(unit("ranger-fire-team", cortex="ace-cortex"))
    assert found(r, "warcaster/cortex") == [("error", "units[0].cortex")]
    assert messages(r, "warcaster/cortex") == ["Ranger Fire Team is a squad and takes no cortex (Ace Cortex)"]


# --- hardpoint -------------------------------------------------------------------------------


def test_hardpoint_weapons_on_offering_slots_are_legal():
    vehicle = unit("scout-rover", hardpoints={"turret": "vortex-missile"})
    hero_vehicle = unit("razorbat", hardpoints={"turret": "blazer"})
    assert found(roster(DUSK, RAPTOR, vehicle, hero_vehicle), "warcaster/hardpoint") == []


def test_hardpoint_weapon_on_a_slot_that_does_not_offer_it():
    r = roster(unit(DUSK, hardpoints={"left-arm": "talon-rocket-pod", "shoulder": "talon-rocket-pod"}))
    assert found(r, "warcaster/hardpoint") == [("error", "units[0].hardpoints.left-arm")]
    assert messages(r, "warcaster/hardpoint") == [
        "Talon Rocket Pod cannot go on the Dusk Wolf's Left Arm (it takes: Battle Rifle, Flame Thrower)"
    ]


def test_hardpoint_slot_the_chassis_lacks():
    r = roster(unit(DUSK, hardpoints={"left-shoulder": "talon-rocket-pod"}))
    assert found(r, "warcaster/hardpoint") == [("error", "units[0].hardpoints.left-shoulder")]
    assert messages(r, "warcaster/hardpoint") == [
        "Dusk Wolf has no 'left-shoulder' hardpoint (it has: Left Arm, Right Arm, Shoulder) for Talon Rocket Pod"
    ]


def test_hardpoint_unknown_weapon_is_an_error_not_a_crash():
    r = roster(unit(DUSK, hardpoints={"shoulder": "no-such-weapon"}))
    assert found(r, "warcaster/hardpoint") == [("error", "units[0].hardpoints.shoulder")]


def test_hardpoints_on_a_unit_without_any():
    r = roster(unit("ranger-fire-team", hardpoints={"left-arm": "battle-rifle"}))
    assert found(r, "warcaster/hardpoint") == [("error", "units[0].hardpoints")]
    assert messages(r, "warcaster/hardpoint") == ["Ranger Fire Team is a squad with no hardpoints (Battle Rifle)"]


# --- weapon-points ---------------------------------------------------------------------------


def test_weapon_points_exactly_at_the_limit_is_legal():
    assert found(roster(DUSK, RAPTOR), "warcaster/weapon-points") == []  # 2+1+2 of 5, 3+2+1+2 of 8


def test_weapon_points_one_over_is_an_error():
    r = roster(
        unit(DUSK, hardpoints={"left-arm": "battle-rifle", "right-arm": "battle-rifle", "shoulder": "talon-rocket-pod"})
    )
    assert found(r, "warcaster/weapon-points") == [("error", "units[0].hardpoints")]
    assert messages(r, "warcaster/weapon-points") == ["Dusk Wolf uses 6 of 5 weapon points (1 over)"]


def test_weapon_points_heavy_and_vehicle_limits_come_from_the_chassis():
    heavy = unit(
        RAPTOR,
        hardpoints={
            "left-arm": "particle-accelerator",
            "right-arm": "particle-accelerator",
            "left-shoulder": "blazer",
            "right-shoulder": "vortex-missile",
        },
    )
    vehicle = unit("scout-rover", hardpoints={"turret": "vortex-missile"})
    r = roster(heavy, vehicle)
    assert found(r, "warcaster/weapon-points") == [("error", "units[0].hardpoints")]
    assert messages(r, "warcaster/weapon-points") == ["Strike Raptor uses 9 of 8 weapon points (1 over)"]


def test_weapon_points_unknown_cost_counts_zero_and_is_noted():
    r = roster(unit(DUSK, hardpoints={"left-arm": "battle-rifle", "right-arm": "battle-rifle", "shoulder": "slug-gun"}))
    assert found(r, "warcaster/weapon-points") == [("info", "units[0].hardpoints.shoulder")]
    assert messages(r, "warcaster/weapon-points") == [
        "the weapon-point cost of Slug Gun on the Dusk Wolf is unknown in the reference data; counted as 0"
    ]
    assert validate(r, CAT).valid
    assert validate(r, CAT).totals.as_dict()["weapon_points"] == [{"unit": 0, "used": 4, "total": 5}]


# --- unused-weapon-points --------------------------------------------------------------------


def test_unused_weapon_points_none_when_all_are_spent():
    assert found(roster(DUSK, RAPTOR, "ranger-fire-team"), "warcaster/unused-weapon-points") == []


def test_unused_weapon_points_shown_per_warjack_and_vehicle():
    r = roster(unit(DUSK, hardpoints={"left-arm": "flame-thrower"}), RAPTOR, "scout-rover")
    assert found(r, "warcaster/unused-weapon-points") == [
        ("info", "units[0].hardpoints"),
        ("info", "units[2].hardpoints"),
    ]
    assert messages(r, "warcaster/unused-weapon-points") == [
        "Dusk Wolf has 4 of 5 weapon points unspent",
        "Scout Rover has 3 of 3 weapon points unspent",
    ]
    assert validate(r, CAT).valid


# --- attachment-target -----------------------------------------------------------------------


def test_attachment_target_named_squads_are_legal():
    r = roster(
        unit("ranger-fire-team", attachments=["warder", "field-medic"]),
        unit("ranger-heavy-support", attachments=["field-medic"]),
    )
    assert found(r, "warcaster/attachment-target") == []


def test_attachment_target_squad_the_card_does_not_name():
    r = roster(unit("ranger-heavy-support", attachments=["field-medic", "warder"]))
    assert found(r, "warcaster/attachment-target") == [("error", "units[0].attachments[1]")]
    assert messages(r, "warcaster/attachment-target") == [
        "Warder cannot join Ranger Heavy Support (it joins: Ranger Fire Team)"
    ]


def test_attachment_target_on_a_warjack():
    r = roster(unit(DUSK, attachments=["warder"]))
    assert found(r, "warcaster/attachment-target") == [("error", "units[0].attachments[0]")]


def test_attachment_target_id_that_is_not_an_attachment():
    r = roster(unit("ranger-fire-team", attachments=["hunter"]))
    assert found(r, "warcaster/attachment-target") == [("error", "units[0].attachments[0]")]
    assert messages(r, "warcaster/attachment-target") == ["Hunter is a solo, not an attachment"]


def test_attachment_placed_as_a_unit_is_an_error_and_not_counted():
    r = roster(DUSK, "warder")
    assert found(r, "warcaster/attachment-target") == [("error", "units[1]")]
    assert messages(r, "warcaster/attachment-target") == [
        "Warder is an attachment, not a unit — add it to one of Ranger Fire Team"
    ]
    assert validate(r, CAT).totals.as_dict()["units"] == 1


# --- attachment-duplicate --------------------------------------------------------------------


def test_attachment_duplicate_different_attachments_are_legal():
    r = roster(
        unit("ranger-fire-team", attachments=["warder", "field-medic"]),
        unit("ranger-fire-team", attachments=["warder"]),
    )
    assert found(r, "warcaster/attachment-duplicate") == []


def test_attachment_duplicate_same_attachment_twice_on_one_squad():
    r = roster(unit("ranger-fire-team", attachments=["warder", "field-medic", "warder"]))
    assert found(r, "warcaster/attachment-duplicate") == [("error", "units[0].attachments[2]")]
    assert messages(r, "warcaster/attachment-duplicate") == [
        "Ranger Fire Team has 2 Warder — at most one of each attachment"
    ]


# --- totals ----------------------------------------------------------------------------------


def test_totals_exact_and_json_serialisable():
    r = roster(
        DUSK,
        unit(DUSK, hardpoints={"left-arm": "flame-thrower"}),
        unit("ranger-fire-team", attachments=["warder", "field-medic"]),
        "artemis-fang",
        "barricade-mantlet",
        "scout-rover",
        rack=["cryo-lock", "force-barrier", "recall-initiative", "marcher-gambit", "no-such-cypher"],
    )
    totals = validate(r, CAT).totals.as_dict()
    assert totals == {
        "format": "standard",
        "units": 4,
        "max_units": 15,
        "heroes": 1,
        "max_heroes": 3,
        "mantlets": 1,
        "max_mantlets": 4,
        "rack": 5,
        "rack_min": 12,
        "rack_max": 15,
        "rack_types": {"fury": 2, "geometric": 1, "harmonic": 1, "overdrive": 0},
        "rack_min_per_type": 3,
        "dc": 3 + 3 + (2 + 1 + 2) + 3 + 1 + 2,
        "unit_dc": [3, 3, 5, 3, 1, 2],
        "weapon_points": [
            {"unit": 0, "used": 5, "total": 5},
            {"unit": 1, "used": 1, "total": 5},
            {"unit": 5, "used": 0, "total": 3},
        ],
    }
    assert json.loads(json.dumps(totals)) == totals


def test_findings_are_most_severe_first_and_each_carries_its_code():
    r = roster(unit(DUSK, hardpoints={"left-arm": "flame-thrower"}), "warder")
    report = validate(r, CAT)
    assert [(f.severity, f.code, f.path) for f in report.findings] == [
        ("error", "warcaster/attachment-target", "units[1]"),
        ("info", "warcaster/unused-weapon-points", "units[0].hardpoints"),
    ]


def test_a_full_force_of_loaded_warjacks_and_attached_squads_is_legal():
    squad = unit("ranger-fire-team", attachments=["warder", "field-medic"])
    r = roster(
        *[DUSK] * 4,
        *[RAPTOR] * 4,
        *[squad] * 4,
        *["coalition-weaver"] * 3,
        "artemis-fang",
        "fiddler-co",
        unit("razorbat", hardpoints={"turret": "vortex-missile"}),
    )
    assert validate(r, CAT).codes() == ["warcaster/unused-weapon-points"]  # Razorbat: 2 of 3


# --- no-weapons ------------------------------------------------------------------------------


def test_a_vehicle_and_a_warjack_with_nothing_mounted_are_warned():
    r = roster("scout-rover", unit(DUSK, hardpoints={}), DUSK)
    report = validate(r, CAT)
    assert report.valid
    assert [(f.severity, f.path, f.message) for f in report.findings if f.code == "warcaster/no-weapons"] == [
        ("warning", "units[0].hardpoints", "Scout Rover has no weapons yet: choose some for its 3 weapon points"),
        ("warning", "units[1].hardpoints", "Dusk Wolf has no weapons yet: choose some for its 5 weapon points"),
    ]


def test_units_without_hardpoints_are_not_warned_for_carrying_no_weapons():
    assert found(roster("ranger-fire-team", DUSK), "warcaster/no-weapons") == []
