"""Warcaster's battle screen: every unit starts in reserve, is deployed into play, and may come back destroyed."""

from __future__ import annotations

from textual import work
from textual.binding import Binding
from textual.content import Content

from builder.battles.model import UnitMark
from builder.battles.report import Side
from builder.battles.tracks import WHERE, UnitState
from builder.editing.base import Choice
from builder.games.warcaster import offers, spending, turn_said
from builder.games.warcaster.marks import deploy
from builder.games.warcaster.track import deployed
from builder.tui.dialogs.confirm import ConfirmDialog
from builder.tui.screens.battle import BattleScreen
from builder.tui.screens.battle_keys import BOX_KEYS, RESTORE_KEY, TABLE_KEYS, spent_key
from builder.tui.screens.battle_scenario import SCENARIO_BINDINGS
from catalog.wording import counted

HINTS = {
    "reserve": "p deploys it",
    "play": "p recalls it to the reserves",
    "removed": "a destroyed hero does not come back",
}
"""What `p` does for a unit, by where it is."""
LASTS = [
    Choice("resolved", "Until resolved", "then discarded"),
    Choice("turn", "Until this turn ends", "it stays on the unit"),
    Choice("pulse", "Until the Pulse round ends", "it stays on the unit"),
]
"""How long a Cypher the catalogue does not know stays in play, asked as it is played."""
STAYS = {"resolved": "", "turn": ", in play until this turn ends", "pulse": ", in play until the Pulse round ends"}


