"""The director at the table: the turn form a player fills in, and the table state it makes with what the
narrative in play already knows (HP, points, perks, damage taken, healing, Guards alerted)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import cast

from pydantic import ValidationError

from builder.games.warsurge.catalogue import WarsurgeCatalogue
from builder.games.warsurge.narrative.director import Direction, direct, enemy_units
from builder.games.warsurge.narrative.play import Entry
from builder.games.warsurge.narrative.reading import NarrativeError
from builder.games.warsurge.narrative.showing import enemy_tactic
from builder.games.warsurge.narrative.state import PlayResult
from builder.games.warsurge.narrative.table import Dice, EnemyView, KeyedDice, Moved, PlayerUnit, TableState, TurnForm
from builder.games.warsurge.roster import WarsurgeRoster
from catalog.file_kinds import check_kind
from catalog.toml_input import parse_toml, pydantic_problems, read_toml_text
from catalog.wording import shown


def player_units(result: PlayResult, moved: Mapping[str, Moved] | None = None) -> list[PlayerUnit]:
    """Every player unit as the director sees it, by its unique name."""
    units = []
    moved = moved or {}
    for p, loaded in enumerate(result.party.rosters):
        roster, catalogue = cast(WarsurgeRoster, loaded.roster), cast(WarsurgeCatalogue, loaded.catalogue)
        for u, track in enumerate(result.party.tracks[p]):
            profile = catalogue.unit(roster.units[u].id)
            name = result.party.unit_names[p][u]
            units.append(
                PlayerUnit(
                    name=name,
                    hp=result.player_state(p, u)[0],
                    points=round(track.points, 2),
                    armour=profile.armour if profile else None,
                    defence=profile.defence if profile else 0,
                    perks=list(profile.perks) if profile else [],
                    moved=moved.get(name, "none"),
                    healed=result.healed.get(name, 0),
                )
            )
    return units


def table_state(result: PlayResult, form: TurnForm | None) -> TableState:
    """The table this turn: the form's distances and sight, the play's HP, damage and alerts (an enemy id the stage
    lacks kept as the form has it, for the director to name)."""
    moved = {move.name: move.moved for move in form.players} if form else {}
    sights = {sight.id: sight for sight in form.enemies} if form else {}
    views = []
    for unit_id, _ in enemy_units(result.stage_model):
        left, full = result.enemy_state(unit_id)
        measured = sights[unit_id].model_dump() if unit_id in sights else {"id": unit_id}
        views.append(
            EnemyView(
                **measured,
                damage_from=result.damage_from.get(unit_id, {}),
                hp_lost=full - left,
                active=unit_id in result.alerted,
                casualty=left == 0,
                at=result.square_of(unit_id),
                route_step=result.route_step(unit_id),
                moved_to=result.positions[unit_id] if result.moved_on.get(unit_id) == result.turn else None,
            )
        )
    stage_ids = {unit_id for unit_id, _ in enemy_units(result.stage_model)}
    views += [EnemyView(**sight.model_dump()) for sight in sights.values() if sight.id not in stage_ids]
    return TableState(turn=result.turn, players=player_units(result, moved), enemies=views)


def form_problems(result: PlayResult, form: TurnForm | None) -> list[str]:
    """What a turn form says that the play does not stand at: another stage or game turn (a form written before
    they were recorded says neither), a player unit the party lacks."""
    problems = []
    at = {"stage": result.stage + 1, "turn": result.turn}
    written = (
        {key: value for key, value in (("stage", form.stage), ("turn", form.turn)) if value is not None} if form else {}
    )
    if any(at[key] != value for key, value in written.items()):
        problems.append(
            f"the turn form is for {', '.join(f'{key} {value}' for key, value in written.items())}; the play is at "
            f"stage {at['stage']}, turn {at['turn']}"
        )
    party = {unit.name for unit in player_units(result)}
    problems += [
        f"players: no player unit {shown(move.name)}"
        for move in (form.players if form else [])
        if move.name not in party
    ]
    return problems


def play_dice(result: PlayResult, seed: int | None = None) -> KeyedDice:
    """The director's dice for this game turn, drawn from the play itself: its narrative, its seed (made as it
    started; a play written before has its players and their units instead), the stage and the game turn (`seed`
    in place of the play's, to draw others). The same play at the same turn rolls the same, so asking for the orders
    twice gives the same orders; another play of the same narrative by the same players rolls afresh."""
    if seed is not None:
        party = f"seed {seed}"
    elif result.seed is not None:
        party = f"play {result.seed}"
    else:
        party = json.dumps([result.party.names, result.party.unit_names])
    return KeyedDice(f"{result.narrative.title}|{party}|stage {result.stage + 1}|turn {result.turn}")


def direct_turn(result: PlayResult, form: TurnForm | None, dice: Dice | None = None) -> Direction:
    """The orders for the play as it stands (the play's own dice unless others are given); asking changes nothing."""
    direction = direct(
        result.stage_model, table_state(result, form), play_dice(result) if dice is None else dice, result.chosen
    )
    direction.problems[:0] = form_problems(result, form)
    return direction


def guard_steps(direction: Direction) -> tuple[list[Entry], str]:
    """What carrying out the orders puts in the play's log, as the book has Guards act: each Guard they activated
    alerted (for the rest of the stage), each unaware Patrol or Roam moved to its square; and the change's label
    (empty when there is nothing to carry out)."""
    alerts = [Entry(what="alert", unit=unit_id) for unit_id in direction.activated]
    moves = [Entry(what="move", unit=unit_id, square=square) for unit_id, square in direction.moves.items()]
    label = ", ".join(
        [
            *(f"{unit_id} alerted" for unit_id in direction.activated),
            *(f"{u} moved to {q}" for u, q in direction.moves.items()),
        ]
    )
    return [*alerts, *moves], label


def read_form(path: Path) -> TurnForm:
    """A filled-in turn form (NarrativeError naming the first problem)."""
    text = read_toml_text(path, NarrativeError, "turn form")
    data = parse_toml(text, str(path), NarrativeError, "turn form")
    check_kind(data, str(path), ("narrative-turn",), NarrativeError)
    try:
        return TurnForm.model_validate(data)
    except ValidationError as exc:
        problems = pydantic_problems(exc)
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        raise NarrativeError(f"{path}: {problems[0]}{more}", problems) from None


def form_text(result: PlayResult) -> str:
    """A turn form for this game turn, every standing enemy and player unit in it, to fill in at the table."""
    names = [unit.name for unit in player_units(result) if unit.hp > 0]
    lines = [
        f"# Turn {result.turn} of stage {result.stage + 1}: {result.stage_model.title}. Fill in what the table shows,",
        "# then: warbench narrative direct PLAYFILE --turn-state THIS-FILE",
        "warbench = 1",
        'kind = "narrative-turn"',
        f"stage = {result.stage + 1}",
        f"turn = {result.turn}",
        "",
        "# How each player unit moved this turn: none, move, dash, blink or teleport.",
    ]
    for name in names:
        lines += ["[[players]]", f"name = {json.dumps(name)}", 'moved = "none"', ""]
    lines.append("# Each enemy unit: inches to each player unit (as the example under its id), the player units it")
    lines.append("# can see, who attacked it this turn. A unit left out is as far as can be.")
    standing = [
        (unit_id, enemy) for unit_id, enemy in enemy_units(result.stage_model) if result.enemy_state(unit_id)[0]
    ]
    if unaware := [unit_id for unit_id, enemy in standing if enemy.guard and unit_id not in result.alerted]:
        others = [unit_id for unit_id, _ in enemy_units(result.stage_model) if unit_id != unaware[0]]  # fallen too
        sees = f' (sees = {{ "{others[0]}" = 8 }})' if others else ""
        lines += [
            "# A Guard not yet alerted also notices the closest a player unit came while it moved (passed_within),",
            "# where a Blink or Teleport started (start_distance), and the inches to each other enemy unit in its",
            f"# sight{sees}: an alerted or fallen Guard within its detection alerts it too.",
        ]
    example = ", ".join(f"{json.dumps(name)} = 12" for name in names)
    for unit_id, enemy in standing:
        lines += [
            "[[enemies]]",
            f"id = {json.dumps(unit_id)}  # {enemy.unit.name}: {enemy_tactic(enemy, result.stage_model)}",
            f"# distance = {{ {example} }}",
            "distance = {}",
            "sight = []",
            "attacked_by = []",
        ]
        if unit_id in unaware:
            lines += ["passed_within = {}", "start_distance = {}", "sees = {}"]
        lines.append("")
    return "\n".join(lines)
