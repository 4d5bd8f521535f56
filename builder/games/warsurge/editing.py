"""Warsurge for the editor: units by faction in the browser, points per unit and in total against the limit."""

from __future__ import annotations

from collections import Counter
from typing import Any

from builder.editing.base import (
    BrowserEntry,
    RosterLine,
    SettingField,
    TotalItem,
    field_bounds,
    insert_copy,
    remove_entry,
    totals_of,
)
from builder.editing.stepping import SETTINGS, SteppingAdapter
from builder.findings import Report
from builder.games.warsurge.catalogue import WarsurgeCatalogue, WarsurgeUnit, WarsurgeWeapon
from builder.games.warsurge.editing_unit import UnitMixin
from builder.games.warsurge.points import exceeds
from builder.games.warsurge.roster import WarsurgeRoster, WarsurgeRosterUnit
from builder.games.warsurge.rules import WarsurgeTotals
from builder.points import show
from builder.spans import NO_BREAK, Spans, joined, spans, title
from catalog.wording import counted


def save(value: int | None) -> str:
    return "-" if value is None else f"{value}+"


class WarsurgeAdapter(UnitMixin, SteppingAdapter[WarsurgeRoster, WarsurgeCatalogue]):
    """The Warsurge editor's view of a roster."""

    game = "warsurge"
    SETTINGS_PATHS = {"point_limit": "point_limit"}

    def figures(self, roster: WarsurgeRoster) -> WarsurgeTotals:
        return totals_of(super().figures(roster), WarsurgeTotals)

    def unit_name(self, unit: WarsurgeRosterUnit) -> str:
        entry = self.catalogue.unit(unit.id)
        return unit.label or (entry.name if entry else unit.id)

    def weapon_text(self, weapon: WarsurgeWeapon) -> str:
        ap = f" AP {weapon.ap}+" if weapon.ap is not None else ""
        perks = f" · {', '.join(weapon.perks)}" if weapon.perks else ""
        return (
            f'{weapon.name} ({show(weapon.points)} pts): {weapon.type}, range {weapon.range}", '
            f"A{weapon.attacks} P{weapon.power}{ap}{perks}"
        )

    def unit_detail(self, entry: WarsurgeUnit) -> Spans:
        figures = (
            ("MOV", entry.move),
            ("DSH", entry.dash),
            ("DEF", entry.defence),
            ("HP", entry.hp),
            ("ARM", save(entry.armour)),
            ("AEG", save(entry.aegis)),
        )
        stats = "  ".join(f"{name}{NO_BREAK}{value}" for name, value in figures)
        models = f"{entry.min_models}–{entry.max_models}" if entry.max_models else f"{entry.min_models}+"
        lines: list[Spans | str] = [
            spans(title(entry.name), f"  {show(entry.points)} pts per model · {models} models"),
            stats,
        ]
        if entry.transport:
            lines.append(f"Transport {entry.transport} points" + (" · Fire Points" if entry.fire_points else ""))
        if entry.perks:
            lines.append("Perks: " + ", ".join(entry.perks))
        for weapon_id in entry.weapons:
            weapon = self.catalogue.weapon(weapon_id)
            if weapon is not None:
                lines.append("• " + self.weapon_text(weapon))
        return joined(lines)

    # -- what the player sees ----------------------------------------------------------
    def describe(self, roster: WarsurgeRoster) -> str:
        figures = self.figures(roster)
        return f"{roster.point_limit}-point {figures.game_size} game"

    def browser(self, roster: WarsurgeRoster) -> list[BrowserEntry]:
        counts = Counter(u.id for u in roster.units)
        entries = []
        factions = list(dict.fromkeys(u.faction or "Units" for u in self.catalogue.units))
        for faction in factions:
            for entry in self.catalogue.units:
                if (entry.faction or "Units") == faction:
                    entries.append(
                        BrowserEntry(
                            entry.id,
                            entry.name,
                            faction,
                            f"{show(entry.points)} pts",
                            self.unit_detail(entry),
                            counts[entry.id],
                        )
                    )
        return entries

    def lines(self, roster: WarsurgeRoster) -> list[RosterLine]:
        figures = self.figures(roster)
        lines = [RosterLine(SETTINGS, "⚙ Settings", "", f"{roster.point_limit}-point limit · {figures.game_size} game")]
        for i, (unit, row) in enumerate(zip(roster.units, figures.unit_points)):
            label = self.unit_name(unit) + (f" ×{unit.models}" if unit.models != 1 else "")
            lines.append(RosterLine(f"units[{i}]", label, f"{row.points} pts", self.unit_summary(roster, unit)))
        return lines

    def unit_summary(self, roster: WarsurgeRoster, unit: WarsurgeRosterUnit) -> str:
        parts = []
        for weapon_id, quantity in unit.weapons.items():
            weapon = self.catalogue.weapon(weapon_id)
            parts.append(f"{quantity} {weapon.name if weapon else weapon_id}")
        riders = sum(1 for u in roster.units if unit.key is not None and u.embarked_in == unit.key and u is not unit)
        where = [f"carries {counted(riders, 'unit')}"] if riders else []
        if unit.embarked_in:
            carrier = next((u for u in roster.units if u.key == unit.embarked_in), None)
            where.append(f"in {self.unit_name(carrier) if carrier else unit.embarked_in}")
        return " · ".join([", ".join(parts) or "no weapons", *where])

    def totals(self, roster: WarsurgeRoster, report: Report) -> list[TotalItem]:
        figures = totals_of(report.totals, WarsurgeTotals)
        over = exceeds(figures.points_exact, figures.point_limit)
        shown = f"{figures.points}/{figures.point_limit}"
        if figures.points != figures.points_exact:
            shown += f" ({show(figures.points_exact)})"
        units, most = figures.units, figures.max_units
        return [
            TotalItem("Points", shown, "over" if over else "ok"),
            TotalItem("Game", f"{figures.game_size} · board {figures.battlefield} {figures.battlefield_size}"),
            TotalItem("Units", f"{units}/{most}", "over" if units > most else ""),
            TotalItem("CP dice", str(figures.cp_dice)),
        ]

    # -- edits ---------------------------------------------------------------------------
    def add(self, roster: WarsurgeRoster, entry: str) -> str:
        unit = self.catalogue.unit(entry)
        if unit is None:
            raise ValueError(f"'{entry}' is not a unit of this catalogue")
        roster.units = [*roster.units, WarsurgeRosterUnit(id=entry, models=unit.min_models)]
        return f"units[{len(roster.units) - 1}]"

    def remove(self, roster: WarsurgeRoster, key: str) -> str | None:
        gone, select = remove_entry(roster, "units", key, SETTINGS)
        for unit in roster.units:
            if gone.key is not None and unit.embarked_in == gone.key:
                unit.embarked_in = None  # its transport left: the passengers are on foot
        return select

    def duplicate(self, roster: WarsurgeRoster, key: str) -> str:
        def fresh(copy: WarsurgeRosterUnit, _index: int) -> None:
            copy.key = None  # keys are unique: the copy gets its own when something embarks in it
            copy.points = None

        return insert_copy(roster, "units", key, fresh)

    # -- the new-roster flow -----------------------------------------------------------------
    @classmethod
    def new_roster_fields(
        cls, catalogue: WarsurgeCatalogue, answers: dict[str, Any] | None = None
    ) -> list[SettingField]:
        return [
            SettingField(
                "point_limit",
                "Point limit (small games up to about 500, medium 750–1500, large 2000+)",
                "int",
                default=catalogue.rules.default_point_limit,
                bounds=field_bounds(WarsurgeRoster, "point_limit"),
            )
        ]

    @classmethod
    def default_name(cls, catalogue: WarsurgeCatalogue, values: dict[str, Any]) -> str:
        limit = values.get("point_limit")
        return f"My {limit}-point army" if limit else super().default_name(catalogue, values)

    @classmethod
    def new_roster(
        cls, catalogue_ref: str, catalogue: WarsurgeCatalogue, values: dict[str, Any], name: str
    ) -> WarsurgeRoster:
        limit = values.get("point_limit")
        return WarsurgeRoster(
            catalogue=catalogue_ref,
            name=name,
            point_limit=catalogue.rules.default_point_limit if limit is None else limit,
        )