class WarcasterBattle(BattleScreen):
    """Where each unit is (reserve, play, removed) beside its boxes; `p` deploys or recalls it."""

    BINDINGS = [
        *BOX_KEYS,
        RESTORE_KEY,
        Binding(
            "p",
            "deploy",
            "Deploy",
            tooltip="Deploy the unit from the reserves (its DC cleared from a void gate), or recall it",
        ),
        *TABLE_KEYS,
        spent_key(
            "The hand, Arc and gates of the player whose turn it is in full (a hand is private), and the others' lines"
        ),
        Binding("a", "spend_charge", "Charge", tooltip="Charge the highlighted unit with 1 Arc from the well"),
        Binding("x", "spend_clear", "Clear Arc", tooltip="Clear 1 Arc from the highlighted unit back to the well"),
        Binding("q", "spend_gate", "Void gates", tooltip="Place a void gate, or charge, clear or damage one in play"),
        Binding("m", "spend_spike", "Spike", tooltip="The highlighted charged unit spikes: 1 Arc back to the well"),
        Binding("t", "spend_activate", "Activate", tooltip="The highlighted unit activates (its token placed)"),
        Binding("y", "spend_play", "Play Cypher", tooltip="Play a Cypher from the hand of the highlighted side"),
        Binding("z", "spend_discard", "Discard", tooltip="Discard a Cypher from the hand"),
        Binding("u", "spend_draw", "Draw up", tooltip="Draw up to a full hand at the turn's end"),
        *SCENARIO_BINDINGS,
    ]

    FOOTER_FIRST = (*BattleScreen.FOOTER_FIRST, "deploy")

    def side_note(self, side: Side) -> str:
        return places_note(side)

    def unit_tag(self, side: int, state: UnitState) -> tuple[str, str]:
        if not state.where:
            return "", ""
        words, spend = [WHERE[state.where]], self._state()
        if state.where == "play" and spend is not None:
            words += offers.held(spend, side, state.track.index)
        tag = " · ".join(words).replace(" ", "\N{NO-BREAK SPACE}")  # wrapped as a whole, never mid-tag
        return f"  {tag}", "$success" if state.where == "play" else "dim"

    def unit_track(self, state: UnitState) -> str:
        back = f"destroyed {state.returned}×, " if state.returned else ""
        return back + super().unit_track(state)

    def out_of_the_fight(self, state: UnitState) -> bool:
        return state.destroyed or state.where == "reserve"

    def detail_lines(self, state: UnitState) -> list[Content]:
        heading, *rest = super().detail_lines(state)
        if not state.where:
            return [heading, *rest]
        back = f" · destroyed {state.returned}× so far" if state.returned else ""
        spend, chosen = self._state(), self.selected()
        setting_up = spend is not None and spending.setting_up(spend) and state.where == "play"
        hint = "p takes its set-up deployment back" if setting_up else HINTS[state.where]
        lines = [heading, Content(f"{WHERE[state.where]}{back} ({hint})"), *rest]
        if spend is None or not chosen:
            return lines
        held = offers.unit_words(spend, chosen[0], state.track.index)
        cards = offers.on_unit(spend, chosen[0], state.track.index)
        more = ([Content(held)] if held else []) + ([Content(f"Cyphers on it: {', '.join(cards)}")] if cards else [])
        return [*lines[:2], *more, *lines[2:]]

    def spend(self, side: int | None, event: dict, label: str, mark: tuple[int, UnitMark] | None = None) -> bool:
        """Record it; the first thing done in turn 1.1 ends the set-up for both players, which is said where a player
        deployed nothing in it (the book has each deploy up to 5 DC first; Ctrl+Z takes the event back)."""
        before = self._state()
        done = super().spend(side, event, label, mark)
        after = self._state()
        if done and before is not None and after is not None and spending.setting_up(before):
            empty = [self.seat_name(n) for n, s in enumerate(after.table.sides) if not s.arc.in_play and not s.tokens]
            if not spending.setting_up(after) and empty:
                self.notify(
                    f"Turn 1.1 has begun, and with it the set-up is over: {' and '.join(empty)} deployed nothing in it "
                    "(Ctrl+Z takes this back).",
                    title="The set-up is over",
                    severity="warning",
                    timeout=8,
                )
        return done

    def action_turn(self, step: int) -> None:
        """The next player's turn; where this one leaves undone what every turn asks of its player (a unit activated,
        the hand drawn back up), asked first, for a key pressed early would end the book's turn unseen."""
        state = self._state()
        undone = turn_said.left_undone(state) if state is not None and step > 0 else None
        if undone is None:
            super().action_turn(step)
        else:
            self._ask_unfinished(step, undone)

    @work(exclusive=True, group="ask")
    async def _ask_unfinished(self, step: int, undone: turn_said.Undone) -> None:
        keys = []
        if undone.activation:
            keys.append("t activates the highlighted unit")
        if undone.draw_up is not None:
            keys.append("u draws the hand back up")
        question = f"{self.seat_name(undone.player)} {turn_said.undone_words(undone)}.\n{'; '.join(keys)}."
        answers = [("on", "End the turn"), ("cancel", "Cancel")]
        if await self.app.push_screen_wait(ConfirmDialog("The turn is not finished", question, answers)) == "on":
            super().action_turn(step)

    def _state(self) -> spending.Spend | None:
        found = self.session.result.spending
        return found.state if found is not None and isinstance(found.state, spending.Spend) else None

    @work(exclusive=True, group="ask")
    async def action_deploy(self) -> None:
        """Deploy or recall the unit; where Arc is tracked, its DC cleared from the gate chosen (none in the
        set-up), or its Arc cleared when recalled, in the same change."""
        chosen, state = self.selected(), self._state()
        if chosen is None:
            return
        if state is None:
            self._mark(lambda side, index: deploy(self.session, side, index))
            return
        side, index = chosen
        track = self.session.track(side, index)
        try:
            mark = deployed(track, self.session.mark(side, index))
        except ValueError as exc:
            self.notify(str(exc), title="Not allowed", severity="error", timeout=5)
            return
        if track.state(mark).where != "play":
            recall = spending.recall_event(state, index)
            done = "taken back from the set-up" if recall["kind"] == "take-back" else "recalled"
            self.spend(side, recall, f"{track.name} {done}", (side, mark))
            return
        event: dict = {"kind": "deploy", "units": [index]}
        if not spending.setting_up(state):
            moment = self.session.ledger.moment()
            gates = [
                Choice(str(n), f"Gate {n}", f"{arc} Arc", offers.refusal(state, side, moment, {**event, "gate": n}))
                for n, arc in offers.gates(state, side)
            ]
            # (a gate is placed after the Deployment Phase: it serves the next turn, not this one)
            none = "no void gate in play to deploy through: place one (q) at this turn's end, deploy next turn"
            if said := offers.refused_alone([gate.reason for gate in gates], none):
                self.notify(said, title="Not allowed", severity="error", timeout=5)
                return
            gate = (
                gates[0].key if len(gates) == 1 else await self.ask(f"Deploy {track.name} through which gate?", gates)
            )
            if gate is None:
                return
            event["gate"] = int(gate)
        self.spend(side, event, f"{track.name} deployed", (side, mark))

    def _unit_event(self, kind: str, verb: str) -> None:
        if (chosen := self.selected()) is not None:
            side, index = chosen
            self.spend(side, {"kind": kind, "unit": index}, f"{self.session.track(side, index).name} {verb}")

    def action_spend_charge(self) -> None:
        self._unit_event("charge", "charged")

    def action_spend_clear(self) -> None:
        self._unit_event("clear", "cleared")

    def action_spend_activate(self) -> None:
        self._unit_event("activate", "activates")

    def action_spend_spike(self) -> None:
        self._unit_event("spike", "spiked")

    @work(exclusive=True, group="ask")
    async def action_spend_gate(self) -> None:
        """The side's void gates: place one, or charge, clear or damage one in play."""
        state, side = self._state(), self.last_side
        if state is None:
            return
        moment = self.session.ledger.moment()
        moves = [Choice(*move) for move in offers.gate_moves(state, side, moment)]  # one the book refuses: said
        move = await self.ask(f"{self.seat_name(side)}: void gates", moves)
        if move is None:
            return
        verb, _, number = move.partition(":")
        if verb == "place":
            amounts = offers.place_arcs(state, side)  # 0 too: a gate without Arc collapses at its first damage
            arcs = [Choice(str(n), f"{n} Arc", current=n == amounts[-1]) for n in amounts]
            arc = await self.ask("Place a void gate with how much Arc?", arcs)
            if arc is not None:
                self.spend(side, {"kind": "place-gate", "arc": int(arc)}, f"a void gate with {arc} Arc")
        elif verb == "damage":
            held = dict(offers.gates(state, side))[int(number)]
            points = await self.ask(
                f"Gate {number} takes how much damage?", [Choice(str(n), str(n)) for n in range(1, max(held, 1) + 1)]
            )
            if points is not None:
                event = {"kind": "gate-damage", "gate": int(number), "damage": int(points)}
                self.spend(side, event, f"gate {number} damaged")
        else:
            done = {"charge": "charged", "clear": "cleared"}[verb]
            self.spend(side, {"kind": verb, "gate": int(number), "amount": 1}, f"gate {number} {done}")

    async def _card(self, kind: str, title: str) -> str | None:
        """A card of the side's hand to play or discard; one the book refuses now is said in the chooser, and a reason
        that refuses every card is said alone."""
        state = self._state()
        if state is None:
            return None
        side = self.last_side
        moves = offers.card_moves(state, side, self.session.ledger.moment(), kind)
        if said := offers.refused_alone([reason for *_, reason in moves], "the hand is empty"):
            self.notify(said, title="Not allowed", severity="error", timeout=5)
            return None
        return await self.ask(f"{self.seat_name(side)}: {title}", [Choice(*move) for move in moves])

    @work(exclusive=True, group="ask")
    async def action_spend_play(self) -> None:
        """The card, the unit it is played on (a Fury's: the enemy's, or none named), and how long it lasts."""
        state, side = self._state(), self.last_side
        if state is not None and offers.played_before_unactivated(state, side):
            self.notify(  # else taken as the "after" card, passing the activation by unseen
                "A Cypher was played before activating already: activate a unit (t) first, then play one after.",
                title="Not allowed",
                severity="error",
                timeout=5,
            )
            return
        card = await self._card("play", "play which Cypher?")
        if card is None or state is None:
            return
        name = dict(offers.hand(state, side))[card]
        event: dict = {"kind": "play", "card": card}
        kind = offers.card_type(state, side, card)
        if kind is not None:
            fury = kind == "fury"
            offered = [
                Choice(str(unit), said, type_, reason)
                for unit, said, type_, reason in offers.targets(state, side, card)
            ]
            if fury:
                offered.append(Choice("none", "No target named"))
            if not offered:
                self.notify(f"No unit in play that {name} may be played on.", title="Not allowed", severity="error")
                return
            target = await self.ask(f"Play {name} on which {'enemy ' if fury else ''}unit?", offered)
            if target is None:  # (a unit the book refuses is refused in the chooser, before how long the card lasts)
                return
            if target != "none":
                event["on"] = int(target)
        lasts = offers.card_lasts(state, side, card) or await self.ask(f"{name} lasts", LASTS)  # as its card says
        if lasts is None:
            return
        if lasts != "resolved":
            event["lasts"] = lasts
        played = f"{name} played {offers.cypher_when(state, side)} activating{STAYS[lasts]}"
        if self.spend(side, event, played):
            self.notify(played, timeout=3)

    @work(exclusive=True, group="ask")
    async def action_spend_discard(self) -> None:
        state, side = self._state(), self.last_side
        if (card := await self._card("discard", "discard which Cypher?")) is not None and state is not None:
            name = dict(offers.hand(state, side))[card]
            if self.spend(side, {"kind": "discard", "card": card}, "Cypher discarded"):
                self.notify(f"{self.seat_name(side)} discarded {name}", timeout=3)

    def action_spend_draw(self) -> None:
        state, side = self._state(), self.last_side
        before = len(offers.hand(state, side)) if state is not None else 0
        if self.spend(side, {"kind": "draw"}, "drew up") and (state := self._state()) is not None:
            hand = len(offers.hand(state, side))  # a draw that would draw nothing is refused (cyphers.check_draw)
            self.notify(f"{self.seat_name(side)} drew {counted(hand - before, 'Cypher')} (hand {hand})", timeout=3)


def places_note(side: Side) -> str:
    """How many of the side's units are where ("3 in reserve · 1 in play"), shorter where a hero was removed too
    ("3 reserve · 1 in play · 1 removed"), for the pane's border holds 34 columns at 80."""
    places = [state.where for state in side.states if state.where]
    words = WHERE if "removed" not in places else {**WHERE, "reserve": "reserve"}
    return " · ".join(f"{places.count(key)} {said}" for key, said in words.items() if places.count(key))
