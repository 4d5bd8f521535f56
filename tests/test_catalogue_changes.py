"""What an updated catalogue changes, said by name: each option of a slot on its own, a missing cost counted as 0."""

from __future__ import annotations

from builder.catalogue_changes import differences


def jack(*options: dict) -> dict:
    """A Warmachine catalogue holding one warjack whose Right Arm offers these options."""
    slot = {"id": "right-arm", "name": "Right Arm", "options": list(options)}
    return {"entries": [{"id": "jack", "name": "Ironclad", "hardpoints": [slot]}]}


def test_each_changed_option_of_a_slot_is_named_by_its_own_name():
    old = jack(
        {"id": "cannon", "name": "Steam Cannon"},
        {"id": "harpoon", "name": "Chain Harpoon", "points": 1},
        {"id": "hammer", "name": "Rivet Hammer", "points": 1},
    )
    new = jack(
        {"id": "cannon", "name": "Steam Cannon", "points": 2},
        {"id": "harpoon", "name": "Chain Harpoon", "points": 3},
        {"id": "hammer", "name": "Rivet Hammer", "points": 0},
    )
    assert differences(old, new) == [
        "Ironclad: Chain Harpoon on Right Arm points 1 → 3",
        "Ironclad: Rivet Hammer on Right Arm points 1 → 0",
        "Ironclad: Steam Cannon on Right Arm points 0 → 2",
    ]


def test_a_cost_left_out_and_a_cost_of_zero_are_the_same():
    assert (
        differences(
            jack({"id": "cannon", "name": "Steam Cannon"}), jack({"id": "cannon", "name": "Steam Cannon", "points": 0})
        )
        == []
    )
    warcaster_old = {
        "units": [
            {
                "id": "wolf",
                "name": "Dusk Wolf",
                "hardpoints": [{"id": "arm", "name": "Arm", "options": [{"weapon": "rifle"}]}],
            }
        ],
        "weapons": [{"id": "rifle", "name": "Rifle"}],
    }
    warcaster_new = {
        "units": [
            {
                "id": "wolf",
                "name": "Dusk Wolf",
                "hardpoints": [{"id": "arm", "name": "Arm", "options": [{"weapon": "rifle", "cost": 0}]}],
            }
        ],
        "weapons": [{"id": "rifle", "name": "Rifle"}],
    }
    assert differences(warcaster_old, warcaster_new) == []
    warcaster_new["units"][0]["hardpoints"][0]["options"][0]["cost"] = 2
    assert differences(warcaster_old, warcaster_new) == ["Dusk Wolf: Rifle on Arm cost 0 → 2"]
