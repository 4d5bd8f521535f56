"""The McWarrior mech designer's inspector: parts stepped 1–6 with their bolts, an upgrade per slot (Energy
Shield by level), pilot and skill, the derived numbers and the bolt meter; and the roster's settings line."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from builder.editing.base import Choice, ChoicePrompt, Inspection, InspectorRow, Meter, index_of
from builder.editing.stepping import SETTINGS, Ask, whole_number
from builder.games.mcwarrior.costs import level_cost, upgrade_cost
from builder.games.mcwarrior.roster import MODES, McWarriorRoster, Mech, UpgradeChoice
from builder.spans import NO_BREAK, Spans, joined, spans, title
from catalog.wording import counted

if TYPE_CHECKING:
    from builder.games.mcwarrior.catalogue import McWarriorCatalogue
    from builder.games.mcwarrior.costs import MechTotals
    from builder.games.mcwarrior.rules import McWarriorTotals

MAX_LEVEL = 9
"""The highest shield level the stepper offers (the book sets none; level 9 already costs 54 bolts)."""


class MechMixin:
    """Inspector rows, choices and edits of one mech, and of the settings line (needs the adapter's figures)."""

    if TYPE_CHECKING:
        catalogue: McWarriorCatalogue

        def figures(self, roster: McWarriorRoster) -> McWarriorTotals: ...
        @staticmethod
        def mech_name(mech: Mech, index: int) -> str: ...
        def inspect_settings(self, roster: McWarriorRoster) -> Inspection: ...
        def settings_choices(self, roster: McWarriorRoster, row: str) -> ChoicePrompt | None: ...
        def choose_setting(self, roster: McWarriorRoster, row: str, choice: str | None) -> None: ...
        def clear_setting(self, roster: McWarriorRoster, row: str) -> None: ...
        def step_setting(self, roster: McWarriorRoster, row: str, delta: int) -> bool: ...
        def ask_setting(self, roster: McWarriorRoster, row: str) -> Ask | None: ...
        def answer_setting(self, roster: McWarriorRoster, row: str, text: str) -> None: ...

    # -- names -------------------------------------------------------------------------
    def slot_name(self, slot: str) -> str:
        part = self.catalogue.part(slot)
        return part.name if part is not None else slot.replace("-", " ").capitalize()

    def derived_text(self, derived: dict[str, Any]) -> str:
        """ "TN 3  heat 3  dice L2 R2  move 4": what the points give in play (dice per arm)."""
        dice = " ".join(f"{self.slot_name(arm)[:1]}{n}" for arm, n in derived["dice"].items())
        figures = (
            ("TN", derived["target_number"]),
            ("heat", derived["heat_capacity"]),
            ("dice", dice),
            ("move", derived["move"]),
        )
        return "  ".join(f"{name}{NO_BREAK}{value}" for name, value in figures)

    def _mech(self, roster: McWarriorRoster, key: str) -> tuple[int, Mech]:
        m = index_of(key, "mechs")
        return m, roster.mechs[m]

    # -- the inspector -------------------------------------------------------------------
    def inspect(self, roster: McWarriorRoster, key: str) -> Inspection | None:
        if key == SETTINGS:
            return self.inspect_settings(roster)
        try:
            m, mech = self._mech(roster, key)
        except (ValueError, IndexError):
            return None
        figures = self.figures(roster)
        numbers = figures.mechs[m]
        rules = self.catalogue.rules
        rows = [
            InspectorRow("name", "Name", mech.name or "—"),
            InspectorRow("pilot", "Pilot", mech.pilot or "— type a name —"),
            InspectorRow("skill", "Skill", self._skill_name(mech.skill), clearable=mech.skill is not None),
        ]
        for part in self.catalogue.parts:
            points = mech.parts.get(part.id, 0)
            cost = numbers.part_costs.get(part.id, 0)
            nxt = f"next +{rules.point_costs[points]}" if points < rules.max_points else "max"
            dots = "●" * min(points, rules.max_points) + "○" * max(rules.max_points - points, 0)
            shown = f"{dots} {counted(points, 'pt')} = {counted(cost, 'bolt')} ({nxt})"
            rows.append(InspectorRow(f"parts.{part.id}", part.name, shown))
        for slot in self._slot_keys(mech):
            choice = mech.upgrades.get(slot)
            upgrade = self.catalogue.upgrade(choice.id) if choice else None
            if choice is None:
                value = "— none —"
            elif upgrade is None:
                value = f"{choice.id} (unknown)"
            else:
                value = f"{upgrade.name} · {counted(upgrade_cost(upgrade, choice.level), 'bolt')}"
            rows.append(
                InspectorRow(f"upgrades.{slot}", f"{self.slot_name(slot)} upgrade", value, clearable=choice is not None)
            )
            if choice is not None and upgrade is not None and upgrade.levelled:
                level = choice.level or 0
                nxt = f"next +{upgrade.cost + level * upgrade.level_step}" if level < MAX_LEVEL else "max"
                rows.append(
                    InspectorRow(
                        f"level.{slot}",
                        "  shield level",
                        f"{level} = {counted(level_cost(upgrade, level), 'bolt')} ({nxt})",
                    )
                )
        limit = figures.budget
        meter = (
            Meter("Bolts", numbers.bolts, limit)
            if limit is not None
            else Meter(MODES["warband"], figures.total_bolts, figures.warband_budget or 0)
        )
        heading = spans(title(self.mech_name(mech, m)), f"  {self.derived_text(numbers.derived)}")
        return Inspection(heading, self._mech_text(mech, numbers), tuple(rows), meter)

    def _slot_keys(self, mech: Mech) -> list[str]:
        """The book's slots, then any other key the roster uses (a leg named on its own) so it can be fixed."""
        slots = list(self.catalogue.slots)
        return slots + [k for k in mech.upgrades if k not in slots]

    def _skill_name(self, skill_id: str | None) -> str:
        skill = self.catalogue.skill(skill_id) if skill_id else None
        return skill.name if skill else (skill_id or "— choose —")

    def _mech_text(self, mech: Mech, numbers: MechTotals) -> Spans:
        lines: list[Spans | str] = [
            f"Parts {numbers.parts_cost} + upgrades {numbers.upgrades_cost} = {numbers.bolts} bolts. "
            "←/→ or +/- change the row, Enter chooses, a digit types a number, Del clears."
        ]
        skill = self.catalogue.skill(mech.skill) if mech.skill else None
        if skill is not None:
            lines.append(spans(title(skill.name), f": {skill.summary}"))
        for choice in mech.upgrades.values():
            upgrade = self.catalogue.upgrade(choice.id)
            if upgrade is not None:
                lines.append(spans(title(upgrade.name), f": {upgrade.summary}"))
        return joined(lines)

    # -- choices ---------------------------------------------------------------------------
    def choices(self, roster: McWarriorRoster, key: str, row: str) -> ChoicePrompt | None:
        if key == SETTINGS:
            return self.settings_choices(roster, row)
        m, mech = self._mech(roster, key)
        figures = self.figures(roster)
        bolts, limit = figures.mechs[m].bolts, figures.budget

        def over(extra: int) -> str:
            return f"{bolts + extra}/{limit} bolts: over budget" if limit is not None and bolts + extra > limit else ""

        if row == "skill":
            taken = {other.skill: self.mech_name(other, n) for n, other in enumerate(roster.mechs) if n != m}
            return ChoicePrompt(
                f"Pilot skill of {self.mech_name(mech, m)}",
                tuple(
                    Choice(
                        s.id,
                        s.name,
                        s.summary,
                        f"already the skill of {taken[s.id]}'s pilot" if roster.is_warband and s.id in taken else "",
                        s.id == mech.skill,
                    )
                    for s in self.catalogue.skills
                ),
            )
        head, _, slot = row.partition(".")
        if head == "parts" and (part := self.catalogue.part(slot)) is not None:
            now = self.catalogue.rules.part_cost(mech.parts.get(slot, 0))
            options = []
            for n in range(self.catalogue.rules.min_points, self.catalogue.rules.max_points + 1):
                cost = self.catalogue.rules.part_cost(n)
                options.append(
                    Choice(
                        str(n),
                        counted(n, "pt"),
                        f"{counted(cost, 'bolt')} ({cost - now:+d})",
                        over(cost - now),
                        n == mech.parts.get(slot),
                    )
                )
            return ChoicePrompt(f"{part.name} of {self.mech_name(mech, m)} ({part.gives})", tuple(options))
        if head == "upgrades":
            current = mech.upgrades.get(slot)
            installed = self.catalogue.upgrade(current.id) if current else None
            paid = upgrade_cost(installed, current.level) if current and installed else 0
            options = [Choice(None, "— none —", f"{-paid:+d} bolts", current=current is None)]
            for upgrade in self.catalogue.upgrades:
                if self._slot_of(slot) in upgrade.slots:
                    cost = upgrade_cost(upgrade, 1)
                    options.append(
                        Choice(
                            upgrade.id,
                            upgrade.name + (" (by level)" if upgrade.levelled else ""),
                            f"{counted(cost, 'bolt')} · {upgrade.summary}",
                            over(cost - paid),
                            current is not None and current.id == upgrade.id,
                        )
                    )
            return ChoicePrompt(f"{self.slot_name(slot)} upgrade of {self.mech_name(mech, m)}", tuple(options))
        if head == "level" and (choice := mech.upgrades.get(slot)) and (levelled := self.catalogue.upgrade(choice.id)):
            now = level_cost(levelled, choice.level or 0)
            return ChoicePrompt(
                f"{levelled.name} level",
                tuple(
                    Choice(
                        str(n),
                        f"level {n}",
                        counted(level_cost(levelled, n), "bolt"),
                        over(level_cost(levelled, n) - now),
                        n == choice.level,
                    )
                    for n in range(1, MAX_LEVEL + 1)
                ),
            )
        return None

    def _slot_of(self, key: str) -> str:
        """The upgrade slot a roster key fills (a leg's id means the shared legs slot)."""
        part = self.catalogue.part(key)
        return part.upgrade_slot if part is not None else key

    # -- edits -------------------------------------------------------------------------------
    def choose(self, roster: McWarriorRoster, key: str, row: str, choice: str | None) -> None:
        if key == SETTINGS:
            self.choose_setting(roster, row, choice)
            return
        _m, mech = self._mech(roster, key)
        head, _, slot = row.partition(".")
        if row == "skill":
            mech.skill = choice
        elif head == "parts":
            mech.parts = {**mech.parts, slot: whole_number(str(choice), 0, 99, self.slot_name(slot))}
        elif head == "level":
            self._set_level(mech, slot, whole_number(str(choice), 1, MAX_LEVEL, "The level"))
        elif head == "upgrades":
            self._set_upgrade(mech, slot, choice)
        else:
            raise ValueError(f"nothing to choose at {row}")

    def _set_upgrade(self, mech: Mech, slot: str, upgrade_id: str | None) -> None:
        target = self._slot_of(slot)
        upgrades = {k: c for k, c in mech.upgrades.items() if k != slot and self._slot_of(k) != target}
        if upgrade_id is not None:
            upgrade = self.catalogue.upgrade(upgrade_id)
            if upgrade is None:
                raise ValueError(f"unknown upgrade '{upgrade_id}'")
            if target not in upgrade.slots:
                raise ValueError(f"{upgrade.name} does not fit the {self.slot_name(target).lower()}")
            upgrades[target] = UpgradeChoice(id=upgrade_id, level=1 if upgrade.levelled else None)
        order = self._slot_keys(mech) + [target]
        mech.upgrades = dict(sorted(upgrades.items(), key=lambda kv: order.index(kv[0]) if kv[0] in order else 99))

    def _set_level(self, mech: Mech, slot: str, level: int) -> None:
        choice = mech.upgrades.get(slot)
        if choice is None:
            raise ValueError("no upgrade there")
        mech.upgrades = {**mech.upgrades, slot: UpgradeChoice(id=choice.id, level=level)}

    def clear(self, roster: McWarriorRoster, key: str, row: str) -> None:
        if key == SETTINGS:
            self.clear_setting(roster, row)
            return
        _m, mech = self._mech(roster, key)
        head, _, slot = row.partition(".")
        if row == "skill":
            mech.skill = None
        elif head == "upgrades":
            mech.upgrades = {k: c for k, c in mech.upgrades.items() if k != slot}
        else:
            raise ValueError("nothing to remove there")

    def step(self, roster: McWarriorRoster, key: str, row: str, delta: int) -> bool:
        if key == SETTINGS:
            return self.step_setting(roster, row, delta)
        _m, mech = self._mech(roster, key)
        head, _, slot = row.partition(".")
        rules = self.catalogue.rules
        if head == "parts":
            points = mech.parts.get(slot, 0) + delta
            if not rules.min_points <= points <= rules.max_points:
                raise ValueError(f"a part takes {rules.min_points} to {rules.max_points} points")
            mech.parts = {**mech.parts, slot: points}
            return True
        if head == "level" and slot in mech.upgrades:
            level = (mech.upgrades[slot].level or 0) + delta
            if not 1 <= level <= MAX_LEVEL:
                raise ValueError(f"the shield level goes from 1 to {MAX_LEVEL}")
            self._set_level(mech, slot, level)
            return True
        return False

    def ask(self, roster: McWarriorRoster, key: str, row: str) -> Ask | None:
        if key == SETTINGS:
            return self.ask_setting(roster, row)
        _m, mech = self._mech(roster, key)
        head, _, slot = row.partition(".")
        if row == "name":
            return Ask("Mech name", mech.name, "The mech's name:")
        if row == "pilot":
            return Ask("Pilot", mech.pilot, "The pilot's name:")
        if head == "parts":
            return Ask(
                f"{self.slot_name(slot)} points",
                str(mech.parts.get(slot, "")),
                f"Points ({self.catalogue.rules.min_points}–{self.catalogue.rules.max_points}):",
                True,
            )
        if head == "level" and slot in mech.upgrades:
            return Ask("Shield level", str(mech.upgrades[slot].level or ""), f"Level (1–{MAX_LEVEL}):", True)
        return None

    def answer(self, roster: McWarriorRoster, key: str, row: str, text: str) -> None:
        if key == SETTINGS:
            self.answer_setting(roster, row, text)
            return
        _m, mech = self._mech(roster, key)
        head, _, slot = row.partition(".")
        rules = self.catalogue.rules
        if row in ("name", "pilot"):
            setattr(mech, row, text.strip())
        elif head == "parts":
            mech.parts = {
                **mech.parts,
                slot: whole_number(text, rules.min_points, rules.max_points, f"{self.slot_name(slot)} points"),
            }
        elif head == "level":
            self._set_level(mech, slot, whole_number(text, 1, MAX_LEVEL, "The shield level"))
        else:
            raise ValueError(f"cannot type into '{row}'")
