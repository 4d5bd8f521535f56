"""Warcaster's Cyphers and turns as the book keeps them: the rack shuffled by the battle's seed, a hand of five, two
plays a turn, one discard, drawing up with the discard pile reshuffled, Cyphers expiring at the Pulse round's end,
hand-size changes; activation tokens and the Ready Phase; the Pulse tracker over three rounds."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from builder.games.warcaster.arc import ArcUnit, new_arc
from builder.games.warcaster.arc_events import Charge, Deploy, PlaceGate, Recall
from builder.games.warcaster.cyphers import (
    CypherState,
    Discard,
    Draw,
    Expire,
    HandSize,
    Play,
    apply_cyphers,
    cypher_summary,
    new_rack,
    shuffled,
    turn_ends,
)
from builder.games.warcaster.steps import Turn
from builder.games.warcaster.table import (
    Activate,
    SideEvent,
    WarcasterSide,
    apply_table,
    new_table,
    side_summary,
)
from builder.resources import Refused, replay

RACK = tuple(f"cypher-{n:02}" for n in range(1, 13))  # the smallest legal rack: 12 cards


def play(state: CypherState, *events) -> CypherState:
    for event in events:
        state = apply_cyphers(state, event)
    return state


def refused(apply, state, event) -> tuple[str, str]:
    with pytest.raises(Refused) as caught:
        apply(state, event)
    return caught.value.finding.code, caught.value.finding.message


def test_the_rack_is_shuffled_by_the_seed_and_a_hand_of_five_drawn():
    state = new_rack(RACK, "battle-7/side-1")
    assert (len(state.hand), len(state.deck), state.cards) == (5, 7, 12)
    assert state.hand + state.deck == shuffled(RACK, "battle-7/side-1", 1)
    assert new_rack(RACK, "battle-7/side-1") == state  # the opponent's Warbench deals the same cards
    assert new_rack(RACK, "battle-8/side-1").hand != state.hand
    assert new_rack(tuple(reversed(RACK)), "battle-7/side-1").hand == state.hand  # the rack's order changes nothing


def test_two_plays_a_turn_one_before_activating_one_after_and_a_third_refused():
    state = new_rack(RACK, "s")
    first, second, third = state.hand[:3]
    state = play(state, Turn(), Play(card=first), Play(card=second))
    assert (state.played_before, state.played_after, len(state.hand), state.discard) == (True, True, 3, (first, second))
    assert refused(apply_cyphers, state, Play(card=third)) == (
        "battle/cypher",
        "two Cyphers played this turn already: one before activating, one after",
    )
    after = play(new_rack(RACK, "s"), Turn(), Play(card=first, when="after"))
    assert refused(apply_cyphers, after, Play(card=second, when="before"))[0] == "battle/turn"
    assert refused(apply_cyphers, play(new_rack(RACK, "s"), Turn()), Play(card="not-in-hand")) == (
        "battle/cypher",
        "'not-in-hand' is not in the hand",
    )


def test_one_discard_then_draw_up_to_five():
    state = new_rack(RACK, "s")
    state = play(state, Turn(), Play(card=state.hand[0]), Discard(card=state.hand[1]))
    assert refused(apply_cyphers, state, Discard(card=state.hand[0])) == (
        "battle/cypher",
        "one Cypher discarded a turn",
    )
    state = apply_cyphers(state, Draw())
    assert (len(state.hand), len(state.deck), len(state.discard)) == (5, 5, 2)
    assert refused(apply_cyphers, state, Play(card=state.hand[0]))[0] == "battle/turn"  # the turn is over


def spend_three(state: CypherState) -> CypherState:
    """A turn that plays two Cyphers, discards one and draws up."""
    state = apply_cyphers(state, Turn())
    for event in (Play, Play, Discard):
        state = apply_cyphers(state, event(card=state.hand[0]))
    return apply_cyphers(state, Draw())


def test_the_discard_pile_is_shuffled_into_a_new_deck_when_the_last_card_is_drawn():
    state = new_rack(RACK, "s")
    for _ in range(4):  # two plays and a discard a turn: 3 cards a turn from a deck of 7
        state = spend_three(state)
    assert state.shuffles > 1 and state.cards == 12 and len(state.hand) == 5
    third = play(new_rack(RACK, "s"), Turn(), Play(card=new_rack(RACK, "s").hand[0]), Draw())
    assert (len(third.deck), third.shuffles) == (6, 1)
    state = new_rack(RACK, "s")
    for _ in range(3):
        state = spend_three(state)
    # the third draw took the deck's last card: the 9 discarded were shuffled into a new deck, 2 more drawn from it
    assert (state.shuffles, len(state.deck), len(state.discard)) == (2, 7, 0)


def test_cyphers_that_last_until_the_pulse_round_ends_stay_in_play_or_expire_early():
    state = new_rack(RACK, "s")
    barrier, other = state.hand[:2]
    state = play(state, Turn(), Play(card=barrier, lasts="pulse"), Play(card=other, lasts="pulse"), Expire(card=other))
    assert (state.lasting, state.discard) == ((barrier,), (other,))
    assert refused(apply_cyphers, state, Expire(card=other)) == ("battle/cypher", f"'{other}' is not in play")


def test_a_smaller_hand_discards_at_once_and_a_larger_one_draws_up_at_the_end_of_the_turn():
    state = new_rack(RACK, "s")
    assert refused(apply_cyphers, state, HandSize(size=4)) == (
        "battle/cypher",
        "a hand of 5 down to 4 discards 1 card, not 0",
    )
    smaller = apply_cyphers(state, HandSize(size=4, discards=[state.hand[2]]))
    assert (len(smaller.hand), smaller.discard, smaller.hand_size) == (4, (state.hand[2],), 4)
    larger = play(state, HandSize(size=6), Turn(), Draw())
    assert len(larger.hand) == 6


def test_the_compact_cypher_line():
    assert cypher_summary(new_rack(RACK, "s")) == "hand 5 · deck 7 · discard 0"


cards = st.sampled_from(RACK)
events = st.one_of(
    st.just(Turn()),
    st.builds(
        Play,
        card=cards,
        when=st.sampled_from([None, "before", "after"]),
        lasts=st.sampled_from(["resolved", "turn", "pulse"]),
    ),
    st.builds(Discard, card=cards),
    st.just(Draw()),
    st.builds(HandSize, size=st.integers(3, 7), discards=st.lists(cards, max_size=2)),
    st.builds(Expire, card=cards),
)


@settings(max_examples=200, deadline=None)
@given(st.lists(events, max_size=80), st.text(max_size=8))
def test_every_card_of_the_rack_is_somewhere_once(sequence, seed):
    state = replay(apply_cyphers, new_rack(RACK, seed), sequence).state
    assert sorted(state.deck + state.hand + state.discard + state.lasting) == sorted(RACK)
    assert set(state.turn_only) <= set(state.lasting) and set(state.on) <= set(state.lasting)
    over = turn_ends(state)  # the turn's cards expire: still every card once, none left due
    assert sorted(over.deck + over.hand + over.discard + over.lasting) == sorted(RACK) and over.turn_only == ()


# The table: two players, tokens and the Pulse tracker.
FORCE = (ArcUnit("Dusk Wolf", "warjack", 3), ArcUnit("Fire Team", "squad", 2), ArcUnit("Hunter", "hero", 2))


def table():
    sides = tuple(WarcasterSide(new_arc(FORCE), new_rack(RACK, f"s{n}")) for n in range(2))
    return new_table(sides, first=0)


def at(state, side, *events):
    for event in events:
        state = apply_table(state, SideEvent(side=side, event=event))
    return state


def both_turns(state, first=(), second=()):
    return at(at(state, 0, Turn(), *first), 1, Turn(), *second)


def test_turns_alternate_from_the_first_player_and_the_pulse_moves_on_the_first_players_turns():
    state = at(table(), 0, Deploy(units=[1]))
    state = at(state, 1, Deploy(units=[1, 2]))
    assert (state.round, state.box) == (0, 0)
    with pytest.raises(Refused, match="it is player 1's turn next"):
        at(state, 1, Turn())
    state = at(state, 0, Turn())
    assert (state.round, state.box, side_summary(state, 0)) == (
        1,
        1,
        "Arc 7 · gates none · on units 0 · hand 5 · Pulse 1.1",
    )
    with pytest.raises(Refused, match="it is not player 2's turn"):
        at(state, 1, Charge(unit=1))
    state = at(state, 1, Turn())
    for _ in range(4):
        state = both_turns(state)
    assert (state.round, state.box, state.ended) == (1, 5, 0)
    state = both_turns(state)
    assert (state.round, state.box, state.ended) == (2, 1, 1)  # past the fifth box: round 1 ended, round 2 began


def test_the_game_lasts_three_pulse_rounds():
    state = table()
    for _ in range(15):
        state = both_turns(state)
    assert (state.round, state.box, state.over) == (3, 5, False)
    state = at(state, 0, Turn())
    assert (state.ended, state.over, side_summary(state, 1).endswith("Pulse over")) == (3, True, True)
    with pytest.raises(Refused, match="the game ended with Pulse round 3"):
        at(state, 1, Turn())


def test_the_pulse_rounds_end_expires_lasting_cyphers_and_removes_every_token():
    state = at(at(table(), 0, Deploy(units=[1, 0])), 1, Deploy(units=[1]))
    lasting = state.sides[0].cyphers.hand[0]
    state = at(state, 0, Turn(), Play(card=lasting, lasts="pulse"), Activate(unit=1))
    assert (state.sides[0].cyphers.lasting, state.sides[0].tokens) == ((lasting,), {1})
    state = at(state, 1, Turn())
    for _ in range(4):
        state = both_turns(state)
    state = at(state, 0, Turn())
    assert (state.sides[0].cyphers.lasting, state.sides[0].tokens, state.ended) == ((), frozenset(), 1)
    assert lasting in state.sides[0].cyphers.discard


def test_a_turn_activates_one_unit_and_one_more_solo_and_readies_when_all_have_tokens():
    state = at(at(table(), 0, Deploy(units=[0])), 1, Deploy(units=[1]))
    state = at(state, 0, Turn(), Activate(unit=0))
    with pytest.raises(Refused, match="Dusk Wolf has an activation token"):
        at(state, 0, Activate(unit=0))
    state = at(state, 1, Turn())
    state = at(state, 0, Turn())  # all its units in play had tokens: the Ready Phase removed them
    assert state.sides[0].tokens == frozenset()
    both = at(table(), 0, Deploy(units=[0, 2]))
    both = at(at(both, 1, Deploy(units=[1])), 0, Turn(), Activate(unit=0), Activate(unit=2))
    assert both.sides[0].tokens == {0, 2}
    two_units = at(at(table(), 0, Deploy(units=[0, 1])), 1, Deploy(units=[1]))
    with pytest.raises(Refused, match="one unit and one more solo"):
        at(two_units, 0, Turn(), Activate(unit=0), Activate(unit=1))


def test_the_steps_of_one_turn_are_shared_by_arc_and_cyphers():
    state = at(table(), 0, Turn(), PlaceGate(arc=5))
    card = state.sides[0].cyphers.hand[0]
    with pytest.raises(
        Refused, match="playing a Cypher belongs to the Cypher step after activating, but this turn has reached placing"
    ):
        at(state, 0, Play(card=card))
    state = at(at(state, 1, Turn()), 0, Turn(), Deploy(units=[1], gate=1))
    state = at(at(state, 1, Turn()), 0, Turn(), Recall(unit=1))
    assert state.sides[0].arc.well == 7 - 5 + 2


def test_the_events_read_back_from_a_toml_like_table_as_their_own_kinds():
    events = [
        SideEvent(side=0, event=Deploy(units=[1, 2])),
        SideEvent(side=0, event=Turn()),
        SideEvent(side=0, event=Play(card="cryo-lock", when="before", lasts="pulse")),
        SideEvent(side=1, event=Activate(unit=3)),
        SideEvent(side=1, event=PlaceGate(arc=5, by=2)),
    ]
    assert [SideEvent.model_validate(event.model_dump()) for event in events] == events
