"""What the battle screen's void-gate key offers (place a gate while fewer than two are in play; charge, clear or
damage each one in play) and when a Cypher played now is played, as plain functions of the turn's state; then one
app run for the wiring: `p` and `a` deploy and charge, `q` places and damages a gate, `m` spikes a unit, Ctrl+Z takes
a deploy back with the spent line following, `n` asks before ending a turn that activated no unit in play, and
the help names only this game's keys."""

from __future__ import annotations

import shutil

from textual.widgets import Label, OptionList

from builder.battles import new_battle
from builder.battles.session import BattleSession
from builder.cli import main
from builder.editing.storage import Store
from builder.games.warcaster import offers
from builder.tui.app import make_app
from builder.tui.dialogs.help import keys_for
from tests.conftest import EXAMPLES
from tests.fixtures.tui.pilot import notifications, paste


def skirmish_battle(tmp_path, **options):
    """A battle of two copies of the bundled skirmish force, no turn played."""
    shutil.copy(EXAMPLES / "warcaster-firebrand.toml", tmp_path / "skirmish.toml")
    path = tmp_path / "battle.toml"
    new_battle(tmp_path / "skirmish.toml", str(tmp_path / "skirmish.toml"), path, **options)
    return path


def test_the_gate_key_offers_a_new_gate_then_each_gate_in_play_charged_cleared_or_damaged(tmp_path):
    session = BattleSession(skirmish_battle(tmp_path), Store(tmp_path / "data"))
    moves = lambda side: offers.gate_moves(session.result.spending.state, side, session.ledger.moment())
    setup = "the set-up places no gate: deploy, then play turn 1.1, whose end places one"
    assert moves(0) == [("place", "Place a void gate", "up to 5 Arc", setup)]  # it would skip turn 1.1's steps
    session.spend(0, {"kind": "deploy", "units": [0]}, "deploy Firebrand")
    session.spend(0, {"kind": "charge", "unit": 0}, "charge Firebrand")
    session.spend(0, {"kind": "place-gate", "arc": 3}, "a void gate with 3 Arc")
    phase = "belongs to the Charging Phase, but this turn has reached placing a void gate (steps go in order)"
    assert moves(0) == [
        ("place", "Place a void gate", "up to 3 Arc", "one void gate placed a turn"),
        ("charge:1", "Charge gate 1", "3 of 5 Arc, 1 from the well", f"charging {phase}"),
        ("clear:1", "Clear gate 1", "3 Arc, 1 back to the well", f"clearing Arc {phase}"),
        ("damage:1", "Damage gate 1", "1 Arc cleared a point; at 0 it collapses", ""),
    ]
    assert moves(1)[0][:3] == ("place", "Place a void gate", "up to 5 Arc")  # the other side's
    assert "Well 3 Arc · void gates: gate 1: 3 Arc" in session.result.spending.details(0)  # the unit said


def test_a_gate_is_placed_with_none_up_to_5_arc_from_the_well(tmp_path, capsys):
    """The book: "you may charge it with up to 5 Arc", so 0 is offered too (and taken from the command line)."""
    path = skirmish_battle(tmp_path)
    session = BattleSession(path, Store(tmp_path / "data"))
    assert offers.place_arcs(session.result.spending.state, 0) == [0, 1, 2, 3, 4, 5]  # the well holds 7
    session.spend(0, {"kind": "deploy", "units": [0]}, "deploy Firebrand")
    session.spend(0, {"kind": "charge", "unit": 0}, "charge Firebrand")
    session.spend(0, {"kind": "place-gate", "arc": 3}, "a void gate with 3 Arc")
    assert offers.place_arcs(session.result.spending.state, 0) == [0, 1, 2, 3]  # the well's 3 left
    (tmp_path / "cli").mkdir()
    path = skirmish_battle(tmp_path / "cli")  # a battle of its own, from the command line
    for words in (["deploy", "Firebrand"], ["charge", "Firebrand"]):
        assert main(["battle", "arc", str(path), "--side", "us", *words]) == 0
    capsys.readouterr()
    assert main(["battle", "arc", str(path), "--side", "us", "gate", "--arc", "0"]) == 0
    said = "Matt's Alliance skirmish: Arc 6 · gates 0 · on units 1 · hand 5 · Pulse 1.1\n"
    assert capsys.readouterr().out == said


def test_a_cypher_played_now_is_before_activating_until_the_unit_has_activated(tmp_path):
    session = BattleSession(skirmish_battle(tmp_path), Store(tmp_path / "data"))
    session.spend(0, {"kind": "deploy", "units": [0]}, "deploy Firebrand")
    session.spend(0, {"kind": "charge", "unit": 0}, "charge Firebrand")
    state = lambda: session.result.spending.state
    assert offers.cypher_when(state(), 0) == "before" and not offers.played_before_unactivated(state(), 0)
    # any card but a Fury, which needs an Arc Relay model in play (the hand is dealt from the battle's own seed)
    card = next(card for card, _ in offers.hand(state(), 0) if offers.card_type(state(), 0, card) != "fury")
    session.spend(0, {"kind": "play", "card": card}, "a card before activating")
    assert offers.played_before_unactivated(state(), 0)  # the screen says to activate first
    session.spend(0, {"kind": "activate", "unit": 0}, "Firebrand activates")
    assert offers.cypher_when(state(), 0) == "after" and not offers.played_before_unactivated(state(), 0)


