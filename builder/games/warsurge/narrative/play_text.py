"""A narrative in play as lines of text: the stage and turn, the party's units and perks, the enemy units, the
events and challenges, the findings, and the stage's map."""

from __future__ import annotations

import textwrap
from typing import cast

from builder.games.warsurge.catalogue import WarsurgeCatalogue
from builder.games.warsurge.narrative.director import enemy_units
from builder.games.warsurge.narrative.grid import draw
from builder.games.warsurge.narrative.logistics import kind_of, level, tracked_perks
from builder.games.warsurge.narrative.model import Enemy
from builder.games.warsurge.narrative.patrols import map_names, relocated
from builder.games.warsurge.narrative.play import player_ref
from builder.games.warsurge.narrative.showing import enemy_tactic
from builder.games.warsurge.narrative.state import PlayResult
from builder.games.warsurge.roster import WarsurgeRoster


def heading(result: PlayResult) -> str:
    stages = len(result.narrative.stages)
    over = f" — {result.outcome.upper()}" if result.outcome else ""
    limit = f" of {result.stage_model.turns}" if result.stage_model.turns else ""
    return (
        f"{result.narrative.title} — stage {result.stage + 1} of {stages}: {result.stage_model.title}, "
        f"turn {result.turn}{limit}{over}"
    )


def party_lines(result: PlayResult) -> list[str]:
    """Each player's units with HP left, and the perks the narrative tracks."""
    lines = []
    for p, loaded in enumerate(result.party.rosters):
        lines.append(f"{result.party.names[p]} — {loaded.roster.name or 'roster'}")
        for u, _ in enumerate(result.party.tracks[p]):
            left, full = result.player_state(p, u)
            fallen = "  (casualty)" if left == 0 else ""
            lines.append(f"  {player_ref(p, u)}  {result.party.unit_names[p][u]}  {left}/{full} HP{fallen}")
        roster, catalogue = cast(WarsurgeRoster, loaded.roster), cast(WarsurgeCatalogue, loaded.catalogue)
        for perk in tracked_perks(roster, catalogue):
            lines.append(
                f"      {player_ref(p, perk.unit)} {perk.perk} ({perk.source}): {perk_status(result, p, perk.unit, perk.perk)}"
            )
    return lines


def perk_status(result: PlayResult, player: int, unit: int, perk: str) -> str:
    key, kind = (player, unit, perk), kind_of(perk)
    if kind == "limited":
        return "ready (once in the narrative)" if result.charges.get(key, 0) else "used up until a refill"
    if kind == "countdown":
        ready = result.turn > level(perk)
        return "ready" if ready else f"from turn {level(perk) + 1} of this stage"
    since = result.turns - result.last_used[key] if key in result.last_used else None
    return "ready" if since is None or since >= level(perk) else f"recharging ({since} of {level(perk)} turns)"


def tactic_now(result: PlayResult, enemy: Enemy) -> str:
    """The enemy's tactic as it stands, a Guard's role first (until it is alerted): the one an event's choice set,
    else its own or the stage's."""
    return enemy_tactic(enemy, result.stage_model, result.chosen.get(enemy.letter))


def enemy_lines(result: PlayResult) -> list[str]:
    lines = []
    for unit_id, enemy in enemy_units(result.stage_model):
        left, full = result.enemy_state(unit_id)
        tactic = tactic_now(result, enemy)
        alert = "  ALERTED" if unit_id in result.alerted else ""
        status = "casualty" if left == 0 else f"{left}/{full} HP"
        square = result.square_of(unit_id)
        at = f"  at {square}" if square and left else ""
        lines.append(f"  {unit_id}  {enemy.unit.name}  {status}  {tactic}{alert}{at}")
    return lines


def stage_state_lines(result: PlayResult) -> list[str]:
    stage = result.stage_model
    lines = [f"Objective: {objective}" for objective in stage.objectives]
    for event in stage.events:
        chosen = result.choices.get(event.id)
        outcome = next((c.outcome for c in event.choices if c.id == chosen and c.outcome), "")
        lines.append(
            f"Event {event.id}: {event.title} — "
            + (f"chose {chosen}" if chosen else "choices: " + ", ".join(c.id for c in event.choices))
            + (f": {outcome}" if outcome else "")  # the author's words for what the choice led to, told once made
        )
    for challenge in stage.challenges:
        lines.append(f"Challenge {challenge.id}: {challenge.title} — {result.challenges.get(challenge.id, 'to play')}")
    if result.rewards:  # in the author's words (a reward's id is the file's, not the player's)
        said = {reward.id: reward.text for stage in result.narrative.stages for reward in stage.rewards}
        lines += [f"Reward earned: {said.get(reward, reward)}" for reward in result.rewards]
    return lines + limit_lines(result)


def limit_lines(result: PlayResult) -> list[str]:
    """Each player's point limit, once a reward has added points to it (or will, from the next stage)."""
    if not result.extra_points and not result.pending_points:
        return []
    line = f"Point limit: {result.point_limit} each"
    if result.extra_points:
        line += f" ({result.narrative.logistics.point_limit} + {result.extra_points} from rewards)"
    if result.pending_points and result.stage + 1 < len(result.narrative.stages):
        line += f"; +{result.pending_points} from the next stage"
    return [line]


def play_lines(result: PlayResult, width: int = 80, height: int = 24, brief: bool = False) -> list[str]:
    """Where the narrative stands, a line too long for `width` wrapped (never cut); with `brief`, without the
    map."""
    lines = [heading(result), *party_lines(result), "Enemies:", *enemy_lines(result), *stage_state_lines(result)]
    lines += [f"{f.severity}: {f.path}: {f.message} [{f.code}]" for f in result.findings]
    lines = [
        part
        for line in lines
        for part in (textwrap.wrap(line, width, subsequent_indent="    ") if len(line) > width else [line])
    ]
    stage_map = relocated(result.stage_model, result.positions)
    if not brief and stage_map is not None:
        lines += ["", *draw(stage_map, map_names(result.stage_model), width, height)]
    return [line[:width] for line in lines]
