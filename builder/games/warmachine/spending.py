"""Warmachine focus and fury in a battle (`Game.resources`): each player's Leaders, their Control Phase at the start
of the player's turn as the battle's turn reaches it, allocations, spending, healing and the feat."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any

from builder.games.warmachine.focus import (
    Allocate,
    ControlPhase,
    Destroyed,
    Feat,
    FocusState,
    Heal,
    PowerUp,
    Restored,
    Spend,
    Vulnerable,
    apply_focus,
    battlegroups,
    new_focus,
    turn_ended,
)
from builder.resources import (
    ResourceEvent,
    Seating,
    Standing,
    event_reader,
    in_play_unknown,
    keeps_no_places,
    no_place,
    no_reserve_event,
    no_set_up,
    nothing_along,
    reachable,
    refuse,
    said_by_its_line,
)
from builder.turns import Moment

KINDS: tuple[type[ResourceEvent], ...] = (PowerUp, Allocate, Spend, Heal, Feat, Vulnerable, Destroyed, Restored)
"""What a player records (a model destroyed, or marked back: as the tracker marks it); the Control Phase begins with
the player's turn (never recorded). A battle's code names them by their place: new kinds go at the end."""
parse = event_reader(KINDS, "Warmachine focus")
"""A recorded event read back as its own kind (ValueError, one line, for one this game does not know)."""


@dataclass(frozen=True)
class Focus:
    """Each player's Leaders and points, the seating, and the last player turn begun (None: before the first)."""

    sides: tuple[FocusState, ...]
    seating: Seating
    upto: Moment | None = None
    standing: tuple[Standing, ...] = ()
    """The table as it stands now, laid over the sides once every recorded event is replayed (`standing`) and again
    as a turn begins after it: what is recorded next is judged by it, never what was recorded before."""


def start(seating: Seating) -> Focus:
    """The game's start: each Leader with its stat; Execution Mode where the battle plays it."""
    execution = seating.mode == "execution"
    sides = tuple(
        replace(new_focus(battlegroups(loaded.roster, loaded.catalogue), execution), names=_names(loaded))
        for loaded in seating.rosters
    )
    return Focus(sides, seating)


def _names(loaded: Any) -> Mapping[int, str]:
    """Each entry of the army by roster index: its catalogue name (its id where the catalogue has none)."""
    units, catalogue = loaded.roster.units, loaded.catalogue
    return MappingProxyType({i: (e.name if (e := catalogue.entry(u.id)) else u.id) for i, u in enumerate(units)})


def at(focus: Focus, moment: Moment) -> Focus:
    """Each player turn up to `moment` begun with its player's Control Phase, and every other player's turn over
    (every player's Control Phase, where the round has no player turns because nobody is named to go first)."""
    sides = list(focus.sides)
    begun = focus.seating.begun(focus.upto, moment)
    for turn in begun:
        for n in range(len(sides)):
            if turn.turn is None or n == turn.turn:
                sides[n] = apply_focus(sides[n], ControlPhase())
            else:
                sides[n] = turn_ended(sides[n])
    return _laid(replace(focus, sides=tuple(sides), upto=begun[-1])) if begun else focus


def apply(focus: Focus, side: int | None, moment: Moment, event: ResourceEvent) -> Focus:
    if side is None or side >= len(focus.sides):
        refuse("battle/turn", "side", "name the player who does it")
    focus = at(focus, moment)
    state = apply_focus(focus.sides[side], event)  # type: ignore[arg-type]
    return replace(focus, sides=tuple(state if n == side else other for n, other in enumerate(focus.sides)))


def focus_summary(state: FocusState) -> str:
    """The compact line: 'Ava focus 4 · cohort 3 · feat ready' per Leader."""
    parts = []
    for leader in state.leaders:
        cohort = sum(state.holding(model) for model in leader.cohort)
        if leader.index in state.destroyed:
            parts.append(f"{leader.name} destroyed")
            continue
        feat = "feat used" if leader.index in state.feats else "feat ready"
        vulnerable = " · vulnerable" if leader.index in state.vulnerable else ""
        parts.append(
            f"{leader.name} {leader.word} {state.holding(leader.index)} · cohort {cohort} · {feat}{vulnerable}"
        )
    return " | ".join(parts)


def summary(focus: Focus, side: int) -> str:
    return focus_summary(focus.sides[side]) or "no Leader"


