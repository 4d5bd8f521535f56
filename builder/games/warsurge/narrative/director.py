"""The enemy's director: each game turn, the enemy units in order from the one closest to a player unit, and what
each does (its Guard role until detected, else its tactic's target), every choice with its reason."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from builder.games.warsurge.narrative.model import Enemy, Stage
from builder.games.warsurge.narrative.showing import tactic_name
from builder.games.warsurge.narrative.table import Dice, EnemyView, PlayerUnit, TableState
from builder.games.warsurge.narrative.tactics import CHOOSERS, Order, Situation
from catalog.wording import possessive, shown

MAX_TACTIC_HOPS = 3
"""A random tactic picks a tactic; none picks another random one (the checks refuse that), so one hop suffices."""


@dataclass
class Direction:
    """The director's word on one game turn."""

    orders: list[Order]
    activated: dict[str, str] = field(default_factory=dict)
    """Guards activated this turn, by id, and why."""
    problems: list[str] = field(default_factory=list)
    """What the table state names that the stage does not have (shown, the rest directed)."""

    @property
    def moves(self) -> dict[str, str]:
        """Guards on Patrol or Roam relocating this turn: unit id -> the square."""
        return {order.enemy: order.move_to for order in self.orders if order.move_to is not None}

    def lines(self) -> list[str]:
        """The warnings (`! …`), then the orders."""
        return self.warnings() + self.order_lines()

    def warnings(self) -> list[str]:
        return [f"! {problem}" for problem in self.problems]

    def order_lines(self) -> list[str]:
        out = []
        for n, order in enumerate(self.orders, 1):
            out.append(f"{n}. {order.line()}")
            out += [f"     - {reason}" for reason in order.reasons]
            out += [f"     rolled {roll}" for roll in order.rolls]
        return out


def enemy_units(stage: Stage) -> list[tuple[str, Enemy]]:
    """Every enemy unit of the stage by id: its letter and its number among its profile's units ("L2")."""
    return [(f"{enemy.letter}{n}", enemy) for enemy in stage.enemies for n in range(1, enemy.units + 1)]


def base_tactic(enemy: Enemy, stage: Stage, view: EnemyView, turn: int, chosen: Mapping[str, str]) -> tuple[str, str]:
    """The tactic an enemy unit follows before any die, and why: an event's choice, else its latest change that
    has come (by turn or HP lost), else its own, else the stage's."""
    if enemy.letter in chosen:
        return chosen[enemy.letter], "set by the event's choice"
    for change in reversed(enemy.changes):
        if change.turn is not None and turn >= change.turn:
            return change.tactic, f"from turn {change.turn}"
        if change.hp_lost is not None and view.hp_lost >= change.hp_lost:
            return change.tactic, f"after losing {change.hp_lost} HP or more ({view.hp_lost})"
    if enemy.tactic is not None:
        return enemy.tactic, ""
    return stage.tactic, ""


NAMING_PLAYERS = ("distance", "sight", "attacked_by", "passed_within", "start_distance")
"""The fields of an enemy unit's view that name player units (the form's; the rest the play fills in)."""


def unknown_units(view: EnemyView, players: set[str], enemies: set[str]) -> list[str]:
    """A line for each player unit the view names that the party lacks (the field named, but for `distance`, whose
    warning came first), and for each other enemy unit it `sees` that the stage lacks."""
    problems = [
        f"{view.id}: no player unit {shown(name)}" + ("" if field == "distance" else f" (in {field})")
        for field in NAMING_PLAYERS
        for name in getattr(view, field)
        if name not in players
    ]
    return problems + [
        f"{view.id}: no enemy unit {shown(other)} (in sees)" for other in view.sees if other not in enemies
    ]


def direct(stage: Stage, table: TableState, dice: Dice, chosen: Mapping[str, str] | None = None) -> Direction:
    """Every enemy unit's order this turn (`chosen`: enemy letter -> the tactic an event's choice set)."""
    chosen = chosen or {}
    units = dict(enemy_units(stage))
    known_players = {p.name for p in table.players}
    problems = [f"no enemy unit {view.id} in this stage" for view in table.enemies if view.id not in units]
    for view in table.enemies:
        problems += unknown_units(view, known_players, set(units))
    players = tuple(p for p in table.players if p.hp > 0)
    standing = [(view, units[view.id]) for view in table.enemies if view.id in units and not view.casualty]
    activated = activations([(v, units[v.id]) for v in table.enemies if v.id in units], players)
    direction = Direction([], activated, problems)
    if not players:
        return direction

    def closeness(item: tuple[EnemyView, Enemy]) -> tuple[float, int]:
        view = item[0]
        nearest = min((view.distance.get(p.name, float("inf")) for p in players), default=float("inf"))
        return nearest, list(units).index(view.id)

    for view, enemy in sorted(standing, key=closeness):
        situation = Situation(enemy, view, players)
        direction.orders.append(_order(situation, stage, table.turn, chosen, activated, dice.unit(view.id)))
    return direction


