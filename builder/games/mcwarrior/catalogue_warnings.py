"""What a McWarrior catalogue loads with but is worth saying: an Active upgrade whose use gives no heat the battle can
record, and a heat given to a passive upgrade, which nothing uses."""

from __future__ import annotations

from builder.findings import Finding, warning
from builder.games.mcwarrior.battle import HEAT_RESETS, SHIELDS, USE_HEAT
from builder.games.mcwarrior.catalogue import McWarriorCatalogue

USED_WITHOUT_HEAT = USE_HEAT.keys() | HEAT_RESETS | SHIELDS
"""The book's upgrades whose use the battle knows without a `heat` from the catalogue."""


def warnings(catalogue: McWarriorCatalogue) -> list[Finding]:
    """Each warning, in the order of the catalogue's upgrades."""
    found: list[Finding] = []
    for u, upgrade in enumerate(catalogue.upgrades):
        if upgrade.active and upgrade.heat is None and upgrade.id not in USED_WITHOUT_HEAT:
            found.append(
                warning(
                    "mcwarrior/upgrade-heat",
                    f"upgrades[{u}].heat",
                    "an Active upgrade with no heat: a battle cannot record its use (give the heat one use makes)",
                )
            )
        elif not upgrade.active and upgrade.heat is not None:
            found.append(
                warning(
                    "mcwarrior/upgrade-heat",
                    f"upgrades[{u}].heat",
                    "heat on a passive upgrade: nothing uses it (mark it active, or take the heat out)",
                )
            )
    return found
