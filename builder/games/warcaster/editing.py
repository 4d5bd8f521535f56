"""Warcaster: Neo-Mechanika for the editor: browser entries, roster lines, loadouts with their limits, the rack."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any, NamedTuple

from builder.editing.base import (
    BrowserEntry,
    Choice,
    GameAdapter,
    RosterLine,
    SettingField,
    State,
    TotalItem,
    insert_copy,
    remove_entry,
    totals_of,
)
from builder.findings import Report
from builder.games.warcaster.catalogue import Format, Unit, WarcasterCatalogue
from builder.games.warcaster.editing_loadout import LoadoutMixin
from builder.games.warcaster.roster import WarcasterRoster, WarcasterUnit
from builder.games.warcaster.rules_base import unit_dc, weapon_points
from builder.games.warcaster.totals import WarcasterTotals
from builder.spans import NO_BREAK, Spans, joined, spans, title
from catalog.models.common import Named
from catalog.wording import counted

GROUPS = {
    "warjack": "Warjacks",
    "vehicle": "Vehicles",
    "squad": "Squads",
    "solo": "Solos",
    "hero": "Heroes",
    "mantlet": "Mantlets",
}
TYPE_LETTER = {"fury": "F", "geometric": "G", "harmonic": "H", "overdrive": "O"}
STAT_NAMES = (("spd", "SPD"), ("strength", "STR"), ("mat", "MAT"), ("rat", "RAT"), ("defense", "DEF"), ("arm", "ARM"))


class RackItem(NamedTuple):
    """A Cypher the faction's rack may hold."""

    key: str
    name: str
    type: str
    detail: Spans


