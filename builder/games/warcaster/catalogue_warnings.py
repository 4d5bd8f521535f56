"""What a Warcaster catalogue loads with but is worth saying: a warjack (or hero, solo, vehicle, mantlet) without the
DC or damage boxes its card gives, and a weapon no unit can take."""

from __future__ import annotations

from builder.findings import Finding, warning
from builder.games.warcaster.catalogue import WarcasterCatalogue

UNCOUNTED = ("squad", "attachment")
"""Not warned of: an attachment adds to its squad's DC (`dc_modifier`) and BattleScribe's data, which the bundled
catalogue is made from, gives squads and attachments no health; every other card prints its DC and Health."""


def warnings(catalogue: WarcasterCatalogue) -> list[Finding]:
    """Each warning, in the order of the catalogue's entries: units first, then weapons."""
    found: list[Finding] = []
    for u, unit in enumerate(catalogue.units):
        if unit.type in UNCOUNTED:
            continue
        if unit.dc is None:
            found.append(
                warning(
                    "warcaster/unit-dc",
                    f"units[{u}].dc",
                    "no deployment cost (dc): the force counts it as DC 0, and it deploys for no Arc",
                )
            )
        if unit.health is None:
            found.append(
                warning(
                    "warcaster/unit-health",
                    f"units[{u}].health",
                    "no damage boxes (health): its card and the battle give it 1 box",
                )
            )
    taken = {ref for unit in catalogue.units for ref in unit.weapons}
    taken |= {option.weapon for unit in catalogue.units for slot in unit.hardpoints for option in slot.options}
    taken |= {part for weapon in catalogue.weapons if weapon.id in taken for part in weapon.parts}
    found += [
        warning(
            "warcaster/weapon-unused",
            f"weapons[{w}]",
            "no unit carries it or offers it on a hardpoint, so no force can take it",
        )
        for w, weapon in enumerate(catalogue.weapons)
        if weapon.id not in taken
    ]
    return found