def details(focus: Focus, side: int) -> list[str]:
    """Each Leader's points and its battlegroup's."""
    state = focus.sides[side]
    lines = []
    for leader in state.leaders:
        feat = f"feat used in turn {state.feats[leader.index]}" if leader.index in state.feats else "feat ready"
        lines.append(f"{leader.name}: {state.holding(leader.index)} {leader.word} of {leader.stat} · {feat}")
        lines += [f"  {name}: {state.holding(model)}" for model, name in leader.cohort.items()]
    return lines or ["no Leader in this army"]


def as_dict(focus: Focus, side: int) -> dict[str, Any]:
    state = focus.sides[side]
    return {
        "turn": state.turn,
        "leaders": [
            {
                "name": leader.name,
                "word": leader.word,
                "points": state.holding(leader.index),
                "stat": leader.stat,
                "feat": state.feats.get(leader.index),
                "cohort": {name: state.holding(model) for model, name in leader.cohort.items()},
            }
            for leader in state.leaders
        ],
    }


def setting_up(focus: Focus) -> bool:
    """Warmachine's focus has no set-up of its own: the first turn is the first turn."""
    return False


def unfinished(focus: Focus) -> None:
    """Nothing of Warmachine's focus must be done before a turn passes."""
    return None


def healing(focus: Focus, side: int) -> tuple[int, int] | None:
    """The damage a Leader's last heal removes from its own boxes (1 a point; 5 a point in Execution Mode)."""
    state = focus.sides[side] if side < len(focus.sides) else None
    if state is None or not state.healed or state.healed_leader is None:
        return None
    return state.healed_leader, state.healed


def lost(focus: Focus, side: int, unit: int) -> dict[str, Any] | None:
    """A Leader or cohort model destroyed on the tracker loses its points and gains, gives and spends no more (in
    Execution Mode a Leader at 0 boxes stays in play, vulnerable, and is not destroyed until the scenario's Leader
    record says an enemy Leader's attack did it)."""
    if side >= len(focus.sides):
        return None
    state = focus.sides[side]
    leader = any(unit == leader.index for leader in state.leaders)
    cohort = any(unit in leader.cohort for leader in state.leaders)
    if not (leader or cohort) or unit in state.destroyed:
        return None
    return {"kind": "destroyed", "model": unit}


def back(focus: Focus, side: int, unit: int) -> dict[str, Any] | None:
    """A Leader or cohort model destroyed on the tracker by mistake and marked back holds, gains and spends again."""
    destroyed = side < len(focus.sides) and unit in focus.sides[side].destroyed
    return {"kind": "restored", "model": unit} if destroyed else None


def leader_event(focus: Focus, side: int, event: ResourceEvent) -> tuple[int, str] | None:
    """A Leader made vulnerable (`battle focus vulnerable`) is what the scenario's Leader record calls `other`
    (anything but an enemy Leader's attack, Execution Mode): recorded there, as `battle score --leader other` does,
    so the bar, the Leader's row and its focus read one record. A `vulnerable` event a file holds already is read
    as before, by focus alone."""
    execution = side < len(focus.sides) and focus.sides[side].execution  # else refused, as it always was
    return (event.leader, "other") if isinstance(event, Vulnerable) and execution else None


def standing(focus: Focus, standing: tuple[Standing, ...]) -> Focus:
    """Each side's Leaders vulnerable as the scenario's bar and the unit rows show them (Execution Mode: at 0 boxes,
    or recorded so, until its player's next turn begins): what is recorded next is judged by it (no healing)."""
    return _laid(replace(focus, standing=standing))


def _laid(focus: Focus) -> Focus:
    sides = tuple(
        replace(
            state,
            vulnerable=state.vulnerable | focus.standing[n].vulnerable,
            damage=MappingProxyType(dict(focus.standing[n].damage)),
        )
        if n < len(focus.standing)
        else state
        for n, state in enumerate(focus.sides)
    )
    return replace(focus, sides=sides)


out_of_reach = reachable
place_words = no_place
in_reserve = keeps_no_places
nothing_in_play = in_play_unknown
reserve_event = no_reserve_event
along = nothing_along
set_up_over = no_set_up
recorded = said_by_its_line
"""Focus keeps no place for a unit, and each focus line says what was done."""
kinds = KINDS
"""The events a battle records (this module is the `Resources` the game gives the battle engine)."""
shown_unused = True
