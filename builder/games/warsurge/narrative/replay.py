"""A narrative in play replayed from its log: every entry applied in turn, and the findings of every entry that
breaks the narrative's rules."""

from __future__ import annotations

from pathlib import Path
from typing import cast

from builder.campaigns.ledger import read_army
from builder.findings import Finding, error, info
from builder.games.warsurge.battle import tracks
from builder.games.warsurge.catalogue import WarsurgeCatalogue
from builder.games.warsurge.narrative.director import enemy_units
from builder.games.warsurge.narrative.logistics import CODE as PERK
from builder.games.warsurge.narrative.logistics import kind_of, level, revival_perk, roster_findings, unit_perks
from builder.games.warsurge.narrative.model import NarrativeFile
from builder.games.warsurge.narrative.patrols import square_problem, step_after
from builder.games.warsurge.narrative.play import Entry, NarrativePlay, parse_player_ref
from builder.games.warsurge.narrative.reading import bundled_narratives, read_narrative
from builder.games.warsurge.narrative.state import Party, PlayResult
from builder.games.warsurge.narrative.units import STAGE, hit, ref_problem
from builder.games.warsurge.roster import WarsurgeRoster
from builder.roster.files import LoadedRoster
from catalog.wording import possessive


def narrative_of(play: NarrativePlay, base: Path) -> NarrativeFile:
    bundled = bundled_narratives()
    return read_narrative(bundled[play.narrative] if play.narrative in bundled else base / play.narrative)


def read_party(play: NarrativePlay, base: Path) -> Party:
    return party_of(
        play,
        [
            read_army(base, p.roster, "warsurge", f"players[{i}].roster", "narrative")
            for i, p in enumerate(play.players)
        ],
    )


def party_of(play: NarrativePlay, rosters: list[LoadedRoster]) -> Party:
    """The party of the play's players with their rosters as loaded."""
    party_tracks = [
        tuple(tracks(cast(WarsurgeRoster, r.roster), cast(WarsurgeCatalogue, r.catalogue))) for r in rosters
    ]
    names = [[track.name for track in own] for own in party_tracks]
    counts: dict[str, int] = {}
    for own in names:
        for name in own:
            counts[name] = counts.get(name, 0) + 1
    unique = [
        [name if counts[name] == 1 else f"{name} ({play.players[p].name} {u + 1})" for u, name in enumerate(own)]
        for p, own in enumerate(names)
    ]
    return Party([p.name for p in play.players], rosters, party_tracks, unique)


def replay_play(play: NarrativePlay, narrative: NarrativeFile, party: Party) -> PlayResult:
    """The log replayed: every entry applied in turn, those that break a rule found (and left out)."""
    result = PlayResult(narrative, party, play.seed)
    found: list[Finding] = []
    fewest, most = narrative.logistics.players
    if not fewest <= len(party.rosters) <= most:
        found.append(error(STAGE, "players", f"{len(party.rosters)} players; this narrative is for {fewest} to {most}"))
    for p, loaded in enumerate(party.rosters):
        roster, catalogue = cast(WarsurgeRoster, loaded.roster), cast(WarsurgeCatalogue, loaded.catalogue)
        for u in range(len(roster.units)):
            for perk, _ in unit_perks(roster, catalogue, u):
                if kind_of(perk) == "limited":
                    result.charges[(p, u, perk)] = 1
    logged: list[Finding] = []
    for i, entry in enumerate(play.log):
        if result.outcome is not None:
            logged.append(error(STAGE, f"log[{i}]", f"the narrative was already {result.outcome}"))
            continue
        problem = apply(result, entry)
        if problem is not None:
            logged.append(error(problem[0], f"log[{i}]", problem[1]))
    for p, loaded in enumerate(party.rosters):  # held to the limit of the stage reached, rewards' points added
        roster, catalogue = cast(WarsurgeRoster, loaded.roster), cast(WarsurgeCatalogue, loaded.catalogue)
        found += roster_findings(narrative.logistics, roster, catalogue, f"players[{p}]", result.extra_points)
    found += logged
    if result.outcome is None and result.fallen():
        found.append(
            info(STAGE, "log", "every player unit has fallen: the stage is lost unless the narrative says otherwise")
        )
    result.findings = tuple(found)
    return result


def apply(result: PlayResult, entry: Entry) -> tuple[str, str] | None:
    """Apply one entry to the result; (code, why) when it breaks a rule (nothing applied)."""
    what = entry.what
    if what == "turn":
        result.turn, result.turns = result.turn + 1, result.turns + 1
        result.healed = {}
        return None
    if what == "next":
        if result.stage + 1 >= len(result.narrative.stages):
            return STAGE, "this is the last stage: end the narrative instead"
        _next_stage(result)
        return None
    if what == "end":
        if entry.outcome not in ("won", "lost"):
            return STAGE, "end: won or lost"
        result.outcome = entry.outcome
        return None
    if what == "choose":
        return _choose(result, entry)
    if what == "challenge":
        return _challenge(result, entry)
    if entry.unit is None:
        return STAGE, f"{what}: which unit?"
    if what == "alert":
        if entry.unit not in result.enemy_tracks():
            return STAGE, f"no enemy unit {entry.unit} in this stage"
        result.alerted.add(entry.unit)
        return None
    if what in ("damage", "casualty"):
        return hit(result, entry)
    if what == "move":
        return _move(result, entry)
    return _perk(result, entry)


