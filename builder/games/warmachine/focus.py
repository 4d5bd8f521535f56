"""A Warmachine Leader's focus or fury: replenished to its stat each turn, allocated to its battlegroup, its feat."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import Field

from builder.resources import ResourceEvent, refuse
from catalog.wording import possessive

if TYPE_CHECKING:
    from builder.games.warmachine.catalogue import WarmachineCatalogue
    from builder.games.warmachine.roster import WarmachineRoster

COHORT_LIMIT = 3
"""Focus a warjack holds at most at any time."""
EXECUTION_HEAL = 5
"""Damage a Leader removes from itself per point spent in Execution Mode (1 otherwise)."""

Index = Annotated[int, Field(ge=0, le=9_999)]
Amount = Annotated[int, Field(ge=1, le=99)]


@dataclass(frozen=True)
class Leader:
    """A battlegroup's controller: its roster index, name, stat (FOC) and whether it works with focus or fury, and
    its cohort models by roster index and name."""

    index: int
    name: str
    stat: int
    word: Literal["focus", "fury"] = "focus"
    cohort: Mapping[int, str] = field(default_factory=lambda: MappingProxyType({}))


@dataclass(frozen=True)
class FocusState:
    """One player's Leaders and the points each model holds now (by roster index), the turn's phase (allocating in
    the Control Phase, then spending), the feats used, and Execution Mode's vulnerable Leaders."""

    leaders: tuple[Leader, ...]
    points: Mapping[int, int] = field(default_factory=lambda: MappingProxyType({}))
    turn: int = 0
    control: bool = False
    """In the Control Phase: the player's turn has begun and nothing has been spent in it yet."""
    acting: bool = False
    """The player's own turn is in progress (its models activate): it ends as another player's turn begins."""
    powered: frozenset[int] = frozenset()
    feats: Mapping[int, int] = field(default_factory=lambda: MappingProxyType({}))
    """Leader index -> the turn it used its feat."""
    execution: bool = False
    vulnerable: frozenset[int] = frozenset()
    healed: int = 0
    """Damage the last event removes from a Leader (the battle's track takes it off)."""
    healed_leader: int | None = None
    """The Leader (roster index) `healed` is removed from."""
    destroyed: frozenset[int] = frozenset()
    """Leaders and cohort models destroyed on the tracker: they hold, gain and spend nothing while they are."""
    damage: Mapping[int, int] | None = None
    """Damage on each model as the tracker marks it now, by roster index (None: not known, as for the events a
    battle replays: only what is recorded next is judged by it)."""
    names: Mapping[int, str] = field(default_factory=lambda: MappingProxyType({}))
    """Every entry of the army by roster index: its name, for a refusal that names what is not a Leader."""

    def holding(self, model: int) -> int:
        """The points the model holds now (none while it is destroyed: a mistaken destruction marked back finds
        them as they would be)."""
        return 0 if model in self.destroyed else self.points.get(model, 0)


class ControlPhase(ResourceEvent):
    """The player's turn begins: cohort models' points go, each Leader has exactly its stat (excess lost, the rest
    replenished; a destroyed one holds none while it is destroyed); a vulnerable Leader (Execution Mode) stops being
    vulnerable and 1 damage is removed."""

    kind: Literal["control"] = "control"


class PowerUp(ResourceEvent):
    """A cohort model in its controller's control range gains 1 point in the Control Phase."""

    kind: Literal["power-up"] = "power-up"
    model: Index


class Allocate(ResourceEvent):
    """A Leader gives points to a model of its battlegroup in the Control Phase."""

    kind: Literal["allocate"] = "allocate"
    leader: Index
    model: Index
    amount: Amount = 1


class Spend(ResourceEvent):
    """A model spends points (a boost, an attack, a spell, a shaken effect, a Power Field's 5 prevented)."""

    kind: Literal["spend"] = "spend"
    model: Index
    amount: Amount = 1
    what: str = Field("", max_length=80)


class Heal(ResourceEvent):
    """A Leader spends points to remove damage from itself: 1 per point, 5 per point in Execution Mode."""

    kind: Literal["heal"] = "heal"
    leader: Index
    amount: Amount = 1


class Feat(ResourceEvent):
    """A Leader uses its feat: once a game."""

    kind: Literal["feat"] = "feat"
    leader: Index


class Vulnerable(ResourceEvent):
    """Execution Mode: a Leader that would be destroyed by anything but an enemy Leader's attack stays at 0 boxes."""

    kind: Literal["vulnerable"] = "vulnerable"
    leader: Index


class Destroyed(ResourceEvent):
    """A Leader or cohort model destroyed on the tracker (recorded as it is marked): its points go."""

    kind: Literal["destroyed"] = "destroyed"
    model: Index


