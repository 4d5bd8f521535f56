"""What a Warmachine catalogue loads with but is worth saying: a warjack without its damage grid or boxes, and a
Leader without the FOC its battle focus comes from."""

from __future__ import annotations

from builder.findings import Finding, warning
from builder.games.warmachine.catalogue import WarmachineCatalogue


def warnings(catalogue: WarmachineCatalogue) -> list[Finding]:
    """Each warning, in the order of the catalogue's entries."""
    found: list[Finding] = []
    for e, entry in enumerate(catalogue.entries):
        if entry.type == "warjack" and not entry.grid and entry.damage is None:
            found.append(
                warning(
                    "warmachine/warjack-damage",
                    f"entries[{e}].damage",
                    "no damage grid or damage boxes: its card and the battle give it 1 box",
                )
            )
        if entry.type == "leader" and (entry.stats is None or entry.stats.foc is None):  # a marshal's card has none
            found.append(
                warning(
                    "warmachine/leader-foc",
                    f"entries[{e}].stats.foc",
                    "no FOC: in a battle it has 0 focus (or fury) each turn to allocate",
                )
            )
    return found
