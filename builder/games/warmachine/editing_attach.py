"""Which unit a Warmachine attachment joins, in the editor: its inspector row, the units of the army it may join (a
refused one with its reason), and every attachment kept on its unit when entries are added, removed or copied."""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.editing.base import Choice, ChoicePrompt, InspectorRow

if TYPE_CHECKING:
    from builder.games.warmachine.catalogue import Entry, WarmachineCatalogue
    from builder.games.warmachine.roster import WarmachineRoster, WarmachineUnit

ROW = "attached_to"
"""The inspector row (and the roster field) of the unit an attachment joins."""


def unit_called(catalogue: WarmachineCatalogue, roster: WarmachineRoster, index: int | None) -> str:
    """'Rivetgun Squad (unit 4)' for the army's unit at `index` (from 0), or why there is none."""
    if index is None:
        return "no unit"
    if index >= len(roster.units):
        return f"unit {index + 1} (not in the army)"
    entry = catalogue.entry(roster.units[index].id)
    return f"{entry.name if entry else roster.units[index].id} (unit {index + 1})"


def row(catalogue: WarmachineCatalogue, roster: WarmachineRoster, unit: WarmachineUnit, entry: Entry) -> InspectorRow:
    """The 'Joins' row of an attachment (or of any entry that wrongly names a unit)."""
    value = unit_called(catalogue, roster, unit.attached_to) if unit.attached_to is not None else "— choose a unit —"
    return InspectorRow(ROW, "Joins", value, clearable=unit.attached_to is not None)


def refusal(catalogue: WarmachineCatalogue, roster: WarmachineRoster, a: int, target: int) -> str:
    """Why attachment `a` may not join unit `target` ("" when it may), as warmachine/attachment would say it."""
    unit = roster.units[a]
    entry, other = catalogue.entry(unit.id), catalogue.entry(roster.units[target].id)
    if entry is None or other is None:
        return "not in this catalogue"
    if target == a:
        return "an attachment cannot join itself"
    if other.type == "attachment":
        return "an attachment joins a unit, not another attachment"
    if other.id not in entry.joins:
        names = " or ".join(e.name for j in entry.joins if (e := catalogue.entry(j)) is not None)
        return f"a {entry.name} joins only a {names}" if names else f"a {entry.name} may join no unit"
    twin = next(
        (n for n, u in enumerate(roster.units) if n != a and u.id == unit.id and u.attached_to == target),
        None,
    )
    return f"already has a {entry.name} (unit {twin + 1}): one of each kind" if twin is not None else ""


def prompt(catalogue: WarmachineCatalogue, roster: WarmachineRoster, a: int) -> ChoicePrompt:
    """Every unit of the army that is not an attachment, the ones it may not join with the reason."""
    unit = roster.units[a]
    entry = catalogue.entry(unit.id)
    options = []
    for n, other in enumerate(roster.units):
        other_entry = catalogue.entry(other.id)
        if n == a or other_entry is None or other_entry.type == "attachment":
            continue
        options.append(
            Choice(
                str(n),
                unit_called(catalogue, roster, n),
                "",
                refusal(catalogue, roster, a, n),
                current=unit.attached_to == n,
            )
        )
    return ChoicePrompt(f"Unit {entry.name if entry else unit.id} joins", tuple(options))


def join(roster: WarmachineRoster, a: int, choice: str | None) -> None:
    """Attachment `a` joins the unit at the place `choice` names (from 0)."""
    if choice is None or not choice.isdigit() or int(choice) >= len(roster.units) or int(choice) == a:
        raise ValueError(f"no unit {choice} to join")
    roster.units[a].attached_to = int(choice)


def first_free(catalogue: WarmachineCatalogue, roster: WarmachineRoster, a: int) -> None:
    """A newly added attachment joins the only unit it may join, when there is exactly one."""
    free = [n for n in range(len(roster.units)) if n != a and not refusal(catalogue, roster, a, n)]
    if len(free) == 1:
        roster.units[a].attached_to = free[0]


def moved(roster: WarmachineRoster, start: int, by: int) -> None:
    """Units from place `start` on moved `by` places (an entry put in or taken out before them): their attachments
    follow them."""
    for unit in roster.units:
        if unit.attached_to is not None and unit.attached_to >= start:
            unit.attached_to += by


def left(roster: WarmachineRoster, gone: int) -> None:
    """Unit `gone` left the army: its attachments join nothing (a finding, never dropped), and the others follow
    their units."""
    for unit in roster.units:
        if unit.attached_to == gone:
            unit.attached_to = None
    moved(roster, gone + 1, -1)
