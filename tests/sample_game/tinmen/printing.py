"""Tinmen on paper and at the table: a card per unit, the plain-text list, and each unit's springs in battle."""

from __future__ import annotations

from builder.findings import Report
from exports.pdf.blocks import Stats
from exports.pdf.card import Card
from exports.pdf.content import GameContent, group
from tinmen.models import TinmenCatalogue, TinmenRoster
from tinmen.rules import TinmenTotals


def content(roster: TinmenRoster, catalogue: TinmenCatalogue, report: Report) -> GameContent:
    cards = []
    for unit, count in group(roster.units, lambda u: u.id):
        entry = catalogue.unit(unit.id)
        if entry is not None:
            stats = Stats(("PTS", "SPRINGS"), (str(entry.points), str(entry.springs)))
            cards.append(Card(entry.name, count=count, blocks=[stats], footer=f"{entry.points} pts"))
    return GameContent(facts=[("Points", f"{report.totals.as_dict()['points']}/{roster.points}")], cards=cards)


def lines(roster: TinmenRoster, catalogue: TinmenCatalogue, totals: TinmenTotals) -> list[str]:
    names = [u.name if (u := catalogue.unit(unit.id)) else unit.id for unit in roster.units]
    return [f"{totals.points}/{roster.points} points", *(f"  {n}. {name}" for n, name in enumerate(names, 1))]
