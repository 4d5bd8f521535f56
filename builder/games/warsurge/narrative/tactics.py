"""Each enemy tactic's choice of target, as a pure function of the table: the target and every reason for it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from builder.games.warsurge.narrative.model import Enemy, EnemyWeapon
from builder.games.warsurge.narrative.table import Dice, EnemyView, PlayerUnit

MELEE_REACH = 1.0
"""A melee weapon (range 0) reaches a unit within this many inches (models in contact)."""


@dataclass
class Order:
    """What one enemy unit does this game turn, and why."""

    enemy: str
    """Its id ("L2")."""
    name: str
    tactic: str
    action: str
    """'attack', 'pursue', 'hide', 'hold', 'patrol', 'you decide' …"""
    target: str | None = None
    weapons: dict[str, str] = field(default_factory=dict)
    """Weapon name -> the target it is directed at, where they differ (Destroyer)."""
    reasons: list[str] = field(default_factory=list)
    rolls: list[str] = field(default_factory=list)
    """Each die the director rolled: 'D3 = 2 (Focused: three targets)'."""
    move_to: str | None = None
    """The square a Guard on Patrol or Roam relocates to this turn (the play records it)."""

    def line(self) -> str:
        """One line: who does what to whom."""
        towards = f" {self.target}" if self.target else ""
        return f"{self.enemy} {self.name} ({self.tactic}): {self.action}{towards}"


@dataclass(frozen=True)
class Situation:
    """One enemy unit's view of the table when its turn to act comes."""

    enemy: Enemy
    view: EnemyView
    players: tuple[PlayerUnit, ...]
    """The player units still standing, in table order."""

    def distance(self, player: PlayerUnit) -> float:
        return self.view.distance.get(player.name, float("inf"))

    def seen(self, player: PlayerUnit) -> bool:
        return player.name in self.view.sight

    def reach(self, weapon: EnemyWeapon | None = None) -> float:
        weapons = [weapon] if weapon is not None else self.enemy.weapons
        return max((w.range or MELEE_REACH for w in weapons), default=MELEE_REACH)

    def in_range(self, player: PlayerUnit, weapon: EnemyWeapon | None = None) -> bool:
        return self.distance(player) <= self.reach(weapon)

    def closest(self, among: Sequence[PlayerUnit]) -> list[PlayerUnit]:
        """The units of `among` at the least distance (all of them when tied)."""
        least = min((self.distance(p) for p in among), default=float("inf"))
        return [p for p in among if self.distance(p) == least]


def roll_off(tied: Sequence[PlayerUnit], order: Order, dice: Dice, why: str) -> PlayerUnit:
    """One of tied units by a die with as many sides as there are of them, numbered in table order."""
    if len(tied) == 1:
        return tied[0]
    value = dice.roll(len(tied))
    names = ", ".join(f"{n} {p.name}" for n, p in enumerate(tied, 1))
    order.rolls.append(f"D{len(tied)} = {value} ({why}: {names})")
    return tied[value - 1]


def lowest_hp(tied: Sequence[PlayerUnit]) -> list[PlayerUnit]:
    least = min(p.hp for p in tied)
    return [p for p in tied if p.hp == least]


def _inches(value: float) -> str:
    return f'{value:g}"' if value != float("inf") else "no distance entered"


def closest_then_hp(s: Situation, among: Sequence[PlayerUnit], order: Order, dice: Dice, what: str) -> PlayerUnit:
    """The closest of `among`; ties to the lowest HP; then a roll-off. Each step in the order's reasons."""
    nearest = s.closest(among)
    first = nearest[0]
    if len(nearest) == 1:
        order.reasons.append(f"{first.name} is the closest {what} ({_inches(s.distance(first))})")
        return first
    names = " and ".join(p.name for p in nearest)
    order.reasons.append(f"{names} are equally close ({_inches(s.distance(first))})")
    weakest = lowest_hp(nearest)
    if len(weakest) == 1:
        order.reasons.append(f"{weakest[0].name} has the lowest HP ({weakest[0].hp})")
        return weakest[0]
    order.reasons.append(f"and tied on HP ({weakest[0].hp}): a roll-off")
    return roll_off(weakest, order, dice, "roll-off")


