"""The Warmachine frontier campaign: claim grids, resources, operations, scenarios, recon and victory."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Annotated, Any, ClassVar, Literal

from pydantic import Field

from builder.campaigns.ledger import CampaignResult, LedgerError, LedgerHeader, LedgerModel, validate_model
from builder.findings import Finding, error
from builder.game import game
from builder.scenarios import Pairing, from_matrix
from catalog.slug import SLUG_PATTERN

RESOURCES = ("intel", "supply", "morale")
KEY_TERRITORIES = ("a1", "b1", "c1", "d1", "a2", "a3", "a4")
NAMED = {
    "b2": ("Watchtower", "intel"),
    "c2": ("Forward Camp", "supply"),
    "d2": ("Border Fortress", "morale"),
    "b3": ("Spy Network", "intel"),
    "c3": ("HQ", "morale"),
    "d3": ("Shrine", "morale"),
    "b4": ("Iron Mine", "supply"),
    "c4": ("Workshop", "supply"),
    "d4": ("Arcane Relay", "intel"),
}
HQ = "c3"
SQUARES = tuple(f"{c}{r}" for r in "1234" for c in "abcd")
OPERATION_OF = {"intel": "scout", "supply": "resupply", "morale": "rally"}
LOSER_GAINS = {"scout": "intel", "resupply": "supply", "rally": "morale", "assault": "intel"}
LAST_ROUND = 10
LOST_SUPPLY_CRATES = 4
"""Lost Supplies drops four dice: at most four crates in a game."""
KEYS_TO_WIN = 3

SHORT = {
    "b2": "Watch",
    "c2": "Camp",
    "d2": "Fort",
    "b3": "Spy",
    "c3": "HQ",
    "d3": "Shrine",
    "b4": "Mine",
    "c4": "Works",
    "d4": "Relay",
}
"""Names short enough for a grid cell."""


class Spent(LedgerModel):
    intel: int = Field(0, ge=0)
    supply: int = Field(0, ge=0)
    morale: int = Field(0, ge=0)


class FrontierGame(LedgerModel):
    players: list[str]
    winner: str | None = None
    attacker: str | None = None
    """The red player, where the matrix leaves it to the scenario (a roll-off; Major Battle on equal key
    territories)."""
    conditions: list[Annotated[str, Field(pattern=SLUG_PATTERN, max_length=80)]] = Field([], max_length=3)
    """The battlefield conditions rolled for the game (`scenario roll warmachine --chart frontier-conditions`)."""
    recon: dict[str, list[Annotated[int, Field(ge=1, le=6)]]] = {}
    """Each player's recon dice as they finally stood (after any +1 bought with Intel)."""
    advantages: dict[str, list[Annotated[str, Field(pattern=SLUG_PATTERN, max_length=80)]]] = {}
    """What each player's recon dice gave, rolled on their tables (`scenario roll warmachine --chart recon`)."""


class FrontierRound(LedgerModel):
    moves: dict[str, str] = {}
    assault_cost: dict[str, Literal["intel", "supply", "morale"]] = {}
    spent: dict[str, Spent] = {}
    gained: dict[str, Spent] = {}
    """Resources gained during the round's game (Lost Supplies' crates), held before `spent` is checked."""
    games: list[FrontierGame] = []


class FrontierFile(LedgerHeader):
    kind: Literal["frontier-campaign"]
    game: Literal["warmachine"] = "warmachine"
    players: list[str] = Field(min_length=1)
    rounds: list[FrontierRound] = []


@dataclass(frozen=True)
class Grid:
    """One player's claim grid and resource pool."""

    name: str
    controls: frozenset[str] = frozenset({HQ})
    resources: dict[str, int] = field(default_factory=lambda: dict.fromkeys(RESOURCES, 0))

    @property
    def key_territories(self) -> int:
        return sum(square in KEY_TERRITORIES for square in self.controls)


@dataclass(frozen=True)
class GameResult:
    players: tuple[str, ...]
    operations: tuple[str | None, ...]
    scenario: str | None
    """The scenario's name."""
    winner: str | None
    scenario_id: str | None = None
    attacker: str | None = None
    """The red player (None: the scenario's roll-off, not recorded)."""
    conditions: tuple[str, ...] = ()
    recon: dict[str, dict[str, list[int] | list[str]]] = field(default_factory=dict)
    """Per player: the recon dice and the advantages they gave."""

    @property
    def defender(self) -> str | None:
        return None if self.attacker is None else self.players[1 - self.players.index(self.attacker)]

    def as_dict(self) -> dict[str, object]:
        return {
            "players": list(self.players),
            "operations": list(self.operations),
            "scenario": self.scenario,
            "winner": self.winner,
            "scenario_id": self.scenario_id,
            "attacker": self.attacker,
            "defender": self.defender,
            "conditions": list(self.conditions),
            "recon": self.recon,
        }


@dataclass(frozen=True)
class Winner:
    name: str
    victory: Literal["major", "minor"]


