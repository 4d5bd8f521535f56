"""The journeyman league on its noticeboard sheet: the standings per stage and each player's achievements."""

from __future__ import annotations

from builder.campaigns.noticeboard import HEADING, Page
from builder.games.warmachine.league import LeagueResult


def league_page(page: Page, result: LeagueResult) -> None:
    page.line(f"Standings ({' → '.join(str(level) for level in result.levels)} points)", HEADING, True)
    stages = len(result.levels)
    rows = [["Player", "Points", *[f"Stage {n + 1}" for n in range(stages)]]]
    for p in result.players:
        per = [str(s.league_points) for s in p.stages] + ["–"] * (stages - len(p.stages))
        rows.append([p.name, str(p.points), *per])
    page.table(rows, [120, 50, *[50] * stages])
    page.line("Achievements", HEADING, True)
    for p in result.players:
        page.wrapped(f"{p.name}: {', '.join(a.replace('-', ' ') for a in p.achievements) or '—'}")
