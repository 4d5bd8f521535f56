"""What Warcaster's battle keys offer a player (`spending`'s state read for a chooser): the hand, the void gates and
their moves, the units a card may be played on, each with why the book refuses it now; what a unit holds."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from builder.games.warcaster import steps
from builder.games.warcaster.arc import GATE_LIMIT, MAX_GATES
from builder.games.warcaster.cyphers import Play, is_fury, next_when
from builder.games.warcaster.spending import Spend, apply, card_name, parse, setting_up
from builder.games.warcaster.targets import ONLY, check_target
from builder.resources import Refused, why_refused
from builder.turns import Moment


def hand(spend: Spend, side: int) -> list[tuple[str, str]]:
    """The player's hand: (card id, its name) each."""
    loaded = spend.seating.rosters[side]
    return [(card, card_name(loaded, card)) for card in spend.table.sides[side].cyphers.hand]


def gates(spend: Spend, side: int) -> list[tuple[int, int]]:
    """The player's void gates in play: (number, Arc on it) each."""
    return sorted(spend.table.sides[side].arc.gates.items())


GATE_DAMAGE = "1 Arc cleared a point; at 0 it collapses"


def gate_moves(spend: Spend, side: int, moment: Moment) -> list[tuple[str, str, str, str]]:
    """What the void-gate key offers the side at `moment`, as (key, label, detail, why the book refuses it now or
    ""): a new gate while it has fewer than two in play, then for each gate in play 1 Arc charged from the well,
    1 Arc cleared back to it, and damage taken."""
    arc = spend.table.sides[side].arc
    moves: list[tuple[str, str, str, dict[str, Any]]] = []
    if len(arc.gates) < MAX_GATES:
        most = min(GATE_LIMIT, arc.well)
        moves.append(("place", "Place a void gate", f"up to {most} Arc", {"kind": "place-gate", "arc": most}))
    for n, held in sorted(arc.gates.items()):
        charged = f"{held} of {GATE_LIMIT} Arc, 1 from the well"
        moves += [
            (f"charge:{n}", f"Charge gate {n}", charged, {"kind": "charge", "gate": n}),
            (f"clear:{n}", f"Clear gate {n}", f"{held} Arc, 1 back to the well", {"kind": "clear", "gate": n}),
            (f"damage:{n}", f"Damage gate {n}", GATE_DAMAGE, {"kind": "gate-damage", "gate": n, "damage": 1}),
        ]
    if setting_up(spend):  # a gate is placed at a turn's end: now, it would begin the first turn at its last steps
        said = "the set-up places no gate: deploy, then play turn 1.1, whose end places one"
        return [(key, label, detail, said) for key, label, detail, _ in moves]
    return [(key, label, detail, refusal(spend, side, moment, event)) for key, label, detail, event in moves]


def refusal(spend: Spend, side: int, moment: Moment, event: dict[str, Any]) -> str:
    """Why the book refuses the side's event at `moment` ("" when it allows it), tried on the state as it is."""
    return why_refused(lambda state, done: apply(state, side, moment, done), spend, parse(event))


def refused_alone(reasons: Sequence[str], none: str) -> str | None:
    """What to say instead of a chooser whose every option the book refuses for one reason (or which has no option:
    `none`), as a sentence ("The hand is empty."); None where there is something to choose."""
    said = set(reasons) if reasons else {none}
    if len(said) != 1 or "" in said:
        return None
    reason = said.pop()
    return f"{reason[:1].upper()}{reason[1:]}."


def well(spend: Spend, side: int) -> int:
    return spend.table.sides[side].arc.well


def place_arcs(spend: Spend, side: int) -> list[int]:
    """The Arc a void gate placed now may be charged with: "up to 5", so none (0) too, from the well's Arc."""
    return list(range(min(GATE_LIMIT, well(spend, side)) + 1))


def cypher_when(spend: Spend, side: int) -> str:
    """Whether a Cypher the side plays now is played before activating or after, as the turn's order has it."""
    return next_when(spend.table.sides[side].synced().cyphers)


def played_before_unactivated(spend: Spend, side: int) -> bool:
    """Whether the side played its Cypher before activating and has activated nothing since: a card played now would
    be its "after" one and pass the activation by (the screen says so instead; a file or code keeps the book's order
    as recorded)."""
    cyphers = spend.table.sides[side].synced().cyphers
    return cyphers.played_before and cyphers.step < steps.ACTIVATION


