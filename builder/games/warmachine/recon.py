"""Frontier recon: each player's recon dice (from the pool they paid for) and the advantages they gave."""

from __future__ import annotations

from builder.findings import Finding, error
from builder.game import game

MOST_BOUGHT = 2
"""Intel buys at most two extra recon dice."""
ARMY_DICE = 2
"""One more die each for an army with Ambush and one with Advance Deployment."""


def bands() -> dict[str, tuple[set[int], set[str]]]:
    """Per advantage table: the die results that give one, and the table's effect ids (from the recon chart)."""
    book = game("warmachine").scenarios
    charts = {chart.id: chart for chart in book.charts}
    return {
        row.table: (set(row.roll), {r.result for r in charts[row.table].rows})
        for row in charts["recon"].rows
        if row.table
    }


def recon_findings(
    players: list[str],
    recon: dict[str, list[int]],
    advantages: dict[str, list[str]],
    intel_spent: dict[str, int],
    where: str,
    round_number: int,
) -> list[Finding]:
    """`frontier/recon`: dice only for the game's players, no more than their pool (1, up to 2 bought with Intel,
    1 each for Ambush and Advance Deployment), and advantages only as their dice gave them."""
    found: list[Finding] = []
    tables = bands()
    for name in sorted(set(recon) | set(advantages)):
        path = f"{where}.recon.{name}" if name in recon else f"{where}.advantages.{name}"
        if name not in players:
            found.append(error("frontier/recon", path, f"round {round_number}: {name} does not play this game"))
            continue
        dice = recon.get(name, [])
        pool = 1 + min(intel_spent.get(name, 0), MOST_BOUGHT) + ARMY_DICE
        if len(dice) > pool:
            found.append(
                error(
                    "frontier/recon",
                    f"{where}.recon.{name}",
                    f"round {round_number}: {name} rolls "
                    f"{len(dice)} recon dice; their pool is at most {pool} (1, "
                    f"{min(intel_spent.get(name, 0), MOST_BOUGHT)} bought with Intel, 1 each for Ambush "
                    "and Advance Deployment)",
                )
            )
        for table, (rolls, effects) in tables.items():
            gained = [a for a in advantages.get(name, []) if a in effects]
            earned = sum(d in rolls for d in dice)
            if len(gained) > earned:
                found.append(
                    error(
                        "frontier/recon",
                        f"{where}.advantages.{name}",
                        f"round {round_number}: {name} "
                        f"has {len(gained)} {table.replace('-', ' ')} results but rolled {earned} "
                        f"{' or '.join(map(str, sorted(rolls)))}",
                    )
                )
        known = set().union(*(effects for _rolls, effects in tables.values()))
        found += [
            error(
                "frontier/recon",
                f"{where}.advantages.{name}",
                f"round {round_number}: {a!r} is not a Basic Advantage, Tactical Gambit or Strategic Strike",
            )
            for a in advantages.get(name, [])
            if a not in known
        ]
    return found
