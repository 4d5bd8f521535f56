"""Where a narrative in play stands after its log: the stage and turn reached, every unit's HP, the perks left, the
events chosen, the Guards alerted and where they stand."""

from __future__ import annotations

from dataclasses import dataclass, field

from builder.battles.model import UnitMark
from builder.battles.tracks import Track
from builder.campaigns.ledger import Replayed
from builder.findings import Finding
from builder.games.warsurge.battle import LeftTrack
from builder.games.warsurge.narrative.director import enemy_units
from builder.games.warsurge.narrative.model import NarrativeFile, Stage
from builder.games.warsurge.narrative.patrols import first_step, start_squares
from builder.games.warsurge.narrative.play import parse_player_ref
from builder.roster.files import LoadedRoster


@dataclass
class Party:
    """The players' rosters as the narrative reads them."""

    names: list[str]
    rosters: list[LoadedRoster]
    tracks: list[tuple[Track, ...]]
    unit_names: list[list[str]]
    """Each player's units by a name unique in the party (the director's table speaks of them so)."""


@dataclass
class PlayResult(Replayed):
    """Where the narrative stands after its log."""

    narrative: NarrativeFile
    party: Party
    seed: int | None = None
    """The play's seed, which the director's dice come from (None: a play written before seeds)."""
    findings: tuple[Finding, ...] = ()
    stage: int = 0
    turn: int = 1
    turns: int = 1
    """Game turns played in the whole narrative (Recharge counts them)."""
    player_marks: dict[tuple[int, int], UnitMark] = field(default_factory=dict)
    enemy_marks: dict[str, UnitMark] = field(default_factory=dict)
    chosen: dict[str, str] = field(default_factory=dict)
    """Enemy letter -> the tactic this stage's event choices set."""
    choices: dict[str, str] = field(default_factory=dict)
    challenges: dict[str, str] = field(default_factory=dict)
    rewards: list[str] = field(default_factory=list)
    """Rewards earned, in order, across the narrative."""
    extra_points: int = 0
    """Points rewards of earlier stages add to each player's limit in this stage and after."""
    pending_points: int = 0
    """Points rewards of this stage add to the limit from the next stage on."""
    charges: dict[tuple[int, int, str], int] = field(default_factory=dict)
    """Limited-use perks: uses left (1 until used; a refill makes it 1 again)."""
    last_used: dict[tuple[int, int, str], int] = field(default_factory=dict)
    """Recharge perks: the narrative's game turn each was last used on."""
    damage_from: dict[str, dict[str, int]] = field(default_factory=dict)
    """Enemy unit id -> player unit name -> HP that unit took from it this stage."""
    healed: dict[str, int] = field(default_factory=dict)
    """Player unit name -> HP it restored to other player units this game turn (the director reads it next turn)."""
    alerted: set[str] = field(default_factory=set)
    positions: dict[str, str] = field(default_factory=dict)
    """Enemy unit id -> the square it moved to this stage (those that have not moved stand where the map puts them)."""
    steps: dict[str, int | None] = field(default_factory=dict)
    """Enemy unit id -> the step of its Guard route it moved to (None: off its route)."""
    moved_on: dict[str, int] = field(default_factory=dict)
    """Enemy unit id -> the stage's game turn it last moved on (a Guard relocates once a turn)."""
    outcome: str | None = None

    @property
    def point_limit(self) -> int:
        """Each player's point limit in this stage: the narrative's and the points earlier stages' rewards added."""
        return self.narrative.logistics.point_limit + self.extra_points

    @property
    def stage_model(self) -> Stage:
        return self.narrative.stages[self.stage]

    def enemy_tracks(self) -> dict[str, LeftTrack]:
        return enemy_tracks(self.stage_model)

    def player_state(self, player: int, unit: int) -> tuple[int, int]:
        """(HP left, HP in all) of a player's unit."""
        track = self.party.tracks[player][unit]
        state = track.state(self.player_marks.get((player, unit)))
        return state.boxes_left, track.full

    def enemy_state(self, unit_id: str) -> tuple[int, int]:
        track = self.enemy_tracks()[unit_id]
        state = track.state(self.enemy_marks.get(unit_id))
        return state.boxes_left, track.full

    def square_of(self, unit_id: str) -> str | None:
        """Where an enemy unit stands: the square it moved to, else its letter's square on the map."""
        return self.positions.get(unit_id) or start_squares(self.stage_model).get(unit_id)

    def route_step(self, unit_id: str) -> int | None:
        """The step of its Guard route an enemy unit is on (None: not on its route, or no Guard)."""
        if unit_id in self.steps:
            return self.steps[unit_id]
        enemy = dict(enemy_units(self.stage_model)).get(unit_id)
        return first_step(enemy.guard if enemy else None, self.square_of(unit_id))

    def valid_ref(self, ref: tuple[int, int]) -> bool:
        """Whether the party has this player's unit ((player, unit) from 0)."""
        return 0 <= ref[0] < len(self.party.tracks) and 0 <= ref[1] < len(self.party.tracks[ref[0]])

    def current_mark(self, unit: str) -> UnitMark | None:
        """The damage marked on a player's unit ("1:2") or an enemy unit ("L1") so far, if any."""
        ref = parse_player_ref(unit)
        return self.enemy_marks.get(unit) if ref is None else self.player_marks.get(ref)

    def fallen(self) -> bool:
        """Whether every player unit is a casualty."""
        return all(
            self.player_state(p, u)[0] == 0
            for p in range(len(self.party.tracks))
            for u in range(len(self.party.tracks[p]))
        )


def enemy_tracks(stage: Stage) -> dict[str, LeftTrack]:
    """Each enemy unit of the stage as a battle tracks it: models with their HP."""
    return {
        unit_id: LeftTrack(i, f"{unit_id} {enemy.unit.name}", 0.0, enemy.models, enemy.unit.hp, "pro-rata", "HP")
        for i, (unit_id, enemy) in enumerate(enemy_units(stage))
    }
