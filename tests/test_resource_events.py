"""Recorded resource events read back by one reader every game uses (`builder.resources.event_reader`): each as its
own kind, an unknown one refused in one line naming the game."""

from __future__ import annotations

from typing import Literal

import pytest

from builder.game import game
from builder.resources import ResourceEvent, event_reader


class Tick(ResourceEvent):
    kind: Literal["tick"] = "tick"
    by: int = 1


class Tock(ResourceEvent):
    kind: Literal["tock"] = "tock"


def test_an_event_reads_back_as_its_own_kind_and_an_unknown_one_is_one_line():
    parse = event_reader((Tick, Tock), "Clock")
    assert parse({"kind": "tick", "by": 3}) == Tick(by=3) and isinstance(parse({"kind": "tock"}), Tock)
    with pytest.raises(ValueError) as caught:
        parse({"kind": "chime"})
    assert str(caught.value) == (
        "not a Clock event: Input tag 'chime' found using 'kind' does not match any of the expected tags: 'tick', 'tock'"
    )
    with pytest.raises(ValueError, match=r"^not a Clock event: Extra inputs are not permitted$"):
        parse({"kind": "tock", "loud": True})


@pytest.mark.parametrize(
    ("game_id", "said"),
    [("warcaster", "Warcaster"), ("warsurge", "Warsurge command-point"), ("warmachine", "Warmachine focus")],
)
def test_each_games_events_are_read_by_the_one_reader_from_its_own_kinds(game_id, said):
    book = game(game_id).resources
    tags = ", ".join(repr(kind.model_fields["kind"].default) for kind in book.kinds)
    with pytest.raises(ValueError) as caught:
        book.parse({"kind": "nothing"})
    assert str(caught.value) == (
        f"not a {said} event: Input tag 'nothing' found using 'kind' does not match any of the expected tags: {tags}"
    )