class Restored(ResourceEvent):
    """A Leader or cohort model destroyed on the tracker by mistake and marked back (recorded as the correcting mark
    is made): it holds, gains and spends again, as if it had never been destroyed."""

    kind: Literal["restored"] = "restored"
    model: Index


FocusEvent = ControlPhase | PowerUp | Allocate | Spend | Heal | Feat | Vulnerable | Destroyed | Restored
"""Every focus and fury event, told apart by `kind`."""
FocusRecord = Annotated[FocusEvent, Field(discriminator="kind")]
"""One event as a battle file, a battle code or JSON holds it: read back as its own class by `kind`."""


def battlegroups(roster: WarmachineRoster, catalogue: WarmachineCatalogue) -> tuple[Leader, ...]:
    """Each controller of the army with its FOC and the cohort models that name it (fury for a warlock keyword)."""
    leaders = []
    for i, unit in enumerate(roster.units):
        entry = catalogue.entry(unit.id)
        if entry is None or not entry.is_controller:
            continue
        cohort = {
            j: (known.name if (known := catalogue.entry(other.id)) else other.id)
            for j, other in enumerate(roster.units)
            if other.battlegroup == unit.id
        }
        stat = entry.stats.foc if entry.stats and entry.stats.foc is not None else 0
        word: Literal["focus", "fury"] = "fury" if "warlock" in entry.keywords else "focus"
        leaders.append(Leader(i, entry.name, stat, word, MappingProxyType(cohort)))
    return tuple(leaders)


def new_focus(leaders: tuple[Leader, ...], execution: bool = False) -> FocusState:
    """The game's start: each Leader begins with points equal to its stat."""
    return FocusState(leaders, MappingProxyType({leader.index: leader.stat for leader in leaders}), execution=execution)


def apply_focus(state: FocusState, event: FocusEvent) -> FocusState:
    """The state after `event`; Refused (battle/focus or battle/turn) when the book forbids it."""
    state = replace(state, healed=0, healed_leader=None)
    match event:
        case ControlPhase():
            points = {leader.index: leader.stat for leader in state.leaders}
            healed = 1 if state.vulnerable else 0
            return replace(
                state,
                points=MappingProxyType(points),
                turn=state.turn + 1,
                control=True,
                acting=True,
                powered=frozenset(),
                vulnerable=frozenset(),
                healed=healed,
                healed_leader=min(state.vulnerable) if state.vulnerable else None,
            )
        case PowerUp():
            _controlling(state, "power up", "model")
            leader = _controller(state, event.model, "model")
            _standing(state, leader.index, leader.name, "leader")
            _standing(state, event.model, leader.cohort[event.model], "model")
            if event.model in state.powered:
                refuse("battle/focus", "model", f"{leader.cohort[event.model]} powered up this turn already")
            state = _give(state, event.model, 1, leader)
            return replace(state, powered=state.powered | {event.model})
        case Allocate():
            _controlling(state, "allocating", "model")
            leader = _leader(state, event.leader, "allocates {word} to a battlegroup")
            _standing(state, leader.index, leader.name, "leader")
            if event.model not in leader.cohort:
                refuse(
                    "battle/focus", "model", f"model {event.model + 1} is not in {possessive(leader.name)} battlegroup"
                )
            _standing(state, event.model, leader.cohort[event.model], "model")
            _take(state, leader.index, event.amount, leader.name)
            state = _give(state, event.model, event.amount, leader)
            return replace(state, points=_set(state.points, leader.index, state.holding(leader.index) - event.amount))
        case Spend():
            name = _name(state, event.model)
            _standing(state, event.model, name, "model")
            _take(state, event.model, event.amount, name)
            return replace(
                _spending(state), points=_set(state.points, event.model, state.holding(event.model) - event.amount)
            )
        case Heal():
            leader = _leader(state, event.leader, "removes its own damage with {word}")
            _standing(state, leader.index, leader.name, "leader")
            _acting(state, f"{leader.name} removes its own damage in its activation")
            if leader.index in state.vulnerable:
                refuse("battle/focus", "leader", f"{leader.name} is vulnerable: it cannot have damage removed")
            per = EXECUTION_HEAL if state.execution else 1
            _wounded(state, leader, event.amount, per)
            _take(state, leader.index, event.amount, leader.name)
            left = state.holding(leader.index) - event.amount
            kept = _set(state.points, leader.index, left)
            return replace(_spending(state), points=kept, healed=per * event.amount, healed_leader=leader.index)
        case Feat():
            leader = _leader(state, event.leader, "has a feat")
            _standing(state, leader.index, leader.name, "leader")
            if leader.index in state.feats:
                refuse(
                    "battle/focus",
                    "leader",
                    f"{leader.name} used its feat in turn {state.feats[leader.index]}: a feat is used once a game",
                )
            _acting(state, "a feat is used in the Leader's activation")
            feats = MappingProxyType({**state.feats, leader.index: state.turn})
            return replace(_spending(state), feats=feats)
        case Vulnerable():
            leader = _leader(state, event.leader, "becomes vulnerable")
            if not state.execution:
                refuse("battle/focus", "leader", "only in Execution Mode does a Leader become vulnerable")
            return replace(state, vulnerable=state.vulnerable | {leader.index})
        case Destroyed():
            name = _name(state, event.model)
            _standing(state, event.model, name, "model")
            return replace(state, destroyed=state.destroyed | {event.model})
        case Restored():
            name = _name(state, event.model)
            if event.model not in state.destroyed:
                refuse("battle/focus", "model", f"{name} is not destroyed: there is nothing to mark back")
            return replace(state, destroyed=state.destroyed - {event.model})


