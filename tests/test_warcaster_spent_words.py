"""The spent view lists what a Warcaster player did this turn (or in the set-up) in words: every event kind, units by
name (a Fury's the enemy's), Cyphers by their card's name; a new turn starts the list afresh."""

from __future__ import annotations

from types import SimpleNamespace

from builder.battles.session import BattleSession
from builder.editing.storage import Store
from builder.games.warcaster.arc_events import Charge, Clear, Deploy, Destroyed, GateDamage, PlaceGate, Recall, Spike
from builder.games.warcaster.cyphers import Discard, Draw, Expire, HandSize, Play
from builder.games.warcaster.offers import held
from builder.games.warcaster.spent_words import event_words
from builder.games.warcaster.table import Activate
from tests.test_warcaster_battle_spending import warcaster_battle
from tests.test_warcaster_cypher_targets import at, table


def test_every_event_kind_in_words():
    state = table()
    said = [
        (Charge(unit=0), "Firebrand charged with 1 Arc"),
        (Charge(gate=1, amount=2, rule="Overcharge"), "gate 1 charged with 2 Arc (Overcharge)"),
        (Clear(unit=1), "1 Arc cleared from Paladin Defenders"),
        (Spike(unit=0), "Firebrand spiked"),
        (Deploy(units=[0, 2], gate=2), "Firebrand, Voss deployed through gate 2"),
        (Recall(unit=2), "Voss recalled"),
        (Destroyed(unit=1), "Paladin Defenders destroyed"),
        (PlaceGate(arc=3), "a void gate placed with 3 Arc"),
        (GateDamage(gate=1, damage=2), "gate 1 took 2 damage points"),
        (Activate(unit=0), "Firebrand activated"),
        (Play(card="cryo-lock", on=1), "Cryo Lock played on the enemy's Paladin Defenders"),
        (Play(card="force-barrier", on=1), "Force Barrier played on Paladin Defenders"),
        (Play(card="cypher-03"), "cypher-03 played"),
        (Discard(card="encrypted-command"), "Encrypted Command discarded"),
        (Draw(), "drew up"),
        (HandSize(size=4, discards=["cryo-lock"]), "hand size 4"),
        (Expire(card="force-barrier"), "Force Barrier expired"),
    ]
    assert [(event, event_words(state, 0, event)) for event, _ in said] == said


def test_the_spent_view_lists_the_set_up_then_each_turn_afresh(tmp_path):
    session = BattleSession(warcaster_battle(tmp_path), Store(tmp_path / "data"))
    details = lambda side: session.result.spending.details(side)[0]
    assert details(0) == "Set-up: nothing spent yet"
    session.spend(0, {"kind": "deploy", "units": [0]}, "deploy Firebrand")
    assert (details(0), details(1)) == ("Set-up: Firebrand deployed", "Set-up: nothing spent yet")
    session.spend(0, {"kind": "charge", "unit": 0}, "charge Firebrand")  # the first turn begins
    session.spend(0, {"kind": "activate", "unit": 0}, "Firebrand activates")
    assert details(0) == "This turn (at the Activation Phase): Firebrand charged with 1 Arc · Firebrand activated"
    assert details(1) == "This turn: nothing spent yet", "the step is said for the player whose turn it is"


def test_a_unit_in_play_shows_its_arc_and_its_token_beside_its_name():
    spend = SimpleNamespace(table=at(table(), 0, Charge(unit=0), Activate(unit=0)))  # what `held` reads of a Spend
    assert (held(spend, 0, 0), held(spend, 0, 1), held(spend, 0, 2)) == (["Arc 1", "activated"], [], [])
