"""McWarrior for the editor: mechs as roster lines, upgrades and skills in the browser, bolts in the totals."""

from __future__ import annotations

import re
from itertools import count
from typing import Any

from builder.editing.base import (
    BrowserEntry,
    Choice,
    RosterLine,
    SettingField,
    State,
    TotalItem,
    field_bounds,
    insert_copy,
    remove_entry,
    totals_of,
)
from builder.editing.stepping import SETTINGS, SteppingAdapter
from builder.findings import Report
from builder.games.mcwarrior.catalogue import McWarriorCatalogue, Upgrade
from builder.games.mcwarrior.costs import MechTotals
from builder.games.mcwarrior.editing_mech import MechMixin
from builder.games.mcwarrior.editing_settings import SettingsMixin
from builder.games.mcwarrior.roster import MODES, McWarriorRoster, Mech
from builder.games.mcwarrior.rules import McWarriorTotals
from builder.spans import Spans, spans, title
from catalog.wording import counted

NEW_MECH = "new-mech"
SLOT_GROUPS = {"head": "Head", "torso": "Torso", "left-arm": "Arms", "right-arm": "Arms", "legs": "Legs"}


class McWarriorAdapter(MechMixin, SettingsMixin, SteppingAdapter[McWarriorRoster, McWarriorCatalogue]):
    """The McWarrior mech designer's view of a roster (one mech, several, or a campaign warband)."""

    game = "mcwarrior"
    SETTINGS_PATHS = {"budget": "budget", "mechs": "mode", "districts": "districts"}

    # -- figures ---------------------------------------------------------------------
    def figures(self, roster: McWarriorRoster) -> McWarriorTotals:
        return totals_of(super().figures(roster), McWarriorTotals)

    def budget_text(self, roster: McWarriorRoster) -> str:
        band = self.catalogue.warband
        if roster.is_warband:
            limit = band.base_bolts + band.bolts_per_district * (roster.districts or 0)
            return (
                f"{MODES['warband']} · {counted(roster.districts, 'district')} · "
                f"{band.base_bolts} + {band.bolts_per_district} × {roster.districts} = {limit} bolts"
            )
        budget = roster.budget if roster.budget is not None else self.catalogue.rules.default_budget
        return f"{MODES['skirmish']} · {budget} bolts per mech"

    def short_budget(self, roster: McWarriorRoster) -> str:
        if roster.is_warband:
            return f"{MODES['warband'].lower()} · {roster.districts} districts · {self.figures(roster).warband_budget} bolts"
        budget = roster.budget if roster.budget is not None else self.catalogue.rules.default_budget
        return f"{MODES['skirmish'].lower()} · {budget} bolts per mech"

    @staticmethod
    def mech_name(mech: Mech, index: int) -> str:
        return mech.name.strip() or f"Mech {index + 1}"

    # -- what the player sees ----------------------------------------------------------
    def describe(self, roster: McWarriorRoster) -> str:
        return self.short_budget(roster).capitalize()

    def browser(self, roster: McWarriorRoster) -> list[BrowserEntry]:
        cheapest = self.catalogue.rules.part_cost(self.catalogue.rules.min_points) * len(self.catalogue.parts)
        entries = [
            BrowserEntry(
                NEW_MECH,
                "New mech",
                "Mechs",
                f"{cheapest} bolts",
                spans(
                    title("A new mech"),
                    f": every part at {self.catalogue.rules.min_points} point "
                    f"({cheapest} bolts), no upgrades, no pilot yet.\nSelect it in the roster and "
                    "step its parts with +/- or ←/→.",
                ),
                len(roster.mechs),
            )
        ]
        used = [c.id for mech in roster.mechs for c in mech.upgrades.values()]
        done: set[str] = set()
        for slot in self.catalogue.slots:
            group = f"Upgrades · {SLOT_GROUPS.get(slot, slot)}"
            for upgrade in self.catalogue.upgrades:
                if slot in upgrade.slots and upgrade.id not in done:
                    done.add(upgrade.id)
                    cost = f"{upgrade.cost}{'+' if upgrade.levelled else ''} bolt{'s' if upgrade.cost != 1 else ''}"
                    entries.append(
                        BrowserEntry(
                            f"upgrade:{upgrade.id}",
                            upgrade.name,
                            group,
                            cost,
                            self.upgrade_detail(upgrade, used.count(upgrade.id)),
                        )
                    )
        skills = [mech.skill for mech in roster.mechs]
        for skill in self.catalogue.skills:
            entries.append(
                BrowserEntry(
                    f"skill:{skill.id}",
                    skill.name,
                    "Pilot skills",
                    "",
                    spans(
                        title(skill.name),
                        f" (pilot skill)\n{skill.summary}\nEnter gives it "
                        f"to the selected mech's pilot.{self.on_mechs(skills.count(skill.id))}",
                    ),
                )
            )
        return entries

    @staticmethod
    def on_mechs(count: int) -> str:
        return f" (on {counted(count, 'mech')} now)" if count else ""

    def upgrade_detail(self, upgrade: Upgrade, count: int = 0) -> Spans:
        slots = ", ".join(self.slot_name(s) for s in upgrade.slots)
        cost = (
            f"level k costs {upgrade.cost} + {upgrade.level_step} × (k − 1) bolts"
            if upgrade.levelled
            else counted(upgrade.cost, "bolt")
        )
        kind = "active" if upgrade.active else "passive"
        return spans(
            title(upgrade.name),
            f"  {cost} · {kind} · fits: {slots}\n{upgrade.summary}\n"
            f"Enter installs it on the selected mech.{self.on_mechs(count)}",
        )

    def lines(self, roster: McWarriorRoster) -> list[RosterLine]:
        figures = self.figures(roster)
        limit = figures.budget
        lines = [RosterLine(SETTINGS, "⚙ Settings", "", self.short_budget(roster))]
        for m, (mech, numbers) in enumerate(zip(roster.mechs, figures.mechs)):
            cost = f"{numbers.bolts}/{limit} bolts" if limit is not None else f"{numbers.bolts} bolts"
            lines.append(RosterLine(f"mechs[{m}]", self.mech_name(mech, m), cost, self.mech_summary(mech, numbers)))
        return lines

    def mech_summary(self, mech: Mech, numbers: MechTotals) -> str:
        skill = self.catalogue.skill(mech.skill) if mech.skill else None
        pilot = mech.pilot.strip() or "unnamed pilot"
        count = len(mech.upgrades)
        return f"{pilot} ({skill.name if skill else 'no skill'}) · {counted(count, 'upgrade')}"

    def totals(self, roster: McWarriorRoster, report: Report) -> list[TotalItem]:
        figures = totals_of(report.totals, McWarriorTotals)
        limit = figures.budget
        items: list[TotalItem] = []
        if roster.is_warband:
            band = self.catalogue.warband
            total, most = figures.total_bolts, figures.warband_budget or 0
            items.append(
                TotalItem(
                    MODES["warband"],
                    f"{total}/{most} ({band.base_bolts}+{band.bolts_per_district}×{roster.districts})",
                    "over" if total > most else "ok",
                )
            )
            count = len(roster.mechs)
            items.append(
                TotalItem(
                    "Mechs",
                    f"{count}/{band.mechs}",
                    "ok" if count == band.mechs else ("over" if count > band.mechs else "under"),
                )
            )
        else:
            items.append(TotalItem("Bolts", str(figures.total_bolts)))
        for m, (mech, numbers) in enumerate(zip(roster.mechs, figures.mechs)):
            value = f"{numbers.bolts}/{limit}" if limit is not None else str(numbers.bolts)
            state: State = (
                "over" if limit is not None and numbers.bolts > limit else ("ok" if limit is not None else "")
            )
            items.append(TotalItem(self.mech_name(mech, m), value, state))
        return items

    # -- edits ---------------------------------------------------------------------------
    def add(self, roster: McWarriorRoster, entry: str) -> str:
        if entry != NEW_MECH:
            raise ValueError("select a mech in the roster, then choose upgrades and skills for it")
        names = {mech.name for mech in roster.mechs}
        n = len(roster.mechs) + 1
        while f"Mech {n}" in names:
            n += 1
        low = self.catalogue.rules.min_points
        mech = Mech(name=f"Mech {n}", parts={part.id: low for part in self.catalogue.parts})
        roster.mechs = [*roster.mechs, mech]
        return f"mechs[{len(roster.mechs) - 1}]"

    def remove(self, roster: McWarriorRoster, key: str) -> str | None:
        return remove_entry(roster, "mechs", key, SETTINGS)[1]

    def duplicate(self, roster: McWarriorRoster, key: str) -> str:
        taken = {self.mech_name(mech, i) for i, mech in enumerate(roster.mechs)}

        def rename(copy: Mech, i: int) -> None:
            base = re.sub(r" \d+$", "", self.mech_name(copy, i))
            copy.name = next(f"{base} {n}" for n in count(2) if f"{base} {n}" not in taken)

        return insert_copy(roster, "mechs", key, rename)

    def install(self, roster: McWarriorRoster, key: str, upgrade_id: str, slot: str) -> None:
        """Put an upgrade from the browser on a slot of a mech (Energy Shield starts at level 1)."""
        self.choose(roster, key, f"upgrades.{slot}", upgrade_id)

    def give_skill(self, roster: McWarriorRoster, key: str, skill_id: str) -> None:
        self.choose(roster, key, "skill", skill_id)

    # -- the new-roster flow -----------------------------------------------------------------
    @classmethod
    def new_roster_fields(
        cls, catalogue: McWarriorCatalogue, answers: dict[str, Any] | None = None
    ) -> list[SettingField]:
        """The mode first; then a skirmish asks for the bolts per mech, a warband for its districts claimed."""
        band, rules = catalogue.warband, catalogue.rules
        low, high = rules.usual_budget
        modes = (
            Choice("skirmish", MODES["skirmish"], f"mechs built on a budget each ({low}–{high} bolts usual)"),
            Choice(
                "warband",
                MODES["warband"],
                f"Battle for Port Oldsand: {band.mechs} mechs share "
                f"{band.base_bolts} + {band.bolts_per_district} × districts bolts",
            ),
        )
        fields = [SettingField("mode", "Mode", choices=modes, default="skirmish")]
        if (answers or {}).get("mode") == "warband":
            bounds = field_bounds(McWarriorRoster, "districts")
            return fields + [SettingField("districts", "Districts claimed so far", "int", default=0, bounds=bounds)]
        bounds = field_bounds(McWarriorRoster, "budget")
        return fields + [SettingField("budget", "Bolts per mech", "int", default=rules.default_budget, bounds=bounds)]

    @classmethod
    def default_name(cls, catalogue: McWarriorCatalogue, values: dict[str, Any]) -> str:
        return "My warband" if values.get("mode") == "warband" else "My mechs"

    @classmethod
    def new_roster(
        cls, catalogue_ref: str, catalogue: McWarriorCatalogue, values: dict[str, Any], name: str
    ) -> McWarriorRoster:
        warband = values.get("mode") == "warband"
        districts = values.get("districts")
        budget = values.get("budget")
        if (districts is not None and districts < 0) or (budget is not None and budget < 0):
            raise ValueError("budget and districts are 0 or more")
        return McWarriorRoster(
            catalogue=catalogue_ref,
            name=name,
            budget=None if warband and budget == catalogue.rules.default_budget else budget,
            districts=(districts or 0) if warband else None,
        )
