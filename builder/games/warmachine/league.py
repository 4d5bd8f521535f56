"""The Warmachine journeyman league: stages, league points per goal, growing armies, standings, achievements."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, Literal

from builder.campaigns.ledger import (
    CampaignResult,
    LedgerHeader,
    LedgerModel,
    most,
    read_army,
    validate_model,
)
from builder.findings import Finding, error
from builder.games.warmachine import league_army
from builder.roster.common import PathText
from builder.roster.files import LoadedRoster

GOALS = (
    "painted-leader",
    "painted-unit",
    "painted-cohort",
    "painted-all-new",
    "played-one",
    "played-five",
    "played-each",
    "themed-terrain",
)
ACHIEVEMENTS = (
    "best-strategist",
    "best-artisan",
    "best-commander",
    "seasoned-veteran",
    "battle-hardened",
    "apprentice",
)
MINOR = (("seasoned-veteran", None, 10), ("battle-hardened", 3, 8), ("apprentice", 2, 6))
"""Minor achievements: (id, stages that must count — None for every stage — and league points needed)."""


class StageGoals(LedgerModel):
    goals: list[str] = []


class LeaguePlayer(LedgerModel):
    name: str
    armies: list[PathText] = []
    painted_army: bool = False
    stages: list[StageGoals] = []


class Vote(LedgerModel):
    voter: str
    artisan: str | None = None
    commander: str | None = None


class LeagueFile(LedgerHeader):
    kind: Literal["league"]
    game: Literal["warmachine"] = "warmachine"
    stages: list[int] = [30, 50, 75, 100]
    players: list[LeaguePlayer]
    votes: list[Vote] = []


@dataclass(frozen=True)
class StageResult:
    stage: int
    level: int
    league_points: int
    counts: bool
    """The player played a game and painted a model in this stage."""


@dataclass(frozen=True)
class PlayerStanding:
    name: str
    points: int
    stages: tuple[StageResult, ...]
    achievements: tuple[str, ...]


@dataclass(frozen=True)
class LeagueResult(CampaignResult):
    """A replayed league: the standings (best first) and every finding."""

    kind: ClassVar[str] = "league"

    name: str
    levels: tuple[int, ...]
    players: tuple[PlayerStanding, ...]
    findings: tuple[Finding, ...]

    def as_dict(self) -> dict[str, Any]:
        """The `warbench league --json` object."""
        return {
            "valid": self.valid,
            "players": [
                {
                    "name": p.name,
                    "points": p.points,
                    "stages": [
                        {"stage": s.stage, "level": s.level, "league_points": s.league_points} for s in p.stages
                    ],
                    "achievements": list(p.achievements),
                }
                for p in self.players
            ],
            "findings": self.finding_dicts(),
        }


def goal_findings(league: LeagueFile) -> list[Finding]:
    """`league/goal`: only known goals, each once per stage, themed terrain once per league."""
    found = []
    for p, player in enumerate(league.players):
        terrain_stage = None
        for s, stage in enumerate(player.stages):
            where = f"players[{p}].stages[{s}].goals"
            for goal, n in Counter(stage.goals).items():
                if goal not in GOALS:
                    found.append(error("league/goal", where, f"{player.name}, stage {s + 1}: unknown goal {goal!r}"))
                elif n > 1:
                    found.append(error("league/goal", where, f"{player.name}, stage {s + 1}: {goal} listed {n} times"))
            if "themed-terrain" in stage.goals:
                if terrain_stage is not None:
                    found.append(
                        error(
                            "league/goal",
                            where,
                            f"{player.name}, stage {s + 1}: themed terrain "
                            f"already scored in stage {terrain_stage + 1} (once per league)",
                        )
                    )
                else:
                    terrain_stage = s
    return found


def stage_order_findings(league: LeagueFile) -> list[Finding]:
    """`league/stage-order`: no more stages than the league, and an army for each stage played."""
    found = []
    for p, player in enumerate(league.players):
        if len(player.stages) > len(league.stages):
            found.append(
                error(
                    "league/stage-order",
                    f"players[{p}].stages",
                    f"{player.name} has {len(player.stages)} stages; the league has {len(league.stages)}",
                )
            )
        if len(player.armies) < len(player.stages):
            found.append(
                error(
                    "league/stage-order",
                    f"players[{p}].armies",
                    f"{player.name} played {len(player.stages)} stages with "
                    f"{len(player.armies)} armies; each stage needs its army",
                )
            )
        if len(player.armies) > len(league.stages):
            found.append(
                error(
                    "league/stage-order",
                    f"players[{p}].armies",
                    f"{player.name} has {len(player.armies)} armies; the league has {len(league.stages)} stages",
                )
            )
    return found


def vote_findings(league: LeagueFile) -> list[Finding]:
    """`league/vote`: voters and votes name players, one vote of each kind per voter, never oneself."""
    names = {p.name for p in league.players}
    found, voted = [], set()
    for v, vote in enumerate(league.votes):
        where = f"votes[{v}]"
        if vote.voter not in names:
            found.append(error("league/vote", f"{where}.voter", f"{vote.voter!r} is not a player of the league"))
        elif vote.voter in voted:
            found.append(error("league/vote", f"{where}.voter", f"{vote.voter} has already voted"))
        voted.add(vote.voter)
        for kind in ("artisan", "commander"):
            choice = getattr(vote, kind)
            if choice is None:
                continue
            if choice not in names:
                found.append(error("league/vote", f"{where}.{kind}", f"{vote.voter}: {choice!r} is not a player"))
            elif choice == vote.voter:
                found.append(error("league/vote", f"{where}.{kind}", f"{vote.voter} votes for themself as {kind}"))
    return found


def growth_findings(earlier: LoadedRoster, later: LoadedRoster, stage: int, where: str, who: str) -> list[Finding]:
    """`warmachine/league-growth` between two consecutive stage armies, from the Warmachine rules themselves."""
    found = league_army.growth_findings(earlier, later, stage)
    return [error(f.code, where, f"{who}: {f.message}") for f in found]


def army_findings(league: LeagueFile, base: Path) -> list[Finding]:
    """`league/army-points` per stage army, and `warmachine/league-growth` between consecutive ones."""
    found = []
    for p, player in enumerate(league.players):
        armies = [
            read_army(base, path, "warmachine", f"players[{p}].armies[{a}]", "league")
            for a, path in enumerate(player.armies)
        ]
        for a, army in enumerate(armies):
            where = f"players[{p}].armies[{a}]"
            if a < len(league.stages) and (cost := league_army.army_points(army)) > league.stages[a]:
                found.append(
                    error(
                        "league/army-points",
                        where,
                        f"{player.name}, stage {a + 1}: the army costs "
                        f"{cost} points, over the stage's {league.stages[a]}-point level",
                    )
                )
            if a:
                found += growth_findings(armies[a - 1], army, a + 1, where, f"{player.name}, stage {a + 1}")
    return found


def stage_points(goals: list[str], terrain_scored: bool) -> int:
    """League points of one stage: one per distinct known goal; themed terrain only if not scored before."""
    return sum(1 for g in set(goals) if g in GOALS and not (g == "themed-terrain" and terrain_scored))


def stage_results(player: LeaguePlayer, levels: list[int]) -> tuple[StageResult, ...]:
    """Each stage the player reached with its level, league points and whether it counts for achievements."""
    results, terrain = [], False
    for s, stage in enumerate(player.stages):
        points = stage_points(stage.goals, terrain)
        terrain = terrain or "themed-terrain" in stage.goals
        counts = "played-one" in stage.goals and any(g.startswith("painted-") for g in stage.goals)
        level = levels[s] if s < len(levels) else 0
        results.append(StageResult(s + 1, level, points, counts))
    return tuple(results)


def achievements(
    league: LeagueFile, points: dict[str, int], stages: dict[str, tuple[StageResult, ...]]
) -> dict[str, list[str]]:
    """Achievement ids per player: majors to the most (ties shared), minors to everyone past the thresholds."""
    won: dict[str, list[str]] = {p.name: [] for p in league.players}
    painted = {p.name for p in league.players if p.painted_army}
    names = set(won)
    valid_votes = [v for v in league.votes if v.voter in names]
    artisan = Counter({p.name: 0 for p in league.players if p.name in painted})
    artisan.update(v.artisan for v in valid_votes if v.artisan in painted and v.artisan != v.voter)
    commander = Counter({p.name: 0 for p in league.players})
    commander.update(v.commander for v in valid_votes if v.commander in names and v.commander != v.voter)
    for achievement, counts in (
        ("best-strategist", points),
        ("best-artisan", dict(artisan)),
        ("best-commander", dict(commander)),
    ):
        for name in most(counts):
            won[name].append(achievement)
    for name in won:
        counting = sum(s.counts for s in stages[name])
        for achievement, needed, threshold in MINOR:
            if counting >= (len(league.stages) if needed is None else needed) and points[name] >= threshold:
                won[name].append(achievement)
    return won


def replay_league(league: LeagueFile, base: Path) -> LeagueResult:
    """Replay a league: every check, the league points per stage, standings and achievements."""
    findings = (
        stage_order_findings(league) + goal_findings(league) + vote_findings(league) + army_findings(league, base)
    )
    stages = {p.name: stage_results(p, league.stages) for p in league.players}
    points = {name: sum(s.league_points for s in results) for name, results in stages.items()}
    won = achievements(league, points, stages)
    standings = sorted(
        (PlayerStanding(p.name, points[p.name], stages[p.name], tuple(won[p.name])) for p in league.players),
        key=lambda s: -s.points,
    )
    return LeagueResult(league.name, tuple(league.stages), tuple(standings), tuple(findings))


def read_league(data: dict[str, Any], source: str) -> LeagueFile:
    """The league model of a parsed file."""
    return validate_model(LeagueFile, data, source)
