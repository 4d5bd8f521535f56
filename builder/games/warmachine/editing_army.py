"""A Warmachine entry in the inspector (one option per hardpoint slot, the battlegroup it joins, FA) and the
army's settings line (faction, leader, points level, reduced-FA variant)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, TypeGuard

from builder.editing.base import Choice, ChoicePrompt, Inspection, InspectorRow, Meter, index_of
from builder.editing.stepping import SETTINGS, Ask, whole_number
from builder.games.warmachine import editing_attach as attach
from builder.games.warmachine.roster import WarmachineRoster, WarmachineUnit
from builder.spans import error, spans, title

if TYPE_CHECKING:
    from builder.games.warmachine.catalogue import Entry, WarmachineCatalogue
    from builder.games.warmachine.rules import WarmachineTotals

POINTS_STEP = 5
MAX_POINTS = 100_000


def is_variant(choice: str | None) -> TypeGuard[Literal["standard", "reduced-fa"]]:
    return choice in ("standard", "reduced-fa")


class ArmyMixin:
    """Inspector rows, choices and edits of an army's entries and settings (needs the adapter's helpers)."""

    if TYPE_CHECKING:
        catalogue: WarmachineCatalogue

        def figures(self, roster: WarmachineRoster) -> WarmachineTotals: ...
        def describe(self, roster: WarmachineRoster) -> str: ...
        def name_of(self, entry_id: str | None) -> str: ...
        def faction_name(self, faction_id: str | None) -> str: ...

    def controllers(self, roster: WarmachineRoster) -> list[str]:
        """Entry ids of the army's battlegroup controllers, in army order, once each."""
        found = []
        for unit in roster.units:
            entry = self.catalogue.entry(unit.id)
            if entry is not None and entry.is_controller and unit.id not in found:
                found.append(unit.id)
        return found

    def _unit(self, roster: WarmachineRoster, key: str) -> tuple[int, WarmachineUnit, Entry | None]:
        u = index_of(key, "units")
        unit = roster.units[u]
        return u, unit, self.catalogue.entry(unit.id)

    # -- the inspector -------------------------------------------------------------------
    def inspect(self, roster: WarmachineRoster, key: str) -> Inspection | None:
        figures = self.figures(roster)
        meter = Meter("Points", figures.points_used, figures.points_limit)
        if key == SETTINGS:
            return self.inspect_settings(roster, figures, meter)
        try:
            u, unit, entry = self._unit(roster, key)
        except (ValueError, IndexError):
            return None
        if entry is None:
            return Inspection(spans(title(unit.id), " (not in this catalogue)"), meter=meter)
        rows = []
        for slot in entry.hardpoints:
            chosen = unit.hardpoints.get(slot.id)
            option = next((o for o in slot.options if o.id == chosen), None)
            value = (
                f"{option.name} (+{option.points} pts)"
                if option and option.points
                else option.name
                if option
                else "— choose one —"
                if chosen is None
                else f"'{chosen}' (not an option)"
            )
            rows.append(InspectorRow(f"hardpoints.{slot.id}", slot.name, value, clearable=chosen is not None))
        if entry.cohort or unit.battlegroup is not None:
            rows.append(
                InspectorRow(
                    "battlegroup",
                    "Battlegroup",
                    self.name_of(unit.battlegroup) if unit.battlegroup else "— choose its controller —",
                    clearable=unit.battlegroup is not None,
                )
            )
        if entry.type == "attachment" or unit.attached_to is not None:
            rows.append(attach.row(self.catalogue, roster, unit, entry))
        copies = figures.field_allowance[unit.id]
        limit = copies.fa
        fa = f"{copies.count}/{limit}" if limit is not None else "no limit"
        points = figures.units[u].points
        over = copies.count > (limit or 10**9)
        heading = spans(
            title(entry.name),
            f"  {entry.type} · {points} pts · FA {fa}",
            "  " if over else "",
            error("over its FA") if over else "",
        )
        return Inspection(heading, spans(entry.summary), tuple(rows), meter)  # its hardpoints are the rows

    def inspect_settings(self, roster: WarmachineRoster, figures: WarmachineTotals, meter: Meter) -> Inspection:
        leader = figures.leader
        rows = (
            InspectorRow("faction", "Faction", self.faction_name(roster.faction)),
            InspectorRow("leader", "Leader", leader or "— choose one —"),
            InspectorRow("points", "Points level", f"{roster.points} ({figures.points_used} used)"),
            InspectorRow(
                "variant",
                "Variant",
                {"standard": "Standard field allowance", "reduced-fa": "Reduced FA: one of each entry"}[roster.variant],
            ),
        )
        text = (
            "An army has one Leader, stays within the points level (hardpoint options included) and takes no "
            "more copies of an entry than its field allowance (FA). Warjacks join the battlegroup of a "
            "controller in the army. Reduced FA: one of each entry, except cohorts with a choice of hardpoints, "
            "and no hardpoint option twice.\nEnter or ←/→ changes a row; a digit types the points."
        )
        if roster.league is not None:
            text = f"Journeyman league, stage {roster.league.stage}: keep every model of the previous stage.\n" + text
        return Inspection(spans(title("Settings"), f"  {self.describe(roster)}"), spans(text), rows, meter)

    # -- choices -----------------------------------------------------------------------------
    def choices(self, roster: WarmachineRoster, key: str, row: str) -> ChoicePrompt | None:
        if key == SETTINGS:
            return self.settings_choices(roster, row)
        u, unit, entry = self._unit(roster, key)
        if entry is None:
            return None
        if row == attach.ROW:
            return attach.prompt(self.catalogue, roster, u)
        if row == "battlegroup":
            present = self.controllers(roster)
            options = [Choice(c, self.name_of(c), "in the army", current=c == unit.battlegroup) for c in present]
            for other in self.catalogue.entries:
                if other.is_controller and other.id not in present and roster.faction in (None, other.faction):
                    options.append(
                        Choice(other.id, other.name, "", "not in the army: add it first", other.id == unit.battlegroup)
                    )
            return ChoicePrompt(f"Battlegroup of {entry.name}", tuple(options))
        head, _, slot_id = row.partition(".")
        slot = entry.hardpoint(slot_id) if head == "hardpoints" else None
        if slot is None:
            return None
        figures = self.figures(roster)
        current = next((o for o in slot.options if o.id == unit.hardpoints.get(slot_id)), None)
        used = {option: n for n, other in enumerate(roster.units) if n != u for option in other.hardpoints.values()}
        options = []
        for option in slot.options:
            after = figures.points_used - (current.points if current else 0) + option.points
            reason = (
                f"{after} of {roster.points} points: over the level"
                if after > roster.points
                else f"reduced FA: already on {self.name_of(roster.units[used[option.id]].id)}"
                if roster.variant == "reduced-fa" and option.id in used
                else ""
            )
            options.append(Choice(option.id, option.name, f"+{option.points} pts", reason, option is current))
        return ChoicePrompt(f"{slot.name} of {entry.name} (one option)", tuple(options))

    def settings_choices(self, roster: WarmachineRoster, row: str) -> ChoicePrompt | None:
        if row == "faction":
            return ChoicePrompt(
                "Faction", tuple(Choice(f.id, f.name, current=f.id == roster.faction) for f in self.catalogue.factions)
            )
        if row == "leader":
            now = self.figures(roster).leader
            return ChoicePrompt(
                "Leader",
                tuple(
                    Choice(e.id, e.name, e.summary, current=e.name == now)
                    for e in self.catalogue.entries
                    if e.type == "leader" and roster.faction in (None, e.faction)
                ),
            )
        if row == "variant":
            return ChoicePrompt(
                "Variant",
                (
                    Choice("standard", "Standard", "field allowance as printed", current=roster.variant == "standard"),
                    Choice("reduced-fa", "Reduced FA", "one of each entry", current=roster.variant == "reduced-fa"),
                ),
            )
        return None

    # -- edits --------------------------------------------------------------------------------
    def choose(self, roster: WarmachineRoster, key: str, row: str, choice: str | None) -> None:
        if key == SETTINGS:
            self.choose_setting(roster, row, choice)
            return
        u, unit, entry = self._unit(roster, key)
        head, _, slot = row.partition(".")
        if row == attach.ROW:
            attach.join(roster, u, choice)
        elif row == "battlegroup":
            unit.battlegroup = choice
        elif head == "hardpoints" and choice is not None:
            order = [h.id for h in entry.hardpoints] if entry else []
            chosen = {**unit.hardpoints, slot: choice}
            unit.hardpoints = dict(sorted(chosen.items(), key=lambda kv: order.index(kv[0]) if kv[0] in order else 99))
        else:
            raise ValueError(f"nothing to choose at {row}")

    def choose_setting(self, roster: WarmachineRoster, row: str, choice: str | None) -> None:
        if row == "faction" and choice is not None:
            roster.faction = choice
        elif row == "variant" and is_variant(choice):
            roster.variant = choice
        elif row == "leader" and choice is not None:
            self.set_leader(roster, choice)
        else:
            raise ValueError(f"nothing to choose at {row}")

    def set_leader(self, roster: WarmachineRoster, leader_id: str) -> None:
        """Make `leader_id` the army's leader: it replaces the current one (and takes over its battlegroup)."""
        old = next((u for u in roster.units if getattr(self.catalogue.entry(u.id), "type", None) == "leader"), None)
        if old is None:
            attach.moved(roster, 0, 1)
            roster.units = [WarmachineUnit(id=leader_id), *roster.units]
            for unit in roster.units:
                entry = self.catalogue.entry(unit.id)
                if entry is not None and entry.cohort and unit.battlegroup is None:
                    unit.battlegroup = leader_id
            return
        before = old.id
        old.id = leader_id
        for unit in roster.units:
            if unit.battlegroup == before:
                unit.battlegroup = leader_id

    def clear(self, roster: WarmachineRoster, key: str, row: str) -> None:
        if key == SETTINGS:
            raise ValueError("settings are changed, not removed")
        _u, unit, _entry = self._unit(roster, key)
        head, _, slot = row.partition(".")
        if row == attach.ROW:
            unit.attached_to = None
        elif row == "battlegroup":
            unit.battlegroup = None
        elif head == "hardpoints":
            unit.hardpoints = {s: o for s, o in unit.hardpoints.items() if s != slot}
        else:
            raise ValueError("nothing to remove there")

    def step(self, roster: WarmachineRoster, key: str, row: str, delta: int) -> bool:
        if key == SETTINGS and row == "points":
            roster.points = whole_number(str(roster.points + delta * POINTS_STEP), 0, MAX_POINTS, "The points level")
            return True
        return False

    def ask(self, roster: WarmachineRoster, key: str, row: str) -> Ask | None:
        if key == SETTINGS and row == "points":
            return Ask("Points level", str(roster.points), "Points level (30, 50, 75, 100 …):", True)
        return None

    def answer(self, roster: WarmachineRoster, key: str, row: str, text: str) -> None:
        if key != SETTINGS or row != "points":
            raise ValueError(f"cannot type into '{row}'")
        roster.points = whole_number(text, 0, MAX_POINTS, "The points level")