def aggressive(s: Situation, order: Order, dice: Dice) -> None:
    """The closest player unit in line of sight; none in sight: pursue the closest until it is seen again."""
    seen = [p for p in s.players if s.seen(p)]
    if not seen:
        order.action = "pursue"
        order.target = closest_then_hp(s, s.players, order, dice, "player unit, none in sight").name
        return
    order.action = "attack"
    order.target = closest_then_hp(s, seen, order, dice, "player unit in line of sight").name


def focused(s: Situation, order: Order, dice: Dice) -> None:
    """The player units within weapon range (and sight), numbered in table order; a die picks one."""
    able = [p for p in s.players if s.in_range(p) and s.seen(p)]
    if not able:
        order.reasons.append(f"no player unit within its {_inches(s.reach())} range: it closes in")
        aggressive(s, order, dice)
        order.action = "pursue"
        return
    order.action = "attack"
    order.reasons.append(f"{len(able)} player unit{'s' if len(able) > 1 else ''} within range")
    order.target = roll_off(able, order, dice, "Focused").name


def point_value(highest: bool) -> Callable[[Situation, Order, Dice], None]:
    """The most (or least) expensive player unit at full HP; ties to the closest, then HP, then a roll-off."""

    def choose(s: Situation, order: Order, dice: Dice) -> None:
        pick = max if highest else min
        value = pick(p.points for p in s.players)
        chosen = [p for p in s.players if p.points == value]
        order.reasons.append(
            f"{' and '.join(p.name for p in chosen)}: the {'highest' if highest else 'lowest'} points ({value:g})"
        )
        target = closest_then_hp(s, chosen, order, dice, "of them") if len(chosen) > 1 else chosen[0]
        attack_or_fall_back(s, order, target, dice)

    return choose


def attack_or_fall_back(s: Situation, order: Order, target: PlayerUnit, dice: Dice) -> None:
    """Attack `target` when it is in sight; else move toward it and fire at the closest unit it can strike."""
    order.target = target.name
    if s.seen(target):
        order.action = "attack"
        return
    order.action = "move toward"
    others = [p for p in s.players if s.seen(p) and s.in_range(p)]
    if others:
        fallback = closest_then_hp(s, others, order, dice, "unit it can strike meanwhile")
        order.weapons = {w.name: fallback.name for w in s.enemy.weapons}
        order.reasons.append(f"{target.name} is out of sight: its weapons strike {fallback.name} meanwhile")
    else:
        order.reasons.append(f"{target.name} is out of sight and nothing else is in range")


def coward(s: Situation, order: Order, dice: Dice) -> None:
    """Hide from every player unit; attack only what is already in range and sight."""
    able = [p for p in s.players if s.in_range(p) and s.seen(p)]
    seen_by = [p.name for p in s.players if s.seen(p)]
    if able:
        order.action = "attack, then hide"
        order.target = closest_then_hp(s, able, order, dice, "player unit in range and sight").name
    else:
        order.action = "hide"
        order.reasons.append(
            f"nothing in range: it breaks line of sight to {', '.join(seen_by) or 'every player unit'}"
        )


def destroyer(s: Situation, order: Order, dice: Dice) -> None:
    """Each weapon at its ideal target: Armour its AP matches, then the strongest Armour its AP still beats; when
    its AP beats no target (or it has none), the highest Defence its Power can face."""
    order.action = "attack"
    for weapon in s.enemy.weapons:
        able = [p for p in s.players if s.in_range(p, weapon) and s.seen(p)]
        if not able:
            order.reasons.append(f"{weapon.name}: no target in range and sight")
            continue
        target = _ideal(s, weapon, able, order, dice)
        order.weapons[weapon.name] = target.name
    targets = list(dict.fromkeys(order.weapons.values()))
    if not targets:
        aggressive(s, order, dice)
        order.action = "pursue"
        return
    order.target = targets[0] if len(targets) == 1 else None
    if len(targets) > 1:
        order.action = "split fire"


def _armour(player: PlayerUnit) -> int:
    return player.armour if player.armour is not None else 7


