"""Drawing up as the book gives it: once a turn, at its end, back up to a full hand. A draw that would draw nothing (a
second one in the turn, one into a full hand, one with no card left) is refused as it is recorded, in one line with
exit 2 and nothing written; a battle that recorded one before replays as it did."""

from __future__ import annotations

import json

import pytest

from builder.cli import main
from builder.games.warcaster.cyphers import CypherState, check_draw
from builder.games.warcaster.steps import DRAW, READY
from builder.resources import Refused
from tests.conftest import examples_in

HAND = ["divination-algorithm", "null-collider", "revelation-matrix", "annihilation-vector", "force-barrier"]
"""Ann's opening hand, dealt by the battle's seed."""


@pytest.fixture
def battle(tmp_path, capsys) -> str:
    """Ann's Firebrand force against Bob's Marcher force dealt by a known seed, the Firebrand deployed in the set-up."""
    examples_in(tmp_path)
    path = str(tmp_path / "battle.toml")
    ours, theirs = str(tmp_path / "warcaster-firebrand.toml"), str(tmp_path / "warcaster-marcher-worlds.toml")
    assert main(["battle", "new", ours, "--opponent", theirs, "--players", "Ann", "Bob", "-o", path]) == 0
    text = open(path).read()
    seed = next(line for line in text.splitlines() if line.startswith("seed = "))
    with open(path, "w") as file:  # the seed a battle of this test deals by, so that each hand is known
        file.write(text.replace(seed, 'seed = "ft5kkmvunz"'))
    assert main(["battle", "arc", path, "--side", "Ann", "deploy", "Firebrand"]) == 0
    capsys.readouterr()
    return path


def cyphers(path: str, capsys) -> dict:
    assert main(["battle", path, "--json"]) == 0
    return json.loads(capsys.readouterr().out)["sides"][0]["resources"]["cyphers"]


def refused_draw(path: str, capsys) -> str:
    """The draw's one line on stderr; the battle file is left byte for byte as it was."""
    before = open(path, "rb").read()
    assert main(["battle", "cypher", path, "--side", "Ann", "draw"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and open(path, "rb").read() == before
    return err


def test_a_second_draw_in_a_turn_is_refused_and_nothing_is_written(battle, capsys):
    assert cyphers(battle, capsys)["hand"] == HAND
    assert main(["battle", "cypher", battle, "--side", "Ann", "discard", "null-collider"]) == 0
    assert main(["battle", "cypher", battle, "--side", "Ann", "draw"]) == 0
    capsys.readouterr()
    assert cyphers(battle, capsys)["hand"] == [*HAND[:1], *HAND[2:], "interdiction-protocol"]
    assert refused_draw(battle, capsys) == (
        "warbench: not recorded: the hand was drawn back up this turn already (once a turn, at its end)\n"
    )
    assert cyphers(battle, capsys) == {
        "hand": [*HAND[:1], *HAND[2:], "interdiction-protocol"],
        "deck": 6,
        "discard": ["null-collider"],
        "in_play": [],
        "until_turn_ends": [],
        "on": [],
        "hand_size": 5,
    }


def test_a_draw_into_a_full_hand_is_refused(battle, capsys):
    assert refused_draw(battle, capsys) == "warbench: not recorded: the hand is full (5 Cyphers): nothing to draw\n"
    assert main(["battle", "turn", battle]) == 0  # the set-up's end: Ann's turn 1.1
    assert main(["battle", "turn", battle]) == 0  # Bob's turn 1.1: his hand is full too
    capsys.readouterr()
    before = open(battle, "rb").read()
    assert main(["battle", "cypher", battle, "--side", "Bob", "draw"]) == 2
    assert capsys.readouterr().err == "warbench: not recorded: the hand is full (5 Cyphers): nothing to draw\n"
    assert open(battle, "rb").read() == before


def test_the_other_draws_the_book_does_not_give_are_refused_as_before(battle, capsys):
    """In the set-up, and in the other player's turn (refusals that were there before this one)."""
    assert main(["battle", "cypher", battle, "--side", "Bob", "draw"]) == 2
    assert capsys.readouterr().err == "warbench: not recorded: it is not Bob's turn\n"


def test_a_draw_with_no_card_left_in_the_deck_or_the_discard_pile_is_refused():
    state = CypherState(rack=("a", "b", "c"), seed="s", hand=("a",), lasting=("b", "c"), step=READY)  # b, c in play
    with pytest.raises(Refused) as caught:
        check_draw(state)
    assert (caught.value.finding.code, caught.value.finding.message) == (
        "battle/cypher",
        "no Cypher is left to draw: the deck and the discard pile are empty",
    )
    check_draw(CypherState(rack=state.rack, seed="s", hand=("a",), discard=("b",), lasting=("c",), step=READY))
    with pytest.raises(Refused):
        check_draw(CypherState(rack=state.rack, seed="s", hand=("a",), deck=("b",), step=DRAW))


def test_a_battle_that_recorded_a_second_draw_before_replays_as_it_did(battle, capsys):
    """Battles written before recorded a draw that drew nothing; they read back valid, the draw doing nothing."""
    assert main(["battle", "cypher", battle, "--side", "Ann", "discard", "null-collider"]) == 0
    assert main(["battle", "cypher", battle, "--side", "Ann", "draw"]) == 0
    capsys.readouterr()
    drawn = cyphers(battle, capsys)
    with open(battle, "a") as file:  # as a Warbench before this one wrote it
        file.write('\n[[spent]]\nside = 0\nround = 1\nturn = 0\nstep = 0\nevent = { kind = "draw" }\n')
    assert main(["battle", battle]) == 0
    assert "valid" in capsys.readouterr().out.splitlines()[0]
    assert cyphers(battle, capsys) == drawn
