"""How a name owns something in a message: units are mostly plural, and "Human Knights's move" reads wrong."""

from __future__ import annotations

from catalog.wording import ordinal, possessive


def test_a_name_ending_in_s_takes_an_apostrophe_alone_others_take_apostrophe_s():
    assert [possessive(name) for name in ("Human Knights", "Troopers", "SPEARS", "Firebrand", "Sniper Troopers 2")] == [
        "Human Knights'",
        "Troopers'",
        "SPEARS'",
        "Firebrand's",
        "Sniper Troopers 2's",
    ]


def test_an_ordinal_takes_the_suffix_english_gives_its_last_digits():
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111, 112, 113)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "101st", "111th", "112th", "113th"
    ]  # fmt: skip
