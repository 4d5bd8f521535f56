"""What Tinmen's editor shows and does: a browser of units, the force's lines, add and remove."""

from __future__ import annotations

from builder.editing.base import BrowserEntry, GameAdapter, RosterLine, remove_entry
from tinmen.models import TinmenCatalogue, TinmenRoster, TinmenRosterUnit


class TinmenAdapter(GameAdapter[TinmenRoster, TinmenCatalogue]):
    game = "tinmen"

    def browser(self, roster: TinmenRoster) -> list[BrowserEntry]:
        taken = [u.id for u in roster.units]
        return [
            BrowserEntry(u.id, u.name, "Units", f"{u.points} pts", count=taken.count(u.id))
            for u in self.catalogue.units
        ]

    def lines(self, roster: TinmenRoster) -> list[RosterLine]:
        return [
            RosterLine(f"units[{i}]", u.name if (u := self.catalogue.unit(unit.id)) else unit.id)
            for i, unit in enumerate(roster.units)
        ]

    def add(self, roster: TinmenRoster, entry: str) -> str | None:
        if self.catalogue.unit(entry) is None:
            raise ValueError(f"no unit '{entry}'")
        roster.units = [*roster.units, TinmenRosterUnit(id=entry)]
        return f"units[{len(roster.units) - 1}]"

    def remove(self, roster: TinmenRoster, key: str) -> str | None:
        return remove_entry(roster, "units", key, None)[1]
