"""A narrative as lines of text: its logistics, and each stage's introduction, map, enemies, challenges and events."""

from __future__ import annotations

import textwrap

from builder.games.warsurge.narrative.grid import draw
from builder.games.warsurge.narrative.model import Enemy, NarrativeFile, Stage

TACTIC_NAMES = {
    "point-value-high": "Point Value (highest)",
    "point-value-low": "Point Value (lowest)",
    "player-controlled": "Player Controlled",
    "dialogue": "Dialogue/Event",
}


def tactic_name(tactic: str) -> str:
    return TACTIC_NAMES.get(tactic, tactic.title())


def enemy_tactic(enemy: Enemy, stage: Stage, chosen: str | None = None) -> str:
    """What the enemy's profile says of its tactic (or the one an event's choice set): its Guard role first, then
    its tactic."""
    tactic = tactic_name(chosen or enemy.tactic or stage.tactic)
    if enemy.guard is not None:
        return f'Guard ({enemy.guard.role.title()}, {enemy.guard.detection}") / {tactic}'
    return tactic


def armour(value: int | None) -> str:
    return f"{value}+" if value is not None else "-"


def enemy_lines(enemy: Enemy, stage: Stage) -> list[str]:
    """The book's profile rows of one enemy, in our layout."""
    unit = enemy.unit
    count = f"{enemy.units} unit{'s' if enemy.units > 1 else ''} of {enemy.models}"
    lines = [
        f'{unit.name} ({enemy.letter}) — {count}  M{unit.move}" D{unit.dash}" DEF {unit.defence} HP {unit.hp} '
        f"ARM {armour(unit.armour)} AEG {armour(unit.aegis)}" + (f"  {', '.join(unit.perks)}" if unit.perks else "")
    ]
    lines.append(f"  Tactic: {enemy_tactic(enemy, stage)}")
    for weapon in enemy.weapons:
        lines.append(
            f'  {weapon.quantity} x {weapon.name}: RNG {weapon.range}" ATK {weapon.attacks} PWR {weapon.power} '
            f"AP {armour(weapon.ap)} {weapon.type}" + (f"  {', '.join(weapon.perks)}" if weapon.perks else "")
        )
    return lines


def within(width: int, height: int) -> tuple[int, int]:
    """The columns and lines asked (`--width`, `--height`) kept to what a map can be drawn in: 20 to 400 by 8 to
    200 (a width of 0 or less, or one beyond any terminal, draws at the nearest)."""
    return max(20, min(width, 400)), max(8, min(height, 200))


def narrative_lines(narrative: NarrativeFile, stages: list[int], width: int, height: int) -> list[str]:
    """The narrative's heading and logistics, then the stages asked for (indices from 0)."""
    logistics = narrative.logistics
    fewest, most = logistics.players
    players = str(fewest) if fewest == most else f"{fewest}-{most}"
    restrictions = "Yes" if logistics.perk_restrictions else "No"
    named = logistics.restricted_perks
    lines = [
        f"{narrative.title} — {narrative.focus} narrative",
        f"Players {players} · {logistics.point_limit} points each · perk restrictions: {restrictions}"
        + (f" (also {', '.join(named)})" if named else ""),
    ]
    lines += _wrapped(narrative.summary, width)
    for index in stages:
        lines += ["", *stage_lines(narrative, index, width, height)]
    return [
        part
        for line in lines
        for part in (textwrap.wrap(line, width, subsequent_indent="  ") if len(line) > width else [line])
    ]


def stage_lines(narrative: NarrativeFile, index: int, width: int, height: int) -> list[str]:
    stage = narrative.stages[index]
    lines = [f"Stage {index + 1} of {len(narrative.stages)}: {stage.title}", *_wrapped(stage.introduction, width)]
    lines += [f"Objective: {objective}" for objective in stage.objectives]
    if stage.turns:
        lines.append(f"Game turns: {stage.turns}")
    if stage.map is not None:
        names = {enemy.letter: enemy.unit.name for enemy in stage.enemies}
        lines += ["", *draw(stage.map, names, width, height)]
    if stage.enemies:
        lines += ["", "Enemies:"]
        for enemy in stage.enemies:
            lines += [line[:width] for line in enemy_lines(enemy, stage)]
    for challenge in stage.challenges:
        clock = f", {challenge.seconds} s" if challenge.seconds else ""
        lines += [
            "",
            f"Dice challenge: {challenge.title} ({challenge.dice} dice{clock})",
            *_wrapped(challenge.text, width),
        ]
    for event in stage.events:
        lines += ["", f"Event: {event.title}", *_wrapped(event.text, width)]
        for choice in event.choices:  # wrapped, never cut: what a choice does is the reason to read it
            lines += textwrap.wrap(f"  [{choice.id}] {choice.text}", width, subsequent_indent="    ")
    for reward in stage.rewards:
        lines += textwrap.wrap(f"Reward [{reward.id}]: {reward.text}", width, subsequent_indent="  ")
    return lines


def _wrapped(text: str, width: int) -> list[str]:
    return [line for paragraph in text.strip().split("\n\n") if paragraph for line in textwrap.wrap(paragraph, width)]
