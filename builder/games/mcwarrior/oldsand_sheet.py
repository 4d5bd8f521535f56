"""The Battle for Port Oldsand on its noticeboard sheet: each player's districts and budget, the encounter roll."""

from __future__ import annotations

from builder.campaigns.noticeboard import BODY, HEADING, SMALL, Page
from builder.games.mcwarrior.oldsand import ENCOUNTER_SCENARIOS, OldsandResult, legal_picks
from catalog.wording import counted


def oldsand_page(page: Page, result: OldsandResult) -> None:
    for p in result.players:
        page.line(f"{p.name}: {counted(len(p.districts), 'district')}, warband budget {p.bolts} bolts", HEADING, True)
        page.wrapped(f"Holds {', '.join(p.districts)}", BODY, 10)
        if result.winner is None:
            page.wrapped(f"May pick next: {', '.join(legal_picks(result, p.name))}", BODY, 10)
        page.y -= 4
    if result.winner is None:
        page.line(f"Round {len(result.rounds) + 1}: roll a d6 for each encounter's scenario", HEADING, True)
        page.table([["Roll", "Scenario"], *[[str(n), name] for n, name in ENCOUNTER_SCENARIOS.items()]], [40, 300])
        page.line("A 6 in a district nobody owns is rolled again.", SMALL)
