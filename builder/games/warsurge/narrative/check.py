"""`narrative/stage` findings: a narrative's stages, maps, enemies, events and rewards complete and consistent."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from builder.findings import Finding, error
from builder.games.warsurge.narrative.grid import map_problems
from builder.games.warsurge.narrative.model import Enemy, NarrativeFile, Stage, StageMap
from builder.games.warsurge.narrative.patrols import square_problem

CODE = "narrative/stage"


def narrative_findings(narrative: NarrativeFile) -> list[Finding]:
    """Every problem of the narrative beyond its file format, located by key path."""
    found = _logistics(narrative)
    for repeated in _repeated(stage.id for stage in narrative.stages):
        found.append(error(CODE, "stages", f"stage id {repeated!r} is used more than once"))
    for s, stage in enumerate(narrative.stages):
        found += _stage(stage, f"stages[{s}]")
    return found


def _logistics(narrative: NarrativeFile) -> list[Finding]:
    fewest, most = narrative.logistics.players
    where = "logistics.players"
    if not 1 <= fewest <= most <= 8:
        return [error(CODE, where, f"players {fewest}-{most}: expected the fewest and the most, 1 to 8")]
    if narrative.focus == "clash" and most < 2:
        return [error(CODE, where, "a clash is played by two players or more")]
    return []


def _repeated(ids: Iterable[str]) -> list[str]:
    return [value for value, count in Counter(ids).items() if count > 1]


def _stage(stage: Stage, at: str) -> list[Finding]:
    letters = {enemy.letter for enemy in stage.enemies}
    rewards = {reward.id for reward in stage.rewards}
    found = [
        error(CODE, f"{at}.enemies", f"enemy letter {x} is used more than once")
        for x in _repeated(e.letter for e in stage.enemies)
    ]
    for kind, ids in (
        ("challenge", (c.id for c in stage.challenges)),
        ("event", (e.id for e in stage.events)),
        ("reward", (r.id for r in stage.rewards)),
    ):
        found += [error(CODE, at, f"{kind} id {x!r} is used more than once") for x in _repeated(ids)]
    if stage.map is not None:
        found += [error(CODE, f"{at}.map.{path}", message) for path, message in map_problems(stage.map, letters)]
    set_by_events = {letter for event in stage.events for choice in event.choices for letter in choice.tactics}
    for e, enemy in enumerate(stage.enemies):
        found += _enemy(enemy, stage, f"{at}.enemies[{e}]", enemy.letter in set_by_events)
    for e, event in enumerate(stage.events):
        for c, choice in enumerate(event.choices):
            where = f"{at}.events[{e}].choices[{c}]"
            found += [
                error(CODE, f"{where}.tactics.{letter}", f"enemy letter {letter} is none of the stage's enemies")
                for letter in choice.tactics
                if letter not in letters
            ]
            found += [
                error(CODE, f"{where}.tactics.{letter}", f"a choice sets a tactic, not {tactic!r}")
                for letter, tactic in choice.tactics.items()
                if tactic in ("varies", "dialogue", "random")
            ]
            if choice.reward is not None and choice.reward not in rewards:
                found.append(error(CODE, f"{where}.reward", f"reward {choice.reward!r} is none of the stage's rewards"))
    for c, challenge in enumerate(stage.challenges):
        if challenge.reward is not None and challenge.reward not in rewards:
            found.append(
                error(
                    CODE, f"{at}.challenges[{c}].reward", f"reward {challenge.reward!r} is none of the stage's rewards"
                )
            )
    return found


def _enemy(enemy: Enemy, stage: Stage, at: str, set_by_event: bool) -> list[Finding]:
    found: list[Finding] = []
    tactic = enemy.tactic or stage.tactic
    if tactic == "varies":
        where = f"{at}.tactic"
        found.append(error(CODE, where, f"the stage's tactic varies: enemy {enemy.letter} needs a tactic of its own"))
    if tactic == "dialogue" and not set_by_event:
        found.append(error(CODE, f"{at}.tactic", f"no event choice sets enemy {enemy.letter}'s tactic"))
    if tactic == "random" and len(enemy.random) not in (3, 6):
        found.append(
            error(
                CODE,
                f"{at}.random",
                f"a random tactic rolls a D3 or a D6: list 3 or 6 tactics, not {len(enemy.random)}",
            )
        )
    if any(t in ("random", "varies", "dialogue") for t in enemy.random):
        found.append(error(CODE, f"{at}.random", "the list names tactics to follow, not random, varies or dialogue"))
    if tactic == "specific" and not enemy.specific.strip():
        found.append(error(CODE, f"{at}.specific", f"enemy {enemy.letter}'s specific tactic needs the stage's words"))
    weapons = {weapon.id for weapon in enemy.weapons}
    found += [
        error(CODE, f"{at}.unit.weapons[{w}]", f"weapon {ref!r} is none of the enemy's weapons")
        for w, ref in enumerate(enemy.unit.weapons)
        if ref not in weapons
    ]
    for c, change in enumerate(enemy.changes):
        if (change.turn is None) == (change.hp_lost is None):
            found.append(error(CODE, f"{at}.changes[{c}]", "a change of tactic names a turn or HP lost (one of them)"))
    if enemy.guard is not None:
        found += _guard(enemy, stage.map, at)
    if stage.map is not None and not any(enemy.letter in row for row in stage.map.rows):
        found.append(error(CODE, f"{at}.letter", f"enemy {enemy.letter} is not placed on the stage's map"))
    return found


def _guard(enemy: Enemy, stage_map: StageMap | None, at: str) -> list[Finding]:
    assert enemy.guard is not None
    guard, found = enemy.guard, []
    if guard.role == "lookout" and guard.route:
        found.append(error(CODE, f"{at}.guard.route", "a Lookout stays where it is: it has no route"))
    if guard.role in ("patrol", "roam") and len(guard.route) < 2:
        found.append(
            error(CODE, f"{at}.guard.route", f"a {guard.role.title()} needs two squares or more to move between")
        )
    for r, square in enumerate(guard.route):
        where = f"{at}.guard.route[{r}]"
        if guard.role == "patrol" and len(guard.route) > 1 and square == guard.route[r - 1]:
            after = "the route's last square, " if r == 0 else ""
            found.append(
                error(CODE, where, f"{square} follows {after}{square}: a Patrol relocates to another square each turn")
            )
        if guard.role == "roam" and square in guard.route[:r]:
            found.append(error(CODE, where, f"{square} is already on the route: a Roam rolls among different squares"))
        if problem := square_problem(stage_map, square):
            found.append(error(CODE, where, problem))
    if stage_map is None and guard.route:
        found.append(error(CODE, f"{at}.guard.route", "a route is walked on the stage's map: the stage has none"))
    return found