NO_FURY_TARGET = "no enemy unit or void gate in play for a Fury to target"


def card_moves(spend: Spend, side: int, moment: Moment, kind: str) -> list[tuple[str, str, str, str]]:
    """The side's hand as the Cypher keys offer it to `kind` (play or discard) at `moment`: (card, name, its type,
    why the book refuses it now or ""); a card played on a unit of the side's own needs one it may be played on, a
    Fury an enemy model to target (a unit or a void gate: a gate is a model)."""
    found = []
    enemy = spend.table.sides[1 - side].arc
    for card, name in hand(spend, side):
        reason = refusal(spend, side, moment, {"kind": kind, "card": card})
        if kind == "play" and not reason and card_type(spend, side, card) == "fury":
            if not enemy.in_play and not enemy.gates:
                reason = NO_FURY_TARGET
        elif kind == "play" and not reason and card_type(spend, side, card) is not None:
            refused = [why for *_, why in targets(spend, side, card)]
            if all(refused):  # a unit of the side's own it may be played on: none, or one the book refuses
                reason = refused[0] if len(refused) == 1 else "no unit of yours in play it may be played on now"
        found.append((card, name, (card_type(spend, side, card) or "").capitalize(), reason))
    return found


def card_lasts(spend: Spend, side: int, card: str) -> str | None:
    """How long the card stays in play once played, as its catalogue entry says (resolved, turn or pulse), or None
    where the catalogue does not know the card."""
    face = spend.table.sides[side].cyphers.faces.get(card)
    return face.lasts if face is not None else None


def card_type(spend: Spend, side: int, card: str) -> str | None:
    """The card's Cypher type (fury, geometric, harmonic, overdrive), or None where the catalogue does not know it."""
    face = spend.table.sides[side].cyphers.faces.get(card)
    return face.type if face is not None else None


def targets(spend: Spend, side: int, card: str) -> list[tuple[int, str, str, str]]:
    """The units in play the side's card may be played on, as (roster index, name, unit type, why the book forbids
    it or ""): a Fury's the enemy's, a Geometric's the side's squads, an Overdrive's its warjacks, a Harmonic's any
    of its units (a card naming one type of unit, as Encrypted Command does solos: those); one already affected by a
    card of the type says so."""
    kind = card_type(spend, side, card)
    mine, theirs = spend.table.sides[side], spend.table.sides[1 - side]
    arc = theirs.arc if kind == "fury" else mine.arc
    face = mine.cyphers.faces.get(card)
    only = (face.only if face is not None else None) or (ONLY[kind][0] if kind is not None and kind in ONLY else None)
    found = []
    for unit in sorted(arc.in_play):
        if only is None or arc.units[unit].type == only:
            try:
                check_target(mine.cyphers, mine.arc, theirs.arc, Play(card=card, on=unit))
                reason = ""
            except Refused as refused:
                reason = refused.finding.message
            found.append((unit, arc.units[unit].name, arc.units[unit].type, reason))
    return found


def unit_words(spend: Spend, side: int, unit: int) -> str:
    """What the side's unit in play holds, for its detail: "Arc 1 of 3 · activated" ("" for a unit not in play)."""
    mine = spend.table.sides[side]
    if unit not in mine.arc.in_play:
        return ""
    words = f"Arc {mine.arc.in_play[unit]} of {mine.arc.units[unit].limit}"
    return words + (" · activated" if unit in mine.tokens else "")


def held(spend: Spend, side: int, unit: int) -> list[str]:
    """What the side's unit in play holds, as words beside its name: its Arc where it has any, its activation token
    ([] for one holding neither, or not in play)."""
    mine = spend.table.sides[side]
    arc = mine.arc.in_play.get(unit, 0)
    return [f"Arc {arc}"] * bool(arc) + ["activated"] * (unit in mine.tokens)


def on_unit(spend: Spend, side: int, unit: int) -> list[str]:
    """The Cyphers affecting one of the side's units: its player's own played on it, then the enemy's Furies."""
    rosters, mine, theirs = spend.seating.rosters, spend.table.sides[side].cyphers, spend.table.sides[1 - side].cyphers
    own = [card_name(rosters[side], c) for c, u in mine.on.items() if u == unit and not is_fury(mine, c)]
    enemy = [
        f"{card_name(rosters[1 - side], c)} (enemy's)" for c, u in theirs.on.items() if u == unit and is_fury(theirs, c)
    ]
    return own + enemy