@dataclass(frozen=True)
class FrontierResult(CampaignResult):
    """A replayed frontier campaign: the grids now, each round's games, the winner and every finding."""

    kind: ClassVar[str] = "frontier-campaign"

    name: str
    grids: tuple[Grid, ...]
    rounds: tuple[tuple[GameResult, ...], ...]
    winner: Winner | None
    findings: tuple[Finding, ...]
    gained: tuple[dict[str, dict[str, int]], ...] = ()
    """Per round, what each player gained during their game (counted)."""

    def winner_text(self) -> str | None:
        return None if self.winner is None else f"{self.winner.name} ({self.winner.victory} victory)"

    def as_dict(self) -> dict[str, Any]:
        """The `warbench campaign --json` object of a frontier campaign."""
        return {
            "valid": self.valid,
            "players": [
                {
                    "name": g.name,
                    "controls": sorted(g.controls),
                    "key_territories": g.key_territories,
                    "resources": dict(g.resources),
                }
                for g in self.grids
            ],
            "rounds": [
                {"games": [g.as_dict() for g in games], "gained": self.gained[r] if r < len(self.gained) else {}}
                for r, games in enumerate(self.rounds)
            ],
            "winner": None if self.winner is None else {"name": self.winner.name, "victory": self.winner.victory},
            "findings": self.finding_dicts(),
        }


def neighbours(square: str) -> set[str]:
    """The squares orthogonally next to one on the 4×4 grid."""
    col, row = "abcd".index(square[0]), int(square[1])
    steps = ((col - 1, row), (col + 1, row), (col, row - 1), (col, row + 1))
    return {f"{'abcd'[c]}{r}" for c, r in steps if 0 <= c < 4 and 1 <= r <= 4}


def operation(square: str) -> str:
    """The operation a square's keyword calls for: scout, resupply, rally, or assault on key territory."""
    return "assault" if square in KEY_TERRITORIES else OPERATION_OF[NAMED[square][1]]


def pairing(ours: str, theirs: str) -> Pairing:
    """The scenario the operations matrix gives two operations, and which of the two attacks (red)."""
    return from_matrix(game("warmachine").scenarios, ours, theirs)


def scenario_for(ours: str, theirs: str) -> str:
    """The name of the scenario the operations matrix gives for two operations."""
    name: str = pairing(ours, theirs).scenario.name
    return name


def recon_dice(intel_spent: int = 0, ambush: bool = False, advance_deployment: bool = False) -> int:
    """The recon dice pool: one die, one per Intel spent (at most two), one each for Ambush and Advance Deployment."""
    return 1 + min(max(intel_spent, 0), 2) + ambush + advance_deployment


def legal_moves(grid: Grid) -> list[str]:
    """Squares the player may pick next: neutral, next to one they control; key territory only with a resource to pay."""
    can_pay = any(grid.resources.values())
    return [
        s
        for s in SQUARES
        if s not in grid.controls and neighbours(s) & grid.controls and (can_pay or s not in KEY_TERRITORIES)
    ]


def generate(grid: Grid) -> Grid:
    """Step one: one resource from each controlled named location."""
    pool = dict(grid.resources)
    for square in grid.controls:
        if square in NAMED:
            pool[NAMED[square][1]] += 1
    return replace(grid, resources=pool)


def move_findings(grid: Grid, square: str, cost: str | None, where: str) -> tuple[Grid, list[Finding]]:
    """Check one move (neutral, adjacent, assault paid) and take the assault cost from the pool."""
    found = []
    if square in grid.controls:
        found.append(error("frontier/not-neutral", where, f"{grid.name} already controls {square}"))
    elif not neighbours(square) & grid.controls:
        found.append(
            error("frontier/not-adjacent", where, f"{grid.name}: {square} is not next to a square they control")
        )
    if square not in KEY_TERRITORIES:
        return grid, found
    if cost is None:
        found.append(
            error("frontier/assault-cost", where, f"{grid.name}: an assault on {square} must discard a resource")
        )
    elif grid.resources[cost] < 1:
        found.append(
            error("frontier/assault-cost", where, f"{grid.name} has no {cost} to discard for the assault on {square}")
        )
    else:
        return replace(grid, resources={**grid.resources, cost: grid.resources[cost] - 1}), found
    return grid, found


def spend(grid: Grid, spent: Spent, where: str) -> tuple[Grid, list[Finding]]:
    """Take what the player spent in recon and battle from their pool; spending more than they hold is a finding."""
    pool, found = dict(grid.resources), []
    for kind in RESOURCES:
        amount = getattr(spent, kind)
        if amount > pool[kind]:
            found.append(
                error(
                    "frontier/overspent",
                    f"{where}.{kind}",
                    f"{grid.name} spends {amount} {kind} but holds {pool[kind]}",
                )
            )
        pool[kind] = max(pool[kind] - amount, 0)
    return replace(grid, resources=pool), found


def check_square(square: str, where: str) -> None:
    if square not in SQUARES:
        raise LedgerError(f"{where}: {square!r} is not a square of the claim grid (a1 to d4)")


def next_grids(result: FrontierResult) -> list[Grid]:
    """Each grid as it stands at the start of the next round (resources generated), for offering legal moves."""
    return [generate(grid) for grid in result.grids]


def read_frontier(data: dict[str, Any], source: str) -> FrontierFile:
    """The frontier model of a parsed file; players named once."""
    campaign = validate_model(FrontierFile, data, source)
    if len(set(campaign.players)) != len(campaign.players):
        raise LedgerError(f"{source}: players: a player is named twice")
    return campaign
