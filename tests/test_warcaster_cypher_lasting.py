"""How long a Warcaster Cypher stays in play is its card's to say: the core Cyphers' as the book has them (until the
turn ends, until the Pulse round ends, or discarded once resolved), a catalogue's own where it says; a card lasting
the turn expires when the next player's turn begins. The play and discard keys offer the hand with each card the
book refuses now marked with its reason."""

from __future__ import annotations

import pytest

from builder.battles import read_battle
from builder.battles.session import BattleSession
from builder.catalogues import load_catalogue
from builder.editing.storage import Store
from builder.games.warcaster import offers
from builder.games.warcaster.arc_events import Destroyed
from builder.games.warcaster.catalogue import Cypher
from builder.games.warcaster.cyphers import Expire, Play
from builder.games.warcaster.steps import Turn
from tests.test_warcaster_battle_spending import run, warcaster_battle
from tests.test_warcaster_cypher_targets import SEED, at, cyphers, table

RELAY = (
    "Malediction Rubric is a Fury: it must be channeled through a model with the Arc Relay ability, and player 1 has "
    "none in play"
)


@pytest.fixture
def battle(tmp_path):
    """A Firebrand's battle that deals its player Plexus Densifier, Malediction Rubric, Annihilation Vector,
    Encrypted Command and Revelation Matrix."""
    path = warcaster_battle(tmp_path)
    path.write_text(path.read_text(encoding="utf-8").replace(f'seed = "{read_battle(path).seed}"', f'seed = "{SEED}"'))
    return path


def test_the_core_cyphers_last_as_their_cards_say_and_a_catalogue_may_say_for_its_own():
    bundled = {card.id: card.lasting for card in load_catalogue("warcaster-nm").cyphers}
    assert sorted(card for card, lasts in bundled.items() if lasts == "turn") == [
        "ascension-catalyst",
        "kinetic-accelerator",
        "momentum-calibrator",
        "reiteration-complex",
    ]
    assert sorted(card for card, lasts in bundled.items() if lasts == "pulse") == [
        "divination-algorithm",
        "force-barrier",
        "interdiction-protocol",
        "plexus-densifier",
        "revelation-matrix",
    ]
    assert sum(lasts == "resolved" for lasts in bundled.values()) == 15
    cards = load_catalogue("warcaster-nm").cyphers
    assert {card.id: card.target_type for card in cards if card.target_type} == {"encrypted-command": "solo"}
    own = Cypher(id="deep-freeze", name="Deep Freeze", type="fury", faction="empyreans")
    assert (own.lasting, own.model_copy(update={"lasts": "turn"}).lasting) == (None, "turn")


def test_a_cypher_lasting_the_turn_stays_on_its_unit_until_the_next_players_turn_begins():
    state = at(table(), 0, Play(card="force-barrier", on=1, lasts="turn"))
    mine = state.sides[0].cyphers
    assert (mine.lasting, mine.turn_only, dict(mine.on)) == (
        ("force-barrier",),
        ("force-barrier",),
        {"force-barrier": 1},
    )
    assert "force-barrier" not in mine.discard and mine.cards == 12
    mine = at(state, 1, Turn()).sides[0].cyphers  # the opponent's turn: ours is over
    assert (mine.lasting, mine.turn_only, dict(mine.on), mine.discard) == ((), (), {}, ("force-barrier",))


def test_one_lasting_the_pulse_round_stays_past_the_turn_and_one_expired_early_is_no_longer_due():
    state = at(at(table(), 0, Play(card="force-barrier", on=1, lasts="pulse")), 1, Turn())
    assert (state.sides[0].cyphers.lasting, dict(state.sides[0].cyphers.on)) == (
        ("force-barrier",),
        {"force-barrier": 1},
    )
    early = at(table(), 0, Play(card="force-barrier", on=1, lasts="turn"), Expire(card="force-barrier")).sides[0]
    assert (early.cyphers.turn_only, early.cyphers.lasting, early.cyphers.discard) == ((), (), ("force-barrier",))


def test_one_lasting_the_turn_on_a_unit_destroyed_goes_to_the_discard_pile_once_not_again_as_the_turn_ends():
    destroyed = at(table(), 0, Play(card="force-barrier", on=1, lasts="turn"), Destroyed(unit=1)).sides[0].cyphers
    assert (destroyed.lasting, destroyed.turn_only, dict(destroyed.on)) == ((), (), {})
    mine = at(at(table(), 0, Play(card="force-barrier", on=1, lasts="turn"), Destroyed(unit=1)), 1, Turn()).sides[0]
    assert (mine.cyphers.discard, mine.cyphers.cards) == (("force-barrier",), 12)


def test_the_play_and_discard_keys_mark_the_cards_the_book_refuses_now(battle, tmp_path):
    session = BattleSession(battle, Store(tmp_path / "data"))
    session.spend(0, {"kind": "deploy", "units": [0]}, "deploy Firebrand")  # a warjack: no squad in play
    spend, moment = session.result.spending.state, session.ledger.moment()
    assert offers.card_moves(spend, 0, moment, "play") == [
        ("plexus-densifier", "Plexus Densifier", "Geometric", "no unit of yours in play it may be played on now"),
        ("malediction-rubric", "Malediction Rubric", "Fury", RELAY),  # the book: the card, its Arc Relay, its target
        ("annihilation-vector", "Annihilation Vector", "Overdrive", ""),
        ("encrypted-command", "Encrypted Command", "Harmonic", "no unit of yours in play it may be played on now"),
        ("revelation-matrix", "Revelation Matrix", "Harmonic", ""),
    ]
    assert {reason for *_, reason in offers.card_moves(spend, 1, moment, "play")} == {"it is not player 2's turn"}
    session.spend(1, {"kind": "deploy", "units": [0]}, "the opponent's set-up")  # a Fury has an enemy to target now
    session.spend(0, {"kind": "deploy", "units": [3]}, "the Paladin Weaver")  # and an Arc Relay to channel it through
    spend = session.result.spending.state
    assert offers.card_moves(spend, 0, moment, "play")[1] == ("malediction-rubric", "Malediction Rubric", "Fury", "")
    session.spend(0, {"kind": "discard", "card": "malediction-rubric"}, "discard")
    spend = session.result.spending.state
    assert {reason for *_, reason in offers.card_moves(spend, 0, moment, "discard")} == {"one Cypher discarded a turn"}
    assert offers.card_lasts(spend, 0, "revelation-matrix") == "pulse"


def test_the_command_line_plays_a_card_for_as_long_as_it_says_unless_told(battle, capsys):
    b = str(battle)
    run(capsys, "battle", "arc", b, "--side", "us", "deploy", "Firebrand")
    assert run(capsys, "battle", "cypher", b, "--side", "us", "play", "Revelation Matrix", "--on", "Firebrand")[0] == 0
    assert 'event = { kind = "play", card = "revelation-matrix", lasts = "pulse", on = 0 }' in battle.read_text()
    run(capsys, "battle", "activate", b, "--side", "us", "Firebrand")
    assert run(capsys, "battle", "cypher", b, "--side", "us", "play", "annihilation-vector", "--lasts", "turn")[0] == 0
    assert 'event = { kind = "play", card = "annihilation-vector", lasts = "turn" }' in battle.read_text()
    assert (cyphers(battle, capsys)["in_play"], cyphers(battle, capsys)["until_turn_ends"]) == (
        ["revelation-matrix", "annihilation-vector"],
        ["annihilation-vector"],
    )
