"""How a name owns something in a message: units are mostly plural, and "Human Knights's move" reads wrong."""

from __future__ import annotations

from catalog.wording import possessive


def test_a_name_ending_in_s_takes_an_apostrophe_alone_others_take_apostrophe_s():
    assert [possessive(name) for name in ("Human Knights", "Troopers", "SPEARS", "Firebrand", "Sniper Troopers 2")] == [
        "Human Knights'",
        "Troopers'",
        "SPEARS'",
        "Firebrand's",
        "Sniper Troopers 2's",
    ]