def _ideal(s: Situation, weapon: EnemyWeapon, able: list[PlayerUnit], order: Order, dice: Dice) -> PlayerUnit:
    if weapon.ap is not None:
        beaten = [p for p in able if _armour(p) >= weapon.ap]
        if beaten:
            best = min(_armour(p) for p in beaten)
            chosen = [p for p in beaten if _armour(p) == best]
            how = "matches" if best == weapon.ap else "beats"
            save = f"{best}+" if best < 7 else "none"
            order.reasons.append(
                f"{weapon.name}: AP {weapon.ap}+ {how} Armour {save} of {' and '.join(p.name for p in chosen)}"
            )
            return closest_then_hp(s, chosen, order, dice, f"for {weapon.name}") if len(chosen) > 1 else chosen[0]
        order.reasons.append(f"{weapon.name}: its AP beats no target's Armour, so Power decides")
    best_defence = max(p.defence for p in able)
    chosen = [p for p in able if p.defence == best_defence]
    order.reasons.append(
        f"{weapon.name}: Power {weapon.power} at the highest Defence ({best_defence}): {' and '.join(p.name for p in chosen)}"
    )
    return closest_then_hp(s, chosen, order, dice, f"for {weapon.name}") if len(chosen) > 1 else chosen[0]


def threat(s: Situation, order: Order, dice: Dice) -> None:
    """A healer on a 4+ (the one restoring the most HP); else the unit that has taken the most HP from it; else,
    or when that one cannot be attacked, like Aggressive."""
    healers = [p for p in s.players if p.healed > 0]
    if healers:
        value = dice.roll(6)
        most = max(p.healed for p in healers)
        healer = [p for p in healers if p.healed == most]
        order.rolls.append(f"D6 = {value} (Threat: 4+ turns on the healer)")
        if value >= 4:
            target = roll_off(healer, order, dice, "equal healers") if len(healer) > 1 else healer[0]
            if s.seen(target):
                order.action, order.target = "attack", target.name
                order.reasons.append(f"{target.name} restored {target.healed} HP last turn")
                return
            order.reasons.append(f"{target.name} heals, but is out of sight")
    dealt = {p.name: s.view.damage_from.get(p.name, 0) for p in s.players}
    most = max(dealt.values(), default=0)
    if most > 0:
        threats = [p for p in s.players if dealt[p.name] == most]
        seen = [p for p in threats if s.seen(p)]
        if seen:
            target = (
                closest_then_hp(s, seen, order, dice, f"of those that took {most} HP") if len(seen) > 1 else seen[0]
            )
            order.action, order.target = "attack", target.name
            order.reasons.append(f"{target.name} has taken the most HP from it ({most})")
            return
        order.reasons.append(
            f"{' and '.join(p.name for p in threats)} took the most HP ({most}) but cannot be attacked"
        )
    aggressive(s, order, dice)


def specific(s: Situation, order: Order, dice: Dice) -> None:
    """The stage's own words; a unit with a perk it prefers first, when it names any."""
    order.reasons.append(s.enemy.specific or "as the stage says")
    wanted = [p for p in s.players if s.seen(p) and any(_has(p, perk) for perk in s.enemy.prefers)]
    if wanted:
        order.action = "attack"
        order.target = closest_then_hp(s, wanted, order, dice, f"unit with {' or '.join(s.enemy.prefers)}").name
    else:
        order.action = "as the stage says"


def _has(player: PlayerUnit, perk: str) -> bool:
    return any(own.casefold().startswith(perk.casefold()) for own in player.perks)


def player_controlled(s: Situation, order: Order, dice: Dice) -> None:
    order.action = "you decide"
    order.reasons.append("a player runs it: as much damage as it can do, or what it would try to do")


CHOOSERS: dict[str, Callable[[Situation, Order, Dice], None]] = {
    "aggressive": aggressive,
    "focused": focused,
    "point-value-high": point_value(True),
    "point-value-low": point_value(False),
    "coward": coward,
    "destroyer": destroyer,
    "threat": threat,
    "specific": specific,
    "player-controlled": player_controlled,
}
"""The tactics that pick a target; random, dialogue and varies first settle which of these an enemy follows."""
