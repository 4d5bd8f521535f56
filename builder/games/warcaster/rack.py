"""Warcaster rack rules: how many Cypher cards, one copy each, enough of each type, faction Cyphers."""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.findings import Finding, error
from builder.games.warcaster.catalogue import CYPHER_TYPES
from builder.games.warcaster.rules_base import RULES, name, tables, with_article
from catalog.wording import counted

if TYPE_CHECKING:
    from builder.games.warcaster.catalogue import WarcasterCatalogue
    from builder.games.warcaster.roster import WarcasterRoster


@RULES.rule("warcaster/rack-size")
def check_rack_size(roster: WarcasterRoster, catalogue: WarcasterCatalogue) -> list[Finding]:
    """The rack holds rack_min to rack_max Cypher cards."""
    fmt = tables(catalogue).formats.get(roster.format)
    size = len(roster.rack)
    if fmt is None or fmt.rack_min <= size <= fmt.rack_max:
        return []
    path = f"rack[{fmt.rack_max}]" if size > fmt.rack_max else "rack"
    return [
        error(
            "warcaster/rack-size",
            path,
            f"{counted(size, 'Cypher')} in the rack — it holds {fmt.rack_min} to {fmt.rack_max}",
        )
    ]


@RULES.rule("warcaster/rack-unique")
def check_rack_unique(roster: WarcasterRoster, catalogue: WarcasterCatalogue) -> list[Finding]:
    """Only one copy of each Cypher card (each repeated card is reported once, at its second copy)."""
    cyphers = tables(catalogue).cyphers
    seen: dict[str, int] = {}
    findings = []
    for j, cypher_id in enumerate(roster.rack):
        seen[cypher_id] = seen.get(cypher_id, 0) + 1
        if seen[cypher_id] == 2:
            findings.append(
                error(
                    "warcaster/rack-unique",
                    f"rack[{j}]",
                    f"{name(cyphers, cypher_id)} is in the rack {roster.rack.count(cypher_id)} "
                    "times — one copy of each Cypher",
                )
            )
    return findings


def rack_type_counts(roster: WarcasterRoster, catalogue: WarcasterCatalogue) -> dict[str, int]:
    """Cards of each Cypher type in the rack (unknown Cyphers count toward none)."""
    cyphers = tables(catalogue).cyphers
    counts: dict[str, int] = dict.fromkeys(CYPHER_TYPES, 0)
    for cypher_id in roster.rack:
        cypher = cyphers.get(cypher_id)
        if cypher is not None:
            counts[cypher.type] += 1
    return counts


@RULES.rule("warcaster/rack-types")
def check_rack_types(roster: WarcasterRoster, catalogue: WarcasterCatalogue) -> list[Finding]:
    """At least rack_min_per_type cards of each type: Fury, Geometric, Harmonic, Overdrive."""
    fmt = tables(catalogue).formats.get(roster.format)
    if fmt is None:
        return []
    return [
        error(
            "warcaster/rack-types",
            "rack",
            f"{counted(count, kind.capitalize() + ' Cypher')} in the rack — "
            f"it needs at least {fmt.rack_min_per_type} of each type",
        )
        for kind, count in rack_type_counts(roster, catalogue).items()
        if count < fmt.rack_min_per_type
    ]


@RULES.rule("warcaster/rack-faction")
def check_rack_faction(roster: WarcasterRoster, catalogue: WarcasterCatalogue) -> list[Finding]:
    """A faction's own Cyphers only in that faction's rack; the core Cyphers are open to all."""
    code = "warcaster/rack-faction"
    cyphers = tables(catalogue).cyphers
    factions = tables(catalogue).factions
    findings = []
    for j, cypher_id in enumerate(roster.rack):
        cypher = cyphers.get(cypher_id)
        if cypher is None:
            findings.append(
                error(code, f"rack[{j}]", f"unknown Cypher '{cypher_id}' is not in catalogue '{catalogue.id}'")
            )
        elif cypher.faction is not None and cypher.faction != roster.faction:
            owner, ours = name(factions, cypher.faction), name(factions, roster.faction)
            findings.append(
                error(
                    code,
                    f"rack[{j}]",
                    f"{cypher.name} is {with_article(owner)} Cypher — not for {with_article(ours)} rack",
                )
            )
    return findings