def turn_ended(state: FocusState) -> FocusState:
    """Another player's turn begins: this player's Control Phase and turn are over (nothing allocated, no feat, no
    healing in its activation until its own next turn)."""
    return replace(state, control=False, acting=False)


def _controlling(state: FocusState, what: str, path: str) -> None:
    if not state.control:
        refuse("battle/turn", path, f"{what} happens in the Control Phase, at the start of the player's turn")


def _acting(state: FocusState, what: str) -> None:
    if not state.acting:
        yet = ": that player's first turn has not come yet" if state.turn == 0 else ""
        refuse("battle/turn", "leader", f"{what}, in its player's own turn{yet}")


def _standing(state: FocusState, model: int, name: str, path: str) -> None:
    if model in state.destroyed:
        refuse("battle/focus", path, f"{name} is destroyed: it has no points to gain, give or spend")


def _wounded(state: FocusState, leader: Leader, amount: int, per: int) -> None:
    """A heal spends no more points than the Leader's damage needs (1 damage a point, `per` in Execution Mode)."""
    if state.damage is None:
        return
    damage = state.damage.get(leader.index, 0)
    most = -(-damage // per)
    if amount <= most:
        return
    if not damage:
        refuse("battle/focus", "amount", f"{leader.name} has no damage to remove")
    each = f" ({per} damage a point in Execution Mode)" if per > 1 else ""
    said = f"{leader.name} has only {damage} damage to remove: {most} {leader.word} at most{each}"
    refuse("battle/focus", "amount", said)


def _spending(state: FocusState) -> FocusState:
    """Spending ends the Control Phase: no more allocating this turn."""
    return replace(state, control=False)


def _leader(state: FocusState, index: int, only: str) -> Leader:
    """The army's Leader at roster `index`; refused, naming the entry, where it is none (`only`: what only a Leader
    does, `{word}` its focus or fury)."""
    found = next((leader for leader in state.leaders if leader.index == index), None)
    if found is None:
        word, name = state.leaders[0].word if state.leaders else "focus", state.names.get(index, f"entry {index + 1}")
        refuse("battle/focus", "leader", f"{name} is not a Leader: only a Leader {only.format(word=word)}")
    return found


def _controller(state: FocusState, model: int, path: str) -> Leader:
    found = next((leader for leader in state.leaders if model in leader.cohort), None)
    if found is None:
        refuse("battle/focus", path, f"entry {model + 1} is in no battlegroup")
    return found


def _give(state: FocusState, model: int, amount: int, leader: Leader) -> FocusState:
    holding = state.holding(model)
    if holding + amount > COHORT_LIMIT:
        refuse(
            "battle/focus",
            "model",
            f"{leader.cohort[model]} holds {COHORT_LIMIT} {leader.word} at most ({holding} on it, {amount} more asked)",
        )
    return replace(state, points=_set(state.points, model, holding + amount))


def _take(state: FocusState, model: int, amount: int, name: str) -> None:
    if amount > state.holding(model):
        word = next(
            (leader.word for leader in state.leaders if model == leader.index or model in leader.cohort), "focus"
        )
        refuse("battle/focus", "amount", f"{name} has {state.holding(model)} {word}, not {amount}")


def _name(state: FocusState, model: int) -> str:
    for leader in state.leaders:
        if model == leader.index:
            return leader.name
        if model in leader.cohort:
            return leader.cohort[model]
    refuse("battle/focus", "model", f"entry {model + 1} is no Leader nor in a battlegroup: it has no points")


def _set(points: Mapping[int, int], model: int, value: int) -> Mapping[int, int]:
    return MappingProxyType({**points, model: value})
