"""Warmachine Mk IV for the editor: the faction's entries by type, points with hardpoints, leader and FA in the totals."""

from __future__ import annotations

from collections import Counter
from typing import Any

from builder.editing.base import (
    BrowserEntry,
    Choice,
    RosterLine,
    SettingField,
    TotalItem,
    index_of,
    insert_copy,
    remove_entry,
    totals_of,
)
from builder.editing.stepping import SETTINGS, SteppingAdapter
from builder.findings import Report
from builder.games.warmachine import editing_attach as attach
from builder.games.warmachine.catalogue import Entry, WarmachineCatalogue
from builder.games.warmachine.editing_army import ArmyMixin
from builder.games.warmachine.roster import WarmachineRoster, WarmachineUnit
from builder.games.warmachine.rules import WarmachineTotals
from builder.spans import Spans, joined, spans, title
from catalog.models.common import Named

GROUPS = {"leader": "Leaders", "warjack": "Warjacks", "unit": "Units", "solo": "Solos", "attachment": "Attachments"}
VARIANTS = {"standard": "Standard", "reduced-fa": "Reduced FA"}


class WarmachineAdapter(ArmyMixin, SteppingAdapter[WarmachineRoster, WarmachineCatalogue]):
    """The Warmachine editor's view of an army."""

    game = "warmachine"
    SETTINGS_PATHS = {"points": "points", "units": "leader", "faction": "faction"}

    def figures(self, roster: WarmachineRoster) -> WarmachineTotals:
        return totals_of(super().figures(roster), WarmachineTotals)

    def name_of(self, entry_id: str | None) -> str:
        entry = self.catalogue.entry(entry_id) if entry_id else None
        return entry.name if entry else (entry_id or "—")

    def faction_name(self, faction_id: str | None) -> str:
        faction = next((f for f in self.catalogue.factions if f.id == faction_id), None)
        return faction.name if faction else (faction_id or "any faction")

    def entry_detail(self, entry: Entry) -> Spans:
        allowance = "character (one copy)" if entry.character else f"FA {entry.fa}"
        roles = [r for r, on in (("controls a battlegroup", entry.is_controller), ("cohort", entry.cohort)) if on]
        lines: list[Spans | str] = [
            spans(
                title(entry.name),
                f"  {entry.type} · {entry.points} pts · {allowance}" + (f" · {', '.join(roles)}" if roles else ""),
            )
        ]
        for slot in entry.hardpoints:
            options = " / ".join(f"{o.name} (+{o.points})" if o.points else o.name for o in slot.options)
            lines.append(f"{slot.name}: {options}")
        if entry.summary:
            lines.append(entry.summary)
        return joined(lines)

    # -- what the player sees ----------------------------------------------------------
    def describe(self, roster: WarmachineRoster) -> str:
        return f"{self.faction_name(roster.faction)} · {roster.points} points · {VARIANTS[roster.variant]}"

    def browser(self, roster: WarmachineRoster) -> list[BrowserEntry]:
        counts = Counter(u.id for u in roster.units)
        entries = []
        for kind, group in GROUPS.items():
            for entry in self.catalogue.entries:
                if entry.type == kind and roster.faction in (None, entry.faction):
                    entries.append(
                        BrowserEntry(
                            entry.id,
                            entry.name,
                            group,
                            f"{entry.points} pts",
                            self.entry_detail(entry),
                            counts[entry.id],
                        )
                    )
        return entries

    def lines(self, roster: WarmachineRoster) -> list[RosterLine]:
        figures = self.figures(roster)
        lines = [
            RosterLine(
                SETTINGS,
                "⚙ Settings",
                "",
                f"{self.faction_name(roster.faction)} · {roster.points} points · {VARIANTS[roster.variant]}",
            )
        ]
        for u, (unit, row) in enumerate(zip(roster.units, figures.units)):
            entry = self.catalogue.entry(unit.id)
            mark = "★ " if entry is not None and entry.type == "leader" else ""
            summary = " · ".join(
                part for part in (self.unit_summary(unit, entry), self.joined_summary(roster, u, unit)) if part
            )
            lines.append(RosterLine(f"units[{u}]", mark + row.name, f"{row.points} pts", summary))
        return lines

    def unit_summary(self, unit: WarmachineUnit, entry: Entry | None) -> str:
        if entry is None:
            return "not in this catalogue"
        parts: list[str] = [] if entry.hardpoints or entry.cohort else [entry.type]
        if entry.hardpoints:
            chosen = [self.option_name(entry, h.id, unit.hardpoints.get(h.id)) for h in entry.hardpoints]
            parts.append(", ".join(chosen))
        if entry.cohort:
            parts.append(f"BG {self.name_of(unit.battlegroup)}" if unit.battlegroup else "no battlegroup")
        return " · ".join(parts)

    def joined_summary(self, roster: WarmachineRoster, u: int, unit: WarmachineUnit) -> str:
        """What a line says of attachments: the unit an attachment joined, or those that joined the unit."""
        if unit.attached_to is not None:
            return f"joined to {attach.unit_called(self.catalogue, roster, unit.attached_to)}"
        names = [self.name_of(other.id) for other in roster.units if other.attached_to == u]
        return f"with {', '.join(names)}" if names else ""

    def option_name(self, entry: Entry, slot_id: str, option_id: str | None) -> str:
        slot = entry.hardpoint(slot_id)
        option = next((o for o in slot.options if o.id == option_id), None) if slot and option_id else None
        return option.name if option else (option_id or f"{slot.name if slot else slot_id}: —")

    def totals(self, roster: WarmachineRoster, report: Report) -> list[TotalItem]:
        figures = totals_of(report.totals, WarmachineTotals)
        used, limit = figures.points_used, figures.points_limit
        items = [
            TotalItem("Points", f"{used}/{limit}", "over" if used > limit else "ok"),
            TotalItem("Leader", figures.leader or "none", "ok" if figures.leader else "under"),
        ]
        over = [
            f"{c.name} {c.count}/{c.fa}"
            for c in figures.field_allowance.values()
            if c.fa is not None and c.count > c.fa
        ]
        items.append(TotalItem("FA", "; ".join(over) if over else "ok", "over" if over else "ok"))
        if roster.variant == "reduced-fa":
            items.append(TotalItem("Variant", VARIANTS[roster.variant]))
        return items

    # -- edits ---------------------------------------------------------------------------
    def add(self, roster: WarmachineRoster, entry_id: str) -> str:
        entry = self.catalogue.entry(entry_id)
        if entry is None:
            raise ValueError(f"'{entry_id}' is not an entry of this catalogue")
        controllers = self.controllers(roster)
        unit = WarmachineUnit(id=entry_id)
        if entry.cohort and len(controllers) == 1:
            unit.battlegroup = controllers[0]
        roster.units = [*roster.units, unit]
        if entry.type == "attachment":
            attach.first_free(self.catalogue, roster, len(roster.units) - 1)
        if entry.is_controller and not controllers:
            for other in roster.units:  # the first controller takes the cohorts waiting for one
                other_entry = self.catalogue.entry(other.id)
                if other_entry is not None and other_entry.cohort and other.battlegroup is None:
                    other.battlegroup = entry_id
        return f"units[{len(roster.units) - 1}]"

    def remove(self, roster: WarmachineRoster, key: str) -> str | None:
        index = index_of(key, "units")
        selected = remove_entry(roster, "units", key, SETTINGS)[1]
        attach.left(roster, index)
        return selected

    def duplicate(self, roster: WarmachineRoster, key: str) -> str:
        copied = insert_copy(roster, "units", key)
        attach.moved(roster, index_of(key, "units") + 1, 1)
        return copied

    # -- the new-roster flow -----------------------------------------------------------------
    @classmethod
    def new_roster_fields(
        cls, catalogue: WarmachineCatalogue, answers: dict[str, Any] | None = None
    ) -> list[SettingField]:
        factions = tuple(Choice(f.id, f.name) for f in catalogue.factions)
        rules = catalogue.rules
        levels = sorted({*rules.league_levels, rules.default_points})
        points = tuple(Choice(str(n), f"{n} points") for n in levels)
        variants = (
            Choice("standard", "Standard", "field allowance as printed"),
            Choice("reduced-fa", "Reduced FA", "one of each entry; cohorts may repeat with other hardpoints"),
        )
        return [
            SettingField("faction", "Faction", choices=factions),
            SettingField("points", "Points level", choices=points, default=str(rules.default_points)),
            SettingField("variant", "Variant", choices=variants, default="standard"),
        ]

    @classmethod
    def default_name(cls, catalogue: WarmachineCatalogue, values: dict[str, Any]) -> str:
        faction_id: str | None = values.get("faction")
        faction = catalogue.known("faction").get(faction_id) if faction_id is not None else None
        return f"My {faction.name} army" if isinstance(faction, Named) else super().default_name(catalogue, values)

    @classmethod
    def new_roster(
        cls, catalogue_ref: str, catalogue: WarmachineCatalogue, values: dict[str, Any], name: str
    ) -> WarmachineRoster:
        points = int(values.get("points") or catalogue.rules.default_points)
        return WarmachineRoster(
            catalogue=catalogue_ref,
            name=name,
            faction=values.get("faction"),
            points=points,
            variant=values.get("variant") or "standard",
        )
