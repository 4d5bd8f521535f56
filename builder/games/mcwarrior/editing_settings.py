"""The McWarrior settings line: skirmish or warband mode, the districts claimed, the per-mech budget."""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.editing.base import Choice, ChoicePrompt, Inspection, InspectorRow, Meter
from builder.editing.stepping import Ask, whole_number
from builder.games.mcwarrior.roster import MODES, McWarriorRoster
from builder.spans import spans, title
from catalog.wording import counted

if TYPE_CHECKING:
    from builder.games.mcwarrior.catalogue import McWarriorCatalogue
    from builder.games.mcwarrior.rules import McWarriorTotals

MAX_DISTRICTS = 1000
MAX_BUDGET = 100_000


class SettingsMixin:
    """Rows of the settings line (needs the adapter's figures and budget_text)."""

    if TYPE_CHECKING:
        catalogue: McWarriorCatalogue

        def figures(self, roster: McWarriorRoster) -> McWarriorTotals: ...

    def inspect_settings(self, roster: McWarriorRoster) -> Inspection:
        figures = self.figures(roster)
        band, rules = self.catalogue.warband, self.catalogue.rules
        count, total = len(roster.mechs), figures.total_bolts
        if roster.is_warband:
            most = figures.warband_budget
            mode = f"{MODES['warband']} · {count} of {band.mechs} mechs · {total}/{most} bolts"
        else:
            mode = f"{MODES['skirmish']} · {counted(count, 'mech')}, each on its own budget"
        rows = [InspectorRow("mode", "Mode", mode)]
        if roster.is_warband:
            most = figures.warband_budget
            rows.append(
                InspectorRow(
                    "districts",
                    "Districts",
                    f"{roster.districts} → {band.base_bolts} + {band.bolts_per_district} × "
                    f"{roster.districts} = {most} bolts",
                )
            )
        budget = figures.budget
        rows.append(
            InspectorRow(
                "budget",
                "Budget per mech",
                f"{budget} bolts" if budget is not None else "none (the warband total applies)",
                clearable=roster.budget is not None,
            )
        )
        low, high = rules.usual_budget
        text = (
            f"{MODES['skirmish']}: each mech is built on the budget ({rules.default_budget} unless set; {low}–{high} is "
            f"usual). {MODES['warband']} (Battle for Port Oldsand): {band.mechs} mechs, each with its own pilot, share "
            f"{band.base_bolts} bolts plus {band.bolts_per_district} per district claimed.\n"
            "Enter or ←/→ switches the mode; +/- or a digit changes a number; Del drops the budget."
        )
        meter = (
            Meter(MODES["warband"], total, figures.warband_budget or 0)
            if roster.is_warband
            else Meter("Bolts", total, (budget or 0) * max(count, 1))
        )
        heading = spans(title("Settings"), f"  {MODES[roster.mode].lower()}")
        return Inspection(heading, spans(text), tuple(rows), meter)

    def settings_choices(self, roster: McWarriorRoster, row: str) -> ChoicePrompt | None:
        if row != "mode":
            return None
        band = self.catalogue.warband
        return ChoicePrompt(
            "Mode",
            (
                Choice(
                    "skirmish", MODES["skirmish"], "mechs built on a per-mech budget", current=not roster.is_warband
                ),
                Choice(
                    "warband",
                    MODES["warband"],
                    f"{band.mechs} mechs share {band.base_bolts} + {band.bolts_per_district} × districts bolts",
                    current=roster.is_warband,
                ),
            ),
        )

    def choose_setting(self, roster: McWarriorRoster, row: str, choice: str | None) -> None:
        if row != "mode" or choice not in MODES:
            raise ValueError(f"nothing to choose at {row}")
        if choice == "warband" and not roster.is_warband:
            roster.districts = 0
        elif choice == "skirmish":
            roster.districts = None

    def clear_setting(self, roster: McWarriorRoster, row: str) -> None:
        if row != "budget":
            raise ValueError("nothing to remove there")
        roster.budget = None

    def step_setting(self, roster: McWarriorRoster, row: str, delta: int) -> bool:
        if row == "districts" and roster.districts is not None:
            roster.districts = whole_number(str(roster.districts + delta), 0, MAX_DISTRICTS, "Districts")
            return True
        if row == "budget":
            start = roster.budget if roster.budget is not None else self.catalogue.rules.default_budget
            roster.budget = whole_number(str(start + delta), 0, MAX_BUDGET, "The budget")
            return True
        return False

    def ask_setting(self, roster: McWarriorRoster, row: str) -> Ask | None:
        if row == "districts" and roster.is_warband:
            return Ask("Districts claimed", str(roster.districts), "Districts claimed so far:", True)
        if row == "budget":
            value = "" if roster.budget is None else str(roster.budget)
            return Ask("Budget per mech", value, "Bolts per mech (empty: the default, none in a warband):", True)
        return None

    def answer_setting(self, roster: McWarriorRoster, row: str, text: str) -> None:
        if row == "districts":
            roster.districts = whole_number(text, 0, MAX_DISTRICTS, "Districts")
        elif row == "budget":
            roster.budget = whole_number(text, 0, MAX_BUDGET, "The budget") if text.strip() else None
        else:
            raise ValueError(f"cannot type into '{row}'")
