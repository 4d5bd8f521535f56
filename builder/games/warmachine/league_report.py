"""The journeyman league as plain text: the standings, league points per stage and achievements."""

from __future__ import annotations

from builder.games.warmachine.league import LeagueResult


def league_text(result: LeagueResult) -> list[str]:
    levels = " → ".join(str(level) for level in result.levels)
    lines = [
        f"{result.name or 'League'}: {'valid' if result.valid else 'NOT VALID'} (stages {levels})",
        f"  {'player':<20} {'points':>6}  per stage   achievements",
    ]
    for p in result.players:
        per = " ".join(str(s.league_points) for s in p.stages) or "-"
        lines.append(f"  {p.name:<20} {p.points:>6}  {per:<11} {', '.join(p.achievements)}")
    return lines
