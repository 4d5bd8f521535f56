"""A battle code whose event has fields this Warbench does not know (one a newer Warbench added) says so, where it
said only that the code 'claims N event fields; a share code holds at most M'."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from exports.share import battle_spent
from exports.share.bits import BitReader, BitWriter
from exports.share.errors import ShareCodeError


@dataclass(frozen=True)
class Mark:
    """One spent event as the writer reads it."""

    event: dict[str, Any] = field(default_factory=dict)
    side: int | None = 0
    round: int = 1
    turn: int | None = 0
    step: int | None = None


def written(spent: list[Mark]) -> BitReader:
    w = BitWriter()
    battle_spent.write_spent(w, "warsurge", None, spent, seats=2, step=0, first=None, players=2)
    return BitReader(w.value, w.length)


def test_an_event_with_a_field_added_after_this_warbench_is_said_to_come_from_a_newer_one(monkeypatch):
    place = {"kind": "place", "unit": 2, "where": "embarked", "transport": 1}
    assert battle_spent.read_spent(written([Mark(place)]), "warsurge", 2, 2)["spent"][0]["event"] == place
    known = battle_spent._kinds("warsurge")
    newer = [(kind, fields, [*added, "future"] if kind == "place" else added) for kind, fields, added in known]
    with monkeypatch.context() as later:  # a newer Warbench, whose place events carry one more field
        later.setattr(battle_spent, "_kinds", lambda game_id: newer)
        code = written([Mark(place | {"future": 3})])
    with pytest.raises(ShareCodeError) as refused:
        battle_spent.read_spent(code, "warsurge", 2, 2)
    assert str(refused.value) == (
        "the code's place event has fields this Warbench does not know: it was made by a newer Warbench, which this "
        "one must be updated to read"
    )