class WarcasterAdapter(LoadoutMixin, GameAdapter[WarcasterRoster, WarcasterCatalogue]):
    """The Warcaster editor's view of a force."""

    game = "warcaster"

    # -- catalogue look-ups ----------------------------------------------------
    def serves(self, unit: Unit, faction: str) -> bool:
        return unit.faction == faction or (unit.faction == "wild-card" and faction in unit.serves)

    def fmt(self, roster: WarcasterRoster) -> Format:
        return self.catalogue.format(roster.format) or self.catalogue.formats[0]

    def name_of(self, kind: str, key: str | None) -> str:
        entry = self.catalogue.known(kind).get(key) if key else None
        return entry.name if isinstance(entry, Named) else (key or "—")

    def weapon_line(self, weapon_id: str, cost: int | None = None) -> str:
        weapon = self.catalogue.weapon(weapon_id)
        parts = [] if cost is None else [f"{cost}{NO_BREAK}WP"]
        if weapon is not None:
            parts += [
                f"RNG{NO_BREAK}{weapon.rng}" if weapon.rng is not None else "",
                f"POW{NO_BREAK}{weapon.pow}" if weapon.pow is not None else "",
            ]
        return "  ".join(p for p in parts if p)

    def slot_cost(self, unit_entry: Unit, slot: str, weapon: str) -> int:
        hardpoint = unit_entry.hardpoint(slot)
        option = next((o for o in hardpoint.options if o.weapon == weapon), None) if hardpoint else None
        return (option.cost or 0) if option else 0

    def used_points(self, unit: WarcasterUnit, skip: str | None = None) -> int:
        return weapon_points(self.catalogue, unit, skip)

    def unit_dc(self, unit: WarcasterUnit) -> int:
        return unit_dc(self.catalogue, unit) or 0

    def rules_text(self, rule_ids: Iterable[str]) -> Spans:
        lines = []
        for rule_id in rule_ids:
            rule = self.catalogue.rule(rule_id)
            if rule is not None:
                lines.append(spans(title(rule.name), f": {rule.summary}" if rule.summary else ""))
        return joined(lines)

    def unit_detail(self, entry: Unit) -> Spans:
        """The browser's text about a unit (the catalogue never changes: computed once per unit)."""
        cache: dict[str, Spans] = self.__dict__.setdefault("_details", {})
        if entry.id not in cache:
            cache[entry.id] = self._unit_detail(entry)
        return cache[entry.id]

    def _unit_detail(self, entry: Unit) -> Spans:
        faction = "Wild Card" if entry.faction == "wild-card" else self.name_of("faction", entry.faction)
        kind = f"{entry.weight} {entry.type}" if entry.weight else entry.type
        head: list[Spans | str] = [spans(title(entry.name), f"  {kind} · {faction}")]
        figures = [
            f"DC{NO_BREAK}{entry.dc}" if entry.dc is not None else "",
            f"DMG{NO_BREAK}{entry.health}" if entry.health else "",
            f"{entry.models}{NO_BREAK}models" if entry.models > 1 else "",
            f"{entry.weapon_points}{NO_BREAK}WP" if entry.weapon_points is not None else "",
        ]
        stats = [
            f"{label}{NO_BREAK}{getattr(entry.stats, name)}"
            for name, label in STAT_NAMES
            if getattr(entry.stats, name) is not None
        ]
        head.append("  ".join(f for f in figures + stats if f))
        if entry.weapons:
            head.append(
                "Weapons: " + ", ".join(f"{self.name_of('weapon', w)} ({self.weapon_line(w)})" for w in entry.weapons)
            )
        if entry.cortexes:
            head.append("Cortexes: " + ", ".join(self.name_of("cortex", c) for c in entry.cortexes))
        if entry.hardpoints:
            head.append("Hardpoints: " + ", ".join(h.name for h in entry.hardpoints))
        if entry.type == "attachment" and entry.joins:
            head.append("Joins: " + ", ".join(self.name_of("unit", j) for j in entry.joins))
        rules = self.rules_text(entry.rules)
        return joined(head + ([rules] if rules else []))

    # -- what the player sees --------------------------------------------------
    def describe(self, roster: WarcasterRoster) -> str:
        return f"{self.name_of('faction', roster.faction)} · {self.fmt(roster).name}"

    def extra(self, roster: WarcasterRoster) -> dict[str, str]:
        return {"rack": f"Rack {len(roster.rack)}"}

    def browser(self, roster: WarcasterRoster) -> list[BrowserEntry]:
        counts = Counter(u.id for u in roster.units)
        entries = []
        for kind, group in GROUPS.items():
            for entry in self.catalogue.units:
                if entry.type == kind and self.serves(entry, roster.faction):
                    cost = (
                        f"{entry.weapon_points} WP"
                        if entry.weapon_points is not None
                        else (f"DC {entry.dc}" if entry.dc is not None else "")
                    )
                    entries.append(
                        BrowserEntry(entry.id, entry.name, group, cost, self.unit_detail(entry), counts[entry.id])
                    )
        return entries

    def loadout_summary(self, unit: WarcasterUnit) -> str:
        entry = self.catalogue.unit(unit.id)
        if entry is None:
            return ""
        parts = []
        if entry.cortexes:
            parts.append(self.name_of("cortex", unit.cortex) if unit.cortex else "no cortex")
        if entry.hardpoints:
            weapons = [
                self.name_of("weapon", unit.hardpoints[h.id]) for h in entry.hardpoints if h.id in unit.hardpoints
            ]
            parts.append(", ".join(weapons) or "no weapons")
            parts.append(f"{self.used_points(unit)}/{entry.weapon_points or 0} WP")
        if unit.attachments:
            parts.append("+ " + ", ".join(self.name_of("unit", a) for a in unit.attachments))
        return " · ".join(parts)

    def lines(self, roster: WarcasterRoster) -> list[RosterLine]:
        return [
            RosterLine(f"units[{i}]", self.name_of("unit", u.id), f"DC {self.unit_dc(u)}", self.loadout_summary(u))
            for i, u in enumerate(roster.units)
        ]

    def totals(self, roster: WarcasterRoster, report: Report) -> list[TotalItem]:
        t = totals_of(report.totals, WarcasterTotals)

        def limit(n: int, most: int | None) -> State:
            return "over" if most is not None and n > most else "ok"

        items = [
            TotalItem("Units", f"{t.units}/{t.max_units}", limit(t.units, t.max_units)),
            TotalItem("Heroes", f"{t.heroes}/{t.max_heroes}", limit(t.heroes, t.max_heroes)),
        ]
        if t.mantlets:
            items.append(TotalItem("Mantlets", f"{t.mantlets}/{t.max_mantlets}", limit(t.mantlets, t.max_mantlets)))
        rack_state: State = "under" if t.rack_min is not None and t.rack < t.rack_min else limit(t.rack, t.rack_max)
        items.append(TotalItem("Rack", f"{t.rack} ({t.rack_min}–{t.rack_max})", rack_state))
        for kind, letter in TYPE_LETTER.items():
            count = t.rack_types.get(kind, 0)
            items.append(TotalItem(letter, str(count), "under" if count < (t.rack_min_per_type or 0) else "ok"))
        items.append(TotalItem("DC", str(t.dc)))
        return items

    # -- edits ---------------------------------------------------------------
    def add(self, roster: WarcasterRoster, entry: str) -> str:
        unit = self.catalogue.unit(entry)
        if unit is None or unit.type == "attachment":
            raise ValueError(f"'{entry}' is not a unit of this catalogue")
        cortex = unit.cortexes[0] if len(unit.cortexes) == 1 else None
        roster.units = [*roster.units, WarcasterUnit(id=entry, cortex=cortex)]
        return f"units[{len(roster.units) - 1}]"

    def remove(self, roster: WarcasterRoster, key: str) -> str | None:
        return remove_entry(roster, "units", key, None)[1]

    def duplicate(self, roster: WarcasterRoster, key: str) -> str:
        return insert_copy(roster, "units", key)

    # -- the rack --------------------------------------------------------------
    def rack_items(self, roster: WarcasterRoster) -> list[RackItem]:
        """The 24 core Cyphers and the faction's own, by type."""
        items = []
        for kind in TYPE_LETTER:
            for cypher in self.catalogue.cyphers:
                if cypher.type == kind and cypher.faction in (None, roster.faction):
                    own = f" · {self.name_of('faction', cypher.faction)}" if cypher.faction else ""
                    pow_ = f" · POW {cypher.pow}" if cypher.pow is not None else ""
                    items.append(
                        RackItem(
                            cypher.id,
                            cypher.name,
                            kind,
                            spans(
                                f"{kind.capitalize()}{pow_}{own}" + (f"\n{cypher.summary}" if cypher.summary else "")
                            ),
                        )
                    )
        return items

    def set_cypher(self, roster: WarcasterRoster, cypher: str, on: bool) -> None:
        if self.catalogue.cypher(cypher) is None:
            raise ValueError(f"unknown cypher '{cypher}'")
        rack = [c for c in roster.rack if c != cypher]
        roster.rack = rack + [cypher] if on else rack

    # -- the new-roster flow -----------------------------------------------------
    @classmethod
    def new_roster_fields(
        cls, catalogue: WarcasterCatalogue, answers: dict[str, Any] | None = None
    ) -> list[SettingField]:
        factions = tuple(Choice(f.id, f.name, f.summary) for f in catalogue.factions if f.id != "wild-card")
        formats = tuple(
            Choice(f.id, f.name, f"{counted(f.max_units, 'unit')}, {counted(f.max_heroes, 'hero', 'heroes')}")
            for f in catalogue.formats
        )
        return [
            SettingField("faction", "Faction", choices=factions),
            SettingField("format", "Format", choices=formats, default=formats[0].key),
        ]

    @classmethod
    def default_name(cls, catalogue: WarcasterCatalogue, values: dict[str, Any]) -> str:
        faction_id: str | None = values.get("faction")
        faction = catalogue.known("faction").get(faction_id) if faction_id is not None else None
        return f"My {faction.name} force" if isinstance(faction, Named) else "My Warcaster force"
