"""What a Warsurge catalogue loads with but is worth saying: a unit no roster can take, its models worth less than the
model minimum whatever they carry. (A weapon no unit lists is not one: an armoury holds weapons for units to come, as
the free rules' own example armoury does.)"""

from __future__ import annotations

from builder.findings import Finding, warning
from builder.games.warsurge.catalogue import WarsurgeCatalogue
from builder.games.warsurge.points import below
from builder.points import show


def warnings(catalogue: WarsurgeCatalogue) -> list[Finding]:
    """Each warning, in the order of the catalogue's units."""
    found: list[Finding] = []
    minimum = catalogue.rules.model_minimum
    weapons = catalogue.weapons_by_id
    for u, unit in enumerate(catalogue.units):
        priced = any(weapons[ref].points > 0 for ref in unit.weapons if ref in weapons)
        if below(unit.points, minimum) and not priced:
            found.append(
                warning(
                    "warsurge/unit-unpriced",
                    f"units[{u}].points",
                    f"a model costs {show(unit.points)} and none of its weapons costs anything: a model must be "
                    f"worth at least {show(minimum)}, so no roster can take it",
                )
            )
    return found
