"""The players' names typed when a battle begins from the builder (Ctrl+B): one a roster in seat order, or none."""

from __future__ import annotations

import pytest

from builder.scenarios.setup import typed_players
from catalog.scenarios import ScenarioError


def test_names_are_one_a_roster_in_seat_order_and_none_typed_leaves_the_rosters_names():
    assert typed_players(" Ann ,Ben,  Cy ", 3) == ["Ann", "Ben", "Cy"]
    assert typed_players("  ,  ", 3) == []
    assert typed_players("<b>Ann</b>", 1) == ["<b>Ann</b>"]  # kept as typed: shown escaped wherever it is shown


@pytest.mark.parametrize(
    ("typed", "sides", "said"),
    [
        ("Ann, Ben", 3, "3 rosters but 2 players named: one name a roster, ours first"),
        ("Ann, Ben", 1, "1 roster but 2 players named: one name a roster, ours first"),
        ("Ann, Ann", 2, r"two players with one name \(Ann, Ann\): tell them apart"),
        ("Ann, " + "x" * 61, 2, "a name of at most 60 characters, not 61"),
        ("Ann, us", 2, "'us' names the rosters themselves \\(us, opponent\\): give the player's own name"),
    ],
)
def test_names_that_cannot_seat_the_table_are_refused_with_the_reason(typed, sides, said):
    with pytest.raises(ScenarioError, match=f"^{said}$"):
        typed_players(typed, sides)