def _next_stage(result: PlayResult) -> None:
    """A new stage: its enemies fresh, the party's units whole again, events and Guards its own; Countdown starts
    again (it counts the stage's turns) while Recharge and limited-use perks carry on."""
    result.stage += 1
    result.turn, result.turns = 1, result.turns + 1
    result.player_marks, result.enemy_marks = {}, {}
    result.chosen, result.choices, result.challenges = {}, {}, {}
    result.damage_from, result.healed, result.alerted = {}, {}, set()
    result.positions, result.steps, result.moved_on = {}, {}, {}
    result.extra_points, result.pending_points = result.extra_points + result.pending_points, 0


def _move(result: PlayResult, entry: Entry) -> tuple[str, str] | None:
    """An enemy unit relocated (a Guard's patrol or roam): once a game turn, onto a square it can stand on."""
    unit_id, square = entry.unit or "", entry.square
    enemy = dict(enemy_units(result.stage_model)).get(unit_id)
    if enemy is None:
        return STAGE, f"no enemy unit {unit_id} in this stage"
    if square is None:
        return STAGE, f"move {unit_id}: to which square?"
    if problem := square_problem(result.stage_model.map, square):
        return STAGE, f"{unit_id} cannot move there: {problem}"
    if result.moved_on.get(unit_id) == result.turn:
        return STAGE, f"{unit_id} has already moved this game turn (to {result.positions[unit_id]})"
    result.steps[unit_id] = step_after(enemy.guard, result.route_step(unit_id), square)
    result.positions[unit_id], result.moved_on[unit_id] = square, result.turn
    return None


def _reward(result: PlayResult, reward_id: str | None) -> None:
    reward = next((r for r in result.stage_model.rewards if r.id == reward_id), None)
    if reward is None:
        return
    result.rewards.append(reward.id)
    if reward.refill:
        for key in result.charges:
            result.charges[key] = 1
    result.pending_points += reward.points


def _choose(result: PlayResult, entry: Entry) -> tuple[str, str] | None:
    event = next((e for e in result.stage_model.events if e.id == entry.event), None)
    if event is None:
        return STAGE, f"no event {entry.event!r} in this stage"
    choice = next((c for c in event.choices if c.id == entry.choice), None)
    if choice is None:
        return STAGE, f"{event.title}: no choice {entry.choice!r} (choices: {', '.join(c.id for c in event.choices)})"
    if event.id in result.choices:
        return STAGE, f"{event.title}: already chosen ({result.choices[event.id]})"
    result.choices[event.id] = choice.id
    result.chosen.update(choice.tactics)
    _reward(result, choice.reward)
    return None


def _challenge(result: PlayResult, entry: Entry) -> tuple[str, str] | None:
    challenge = next((c for c in result.stage_model.challenges if c.id == entry.challenge), None)
    if challenge is None:
        return STAGE, f"no dice challenge {entry.challenge!r} in this stage"
    if entry.outcome not in ("passed", "failed"):
        return STAGE, f"{challenge.title}: passed or failed"
    if result.challenges.get(challenge.id) == "passed":
        return STAGE, f"{challenge.title}: already passed"
    result.challenges[challenge.id] = entry.outcome
    if entry.outcome == "passed":
        _reward(result, challenge.reward)
    return None


def _perk(result: PlayResult, entry: Entry) -> tuple[str, str] | None:
    ref = parse_player_ref(entry.unit or "")
    if entry.unit is not None and (problem := ref_problem(result, entry.unit)):
        return STAGE, problem
    if ref is None or not result.valid_ref(ref) or entry.perk is None:
        return STAGE, f"{entry.what}: a player's unit (PLAYER:N) and its perk"
    player, unit = ref
    loaded = result.party.rosters[player]
    perks = [
        p for p, _ in unit_perks(cast(WarsurgeRoster, loaded.roster), cast(WarsurgeCatalogue, loaded.catalogue), unit)
    ]
    perk = next((p for p in perks if p.casefold() == entry.perk.casefold()), None)
    name = result.party.unit_names[player][unit]
    if perk is None:
        return STAGE, f"{name} has no perk {entry.perk!r} (its perks: {', '.join(perks) or 'none'})"
    if entry.what == "revive":
        return _revive(result, ref, perk, name)
    kind, key = kind_of(perk), (player, unit, perk)
    if kind == "limited":
        if result.charges.get(key, 0) < 1:
            return PERK, f"{possessive(name)} {perk} is used up for the whole narrative until a reward refills it"
        result.charges[key] = 0
    elif kind == "countdown" and result.turn <= level(perk):
        return (
            PERK,
            f"{possessive(name)} {perk}: not before turn {level(perk) + 1} of the stage (Countdown starts again each stage)",
        )
    elif kind == "recharge" and key in result.last_used and result.turns - result.last_used[key] < level(perk):
        return (
            PERK,
            f"{possessive(name)} {perk}: used {result.turns - result.last_used[key]} game turns ago, it needs {level(perk)}",
        )
    result.last_used[key] = result.turns
    return None


def _revive(result: PlayResult, ref: tuple[int, int], perk: str, name: str) -> tuple[str, str] | None:
    logistics = result.narrative.logistics
    if not revival_perk(logistics, perk):
        return STAGE, f"{perk} is not a perk this narrative counts as bringing a unit back"
    if result.player_state(*ref)[0] > 0:
        return STAGE, f"{name} is not a casualty"
    if logistics.perk_restrictions and result.fallen():
        return PERK, f"every player unit has fallen: {perk} cannot bring {name} back"
    result.player_marks.pop(ref, None)
    return None


def replay_file(play: NarrativePlay, base: Path) -> PlayResult:
    """A narrative in play replayed from the start, its narrative and rosters read relative to `base`."""
    return replay_play(play, narrative_of(play, base), read_party(play, base))
