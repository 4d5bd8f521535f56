"""Warcaster loadouts: the inspector of a unit (cortex, hardpoint slots, attachments) and its choices."""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.editing.base import Choice, ChoicePrompt, Inspection, InspectorRow, Meter, index_of
from builder.games.warcaster.roster import WarcasterRoster, WarcasterUnit
from builder.spans import Spans, after_first_line, spans, title

if TYPE_CHECKING:
    from builder.games.warcaster.catalogue import Unit, WarcasterCatalogue

ADD_ATTACHMENT = "attachments+"


class LoadoutMixin:
    """Inspector rows and choices of the Warcaster adapter (needs its catalogue helpers)."""

    if TYPE_CHECKING:
        catalogue: WarcasterCatalogue

        def serves(self, unit: Unit, faction: str) -> bool: ...
        def name_of(self, kind: str, key: str | None) -> str: ...
        def weapon_line(self, weapon_id: str, cost: int | None = None) -> str: ...
        def slot_cost(self, unit_entry: Unit, slot: str, weapon: str) -> int: ...
        def used_points(self, unit: WarcasterUnit, skip: str | None = None) -> int: ...
        def unit_dc(self, unit: WarcasterUnit) -> int: ...
        def unit_detail(self, entry: Unit) -> Spans: ...

    def _unit(self, roster: WarcasterRoster, key: str) -> tuple[WarcasterUnit, Unit | None]:
        unit = roster.units[index_of(key, "units")]
        return unit, self.catalogue.unit(unit.id)

    def joinable(self, roster: WarcasterRoster, squad_id: str) -> list[Unit]:
        """Attachments that can join this squad in this force."""
        return [
            a
            for a in self.catalogue.units
            if a.type == "attachment" and squad_id in a.joins and self.serves(a, roster.faction)
        ]

    def inspect(self, roster: WarcasterRoster, key: str) -> Inspection | None:
        try:
            unit, entry = self._unit(roster, key)
        except (ValueError, IndexError):
            return None
        if entry is None:
            return Inspection(spans(title(unit.id), " (not in this catalogue)"))
        rows: list[InspectorRow] = []
        if entry.cortexes:
            rows.append(
                InspectorRow(
                    "cortex",
                    "Cortex",
                    self.name_of("cortex", unit.cortex) if unit.cortex else "— choose —",
                    clearable=unit.cortex is not None,
                )
            )
        for slot in entry.hardpoints:
            weapon = unit.hardpoints.get(slot.id)
            value = (
                "— empty —"
                if weapon is None
                else (
                    f"{self.name_of('weapon', weapon)}  {self.weapon_line(weapon, self.slot_cost(entry, slot.id, weapon))}"
                )
            )
            rows.append(InspectorRow(f"hardpoints.{slot.id}", slot.name, value, clearable=weapon is not None))
        for i, attachment in enumerate(unit.attachments):
            modifier = getattr(self.catalogue.unit(attachment), "dc_modifier", 0) or 0
            rows.append(
                InspectorRow(
                    f"attachments[{i}]",
                    "Attachment",
                    f"{self.name_of('unit', attachment)}  {modifier:+d} DC",
                    clearable=True,
                )
            )
        if entry.type == "squad" and self.joinable(roster, entry.id):
            rows.append(InspectorRow(ADD_ATTACHMENT, "Attachment", "+ add…"))
        meter = Meter("WP", self.used_points(unit), entry.weapon_points or 0) if entry.hardpoints else None
        heading = spans(title(entry.name), f"  DC {self.unit_dc(unit)}")
        return Inspection(heading, after_first_line(self.unit_detail(entry)), tuple(rows), meter)

    def choices(self, roster: WarcasterRoster, key: str, row: str) -> ChoicePrompt | None:
        unit, entry = self._unit(roster, key)
        if entry is None:
            return None
        if row == "cortex":
            return ChoicePrompt(
                f"Cortex for {entry.name}",
                tuple(
                    Choice(c, self.name_of("cortex", c), self._cortex_rules(c), current=c == unit.cortex)
                    for c in entry.cortexes
                ),
            )
        if row.startswith("hardpoints."):
            return self._slot_choices(unit, entry, row.split(".", 1)[1])
        if row == ADD_ATTACHMENT or row.startswith("attachments["):
            taken = set(unit.attachments)
            return ChoicePrompt(
                f"Attachment for {entry.name}",
                tuple(
                    Choice(
                        a.id, a.name, f"{a.dc_modifier:+d} DC", "already attached: one of each" if a.id in taken else ""
                    )
                    for a in self.joinable(roster, entry.id)
                ),
            )
        return None

    def _cortex_rules(self, cortex_id: str) -> str:
        cortex = self.catalogue.cortex(cortex_id)
        return ", ".join(self.name_of("rule", r) for r in cortex.rules) if cortex else ""

    def _slot_choices(self, unit: WarcasterUnit, entry: Unit, slot_id: str) -> ChoicePrompt | None:
        slot = entry.hardpoint(slot_id)
        if slot is None:
            return None
        total = entry.weapon_points or 0
        others = self.used_points(unit, skip=slot_id)
        current = unit.hardpoints.get(slot_id)
        options = [Choice(None, "— empty —", f"{others}/{total} WP", current=current is None)]
        for option in slot.options:
            cost = option.cost or 0
            reason = f"+{cost} WP: over {total}" if others + cost > total else ""
            options.append(
                Choice(
                    option.weapon,
                    self.name_of("weapon", option.weapon),
                    self.weapon_line(option.weapon, cost),
                    reason,
                    option.weapon == current,
                )
            )
        return ChoicePrompt(f"{slot.name} of {entry.name} · {others}/{total} WP used elsewhere", tuple(options))

    def choose(self, roster: WarcasterRoster, key: str, row: str, choice: str | None) -> None:
        unit, entry = self._unit(roster, key)
        if row == "cortex":
            unit.cortex = choice
        elif row.startswith("hardpoints."):
            slot = row.split(".", 1)[1]
            hardpoints = dict(unit.hardpoints)
            if choice is None:
                hardpoints.pop(slot, None)
            else:
                hardpoints[slot] = choice
            order = [h.id for h in entry.hardpoints] if entry else []
            unit.hardpoints = dict(
                sorted(hardpoints.items(), key=lambda kv: order.index(kv[0]) if kv[0] in order else 99)
            )
        elif row == ADD_ATTACHMENT and choice is not None:
            unit.attachments = [*unit.attachments, choice]
        elif row.startswith("attachments[") and choice is not None:
            i = index_of(row, "attachments")
            unit.attachments = [choice if n == i else a for n, a in enumerate(unit.attachments)]
        else:
            raise ValueError(f"nothing to change at {row}")

    def clear(self, roster: WarcasterRoster, key: str, row: str) -> None:
        unit, _entry = self._unit(roster, key)
        if row == "cortex":
            unit.cortex = None
        elif row.startswith("hardpoints."):
            slot = row.split(".", 1)[1]
            unit.hardpoints = {s: w for s, w in unit.hardpoints.items() if s != slot}
        elif row.startswith("attachments["):
            i = index_of(row, "attachments")
            unit.attachments = [a for n, a in enumerate(unit.attachments) if n != i]
        else:
            raise ValueError("nothing to remove there")