def _order(
    s: Situation, stage: Stage, turn: int, chosen: Mapping[str, str], activated: Mapping[str, str], dice: Dice
) -> Order:
    enemy, view = s.enemy, s.view
    order = Order(view.id, enemy.unit.name, "", "")
    if enemy.guard is not None and not view.active and view.id not in activated:
        return _guarding(s, order, dice)
    if view.id in activated:
        order.reasons.append(f"activated: {activated[view.id]}")
    tactic, why = base_tactic(enemy, stage, view, turn, chosen)
    for _ in range(MAX_TACTIC_HOPS):
        if tactic == "random":
            sides = len(enemy.random)
            value = dice.roll(sides)
            order.rolls.append(f"D{sides} = {value} (Random: {', '.join(tactic_name(t) for t in enemy.random)})")
            tactic, why = enemy.random[value - 1], "rolled on its list"
        elif tactic in ("dialogue", "varies"):
            order.tactic, order.action = tactic_name(tactic), "hold"
            order.reasons.append(
                "waits: the stage's event decides its tactic" if tactic == "dialogue" else "no tactic of its own"
            )
            return order
        else:
            break
    order.tactic = tactic_name(tactic)
    if why:
        order.reasons.append(f"{order.tactic}: {why}")
    CHOOSERS[tactic](s, order, dice)
    return order


def _guarding(s: Situation, order: Order, dice: Dice) -> Order:
    guard, view = s.enemy.guard, s.view
    assert guard is not None
    order.tactic = f"Guard ({guard.role.title()})"
    others = [square for square in dict.fromkeys(guard.route) if square != view.at]
    if guard.role == "lookout":
        order.action = "stays at its post"
    elif not others:
        order.action = "stays at its post"
        order.reasons.append(f"{guard.role.title()}: its route names no other square to move to")
    elif view.moved_to is not None:
        order.action, order.target = "stays at", view.moved_to
        order.reasons.append(f"{guard.role.title()}: it already moved this game turn, to {view.moved_to}")
    elif guard.role == "patrol":
        step = 0 if view.route_step is None else (view.route_step + 1) % len(guard.route)
        order.action, order.target = "patrols to", guard.route[step]
        order.move_to = order.target
        order.reasons.append(
            f"Patrol: {_where(view, guard.route)}; the next square of its route ({' > '.join(guard.route)}) is "
            f"{guard.route[step]}, step {step + 1} of {len(guard.route)}"
        )
    else:
        value = dice.roll(len(others)) if len(others) > 1 else 1
        order.action, order.target = "roams to", others[value - 1]
        order.move_to = order.target
        if len(others) > 1:
            order.rolls.append(f"D{len(others)} = {value} (Roam: {', '.join(others)})")
        order.reasons.append(
            f"Roam: {_where(view, guard.route)}; it relocates each turn to another square of its route, at random"
        )
    order.reasons.append("unaware of the players: it does not Move or Dash toward them")
    return order


def _where(view: EnemyView, route: list[str]) -> str:
    if view.at is None:
        return "not placed on the map"
    return f"at {view.at}" + ("" if view.at in route else ", off its route")


def detection(enemy: Enemy, view: EnemyView, player: PlayerUnit) -> str | None:
    """Why a Guard detects `player` this turn, or None: attacked by it; or it saw it Move or Dash within its
    detection range (halved by Stealth); a Blink or a Teleport is seen only where it starts or ends."""
    assert enemy.guard is not None
    if player.name in view.attacked_by:
        return f"attacked by {player.name}"
    if player.moved == "none" or player.name not in view.sight:
        return None
    reach = enemy.guard.detection / 2 if any(p.casefold() == "stealth" for p in player.perks) else enemy.guard.detection
    stealth = " (Stealth halves it)" if reach != enemy.guard.detection else ""
    now = view.distance.get(player.name, float("inf"))
    if player.moved in ("blink", "teleport"):
        start = view.start_distance.get(player.name, float("inf"))
        closest, how = min(now, start), f"{player.moved} {'end' if now <= start else 'start'}"
    else:
        closest, how = min(now, view.passed_within.get(player.name, now)), player.moved
    if closest <= reach:
        return f'saw {possessive(player.name)} {how} at {closest:g}" (detection {reach:g}"{stealth})'
    return None


def activations(units: list[tuple[EnemyView, Enemy]], players: tuple[PlayerUnit, ...]) -> dict[str, str]:
    """Guards activated this turn, and why: by a player unit, then in a chain by seeing an active Guard or a
    Guard casualty within their detection range."""
    found: dict[str, str] = {}
    guards = [(view, enemy) for view, enemy in units if enemy.guard is not None]
    for view, enemy in guards:
        if view.active or view.casualty:
            continue
        for player in players:
            if why := detection(enemy, view, player):
                found[view.id] = why
                break
    alarm = {view.id for view, _ in guards if view.active or view.casualty} | set(found)
    changed = True
    while changed:
        changed = False
        for view, enemy in guards:
            if view.id in alarm or view.casualty:
                continue
            assert enemy.guard is not None
            for other, inches in view.sees.items():
                if other in alarm and inches <= enemy.guard.detection:
                    found[view.id] = (
                        f'saw Guard {other} {"fall" if _fallen(units, other) else "raise the alarm"} at {inches:g}"'
                    )
                    alarm.add(view.id)
                    changed = True
                    break
    return found


def _fallen(units: list[tuple[EnemyView, Enemy]], unit_id: str) -> bool:
    return any(view.id == unit_id and view.casualty for view, _ in units)