async def test_q_places_and_damages_a_gate_m_spikes_a_unit_and_the_help_names_only_this_games_keys(tmp_path):
    path = skirmish_battle(tmp_path, scenario="boiling-point")
    app = make_app(path, data_dir=tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        line = lambda: str(screen.query_one("#spend-lines").render()).splitlines()[0]
        said = notifications(app)
        await pilot.press("p", "a", "q", "enter", *"3", "enter")  # deployed, charged, a gate placed with 3 Arc
        await pilot.pause()
        assert said[0] == (  # the charge began turn 1.1: the set-up is over for the opponent too
            "Turn 1.1 has begun, and with it the set-up is over: Matt's Alliance skirmish (the opponent's) deployed "
            "nothing in it (Ctrl+Z takes this back)."
        )
        assert line().startswith("Matt's Alliance skirmish (ours): Arc 3 · gates 3 · on units 1 ·"), line()
        row = str(screen.query_one("#side-0", OptionList).get_option_at_index(0).prompt).splitlines()[0]
        tag = "in play · Arc 1".replace(" ", "\xa0")  # kept whole: its spaces are no-break ones
        assert row == f"Firebrand  2/2  {tag}"
        await pilot.press("m")  # the charged Firebrand spikes
        await pilot.pause()
        assert screen.session.ledger.spent[-1].event == {"kind": "spike", "unit": 0}
        await pilot.press("q")
        await paste(pilot, "damage gate 1")  # (clearing belongs to the Charging Phase)
        await pilot.press("enter", "2", "enter")
        await pilot.pause()
        assert screen.session.ledger.spent[-1].event == {"kind": "gate-damage", "gate": 1, "damage": 2}
        assert line().startswith("Matt's Alliance skirmish (ours): Arc 6 · gates 1 ·"), line()
        card = screen.session.result.spending.state.table.sides[0].cyphers.hand[0]
        await pilot.press("z", "enter")  # the first card discarded, and said
        await pilot.pause()
        assert screen.session.ledger.spent[-1].event == {"kind": "discard", "card": card}
        assert said[-1].startswith("Matt's Alliance skirmish (ours) discarded ")
        await pilot.press("u")  # the turn's end: the hand drawn up again
        await pilot.pause()
        assert said[-1] == "Matt's Alliance skirmish (ours) drew 1 Cypher (hand 5)"  # a mirror match: told apart
        # (a second draw in the turn refused, nothing recorded: tests/test_warcaster_draw.py; the key's refusals are
        # said as every refusal is, the deploy through a gate short of Arc below)
        await pilot.press("n")  # the Firebrand in play never activated: the turn's end is asked, not passed
        await pilot.pause()
        question = str(app.screen.query_one(".dialog-question", Label).render())
        assert question == (
            "Matt's Alliance skirmish (ours) activated no unit (a player with a unit in play activates one each turn).\n"
            "t activates the highlighted unit."
        )
        whose = lambda: screen.session.result.spending.state.table.player
        assert whose() == 0
        await pilot.press("escape")  # Cancel: the turn goes on
        await pilot.pause()
        assert app.screen is screen and whose() == 0
        await pilot.press(
            "n", "e", "n", "down", "p"
        )  # ended; our next turn: the Paladin Annihilators, through the gate
        await pilot.pause()
        assert said[-1] == "Gate 1 has 1 Arc, not the 3 DC of the units deployed.", "said alone, as a sentence"
        await pilot.press("down", "down", "p")  # the Paladin Weaver (DC 1)
        await pilot.pause()
        assert screen.session.ledger.spent[-1].event == {"kind": "deploy", "units": [3], "gate": 1}, "the one gate"
        collapsed = "Matt's Alliance skirmish (ours): Arc 7 · gates none · on units 0 · hand 5 · Pulse 1.2"
        assert line() == collapsed
        await pilot.press("ctrl+z")  # undone: the line follows
        assert line() == "Matt's Alliance skirmish (ours): Arc 6 · gates 1 · on units 0 · hand 5 · Pulse 1.2"
        rows = "\n".join(what for _, keys in keys_for(screen) for _, what in keys)  # the rows F1 shows
        assert "charge, clear or damage one in play" in rows and "spikes: 1 Arc back to the well" in rows
        assert "Leader" not in rows and "in reserve; reserves count as lost" not in rows, rows


def test_a_reason_refusing_every_gate_or_card_is_said_alone_as_a_sentence_where_the_chooser_would_offer_nothing():
    """`p` through the void gates and `y`/`z` from the hand: one reason for every option (the one gate short of
    Arc, or both gates after a recall) is said as a sentence, where a chooser would offer only refused options;
    reasons that differ, or an option allowed, open the chooser."""
    none = "the hand is empty"
    assert offers.refused_alone([], none) == "The hand is empty."
    assert offers.refused_alone(["gate 1 has 1 Arc, not the 3 DC of the units deployed"], none) == (
        "Gate 1 has 1 Arc, not the 3 DC of the units deployed."
    )
    recalled = "this turn recalled a unit: it deploys none"
    assert offers.refused_alone([recalled, recalled], none) == "This turn recalled a unit: it deploys none."
    assert offers.refused_alone([recalled, ""], none) is None
    assert offers.refused_alone(["gate 1 has 1 Arc, not 3", "gate 2 has 2 Arc, not 3"], none) is None
