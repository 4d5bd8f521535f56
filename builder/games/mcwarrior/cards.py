"""McWarrior data sheets (two to a page: circles per part, upgrades, pilot, heat track, hit table) and the warband sheet."""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.game import game
from builder.games.mcwarrior.roster import MODES
from builder.games.mcwarrior.rules import McWarriorTotals
from catalog.wording import counted
from exports.pdf.blocks import Block, Heading, Line, Rich, Stats, Table
from exports.pdf.card import draw_column
from exports.pdf.content import ExtraPage, GameContent
from exports.pdf.layout import HalfSheet
from exports.pdf.sheet import SheetTable
from exports.pdf.text import TextBatch, draw_fitted
from exports.pdf.tracks import Boxes

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from builder.findings import Report
    from builder.games.mcwarrior.catalogue import McWarriorCatalogue, Upgrade
    from builder.games.mcwarrior.costs import MechTotals
    from builder.games.mcwarrior.roster import McWarriorRoster, Mech, UpgradeChoice

BOUGHT, UNBOUGHT = "○", "●"
"""Circles on the data sheet: empty for points bought (ticked off as hits land), filled for points not bought."""
LEGEND = "Points (● not bought, ○ tick off hits)"
"""The circles' header, in words that hold whichever way the TUI draws its dots: a filled circle is never a point."""
SHEET_SCALES = (1.5, 1.4, 1.3, 1.2, 1.1, 1.0, 0.9)
SLOT_NAMES = {"legs": "Legs"}


def circles(points: int, most: int) -> str:
    """'○○○●●●' for 3 of 6 points."""
    points = max(0, min(points, most))
    return BOUGHT * points + UNBOUGHT * (most - points)


def _totals(report: Report) -> McWarriorTotals:
    """The report's totals, which McWarrior's rules count."""
    assert isinstance(report.totals, McWarriorTotals)
    return report.totals


def _mech_totals(report: Report, index: int) -> MechTotals:
    """The rules' totals of the roster's mech at `index`."""
    return _totals(report).mechs[index]


def _upgrade_rows(
    catalogue: McWarriorCatalogue, mech: Mech, totals: MechTotals
) -> tuple[list[list[str]], list[tuple[Upgrade, UpgradeChoice]]]:
    """(table rows, summaries) for the mech's upgrades, in slot order."""
    costs = totals.upgrade_costs
    part_slot = {p.id: p.upgrade_slot for p in catalogue.parts}
    rows: list[list[str]] = []
    summaries: list[tuple[Upgrade, UpgradeChoice]] = []
    for key, choice in mech.upgrades.items():
        upgrade = catalogue.upgrade(choice.id)
        if upgrade is None:
            continue
        slot = part_slot.get(key, key)
        part = catalogue.part(slot)
        slot_name = part.name if part else SLOT_NAMES.get(slot, slot)
        level = f" (level {choice.level})" if upgrade.levelled and choice.level else ""
        rows.append([slot_name, f"{upgrade.name}{level}", str(costs.get(slot, upgrade.cost_at(choice.level or 1)))])
        summaries.append((upgrade, choice))
    return rows, summaries


def data_sheet(
    catalogue: McWarriorCatalogue, roster: McWarriorRoster, mech: Mech, totals: MechTotals, budget: int | None
) -> HalfSheet:
    """A half-page data sheet for one mech, as a drawing function for layout.half_sheet_pages."""
    most = catalogue.rules.max_points
    part_costs = totals.part_costs
    derived = totals.derived
    bolts = totals.bolts

    parts_rows = [
        [
            part.name,
            circles(mech.parts.get(part.id, 0), most),
            str(mech.parts.get(part.id, 0)),
            str(part_costs.get(part.id, catalogue.rules.part_cost(mech.parts.get(part.id, 0)))),
        ]
        for part in catalogue.parts
    ]
    upgrade_rows, summaries = _upgrade_rows(catalogue, mech, totals)
    left: list[Block] = [
        Heading("Body parts"),
        Table(
            ("Part", LEGEND, "#", "Bolts"),
            parts_rows,
            (2.2, 4.6, 0.7, 1),
            ("left", "left", "center", "center"),
            sizes=(1, 1.7),
        ),
        Heading("Upgrades"),
    ]
    notes: dict[str, Rich] = {}  # one note per upgrade, even when both arms carry it
    if upgrade_rows:
        left.append(Table(("Slot", "Upgrade", "Bolts"), upgrade_rows, (2.2, 5.6, 1), ("left", "left", "center")))
        for upgrade, choice in summaries:
            if upgrade.levelled and choice.level:
                left.append(Boxes([choice.level], label=f"{upgrade.name} levels", size=13))
            notes.setdefault(upgrade.id, Rich(f"{upgrade.name}:", upgrade.summary, size=7))
    else:
        left.append(Line("none", size=7))

    dice = derived.get("dice", {})
    arms = [p for p in catalogue.parts if p.gives == "dice"]
    labels = ["Target", "Heat cap."] + [f"Dice {_short(p.name)}" for p in arms] + ["Move"]
    values = [str(derived.get("target_number", "")), str(derived.get("heat_capacity", ""))]
    values += [str(dice.get(p.id, "")) for p in arms] + [f"{derived.get('move', '')}″"]
    skill = catalogue.skill(mech.skill) if mech.skill else None
    hit_rows = [
        [str(roll), part.name if (part := catalogue.part(pid)) else pid]
        for roll, pid in enumerate(catalogue.rules.hit_location, 1)
    ]
    arm_names = "/".join(_short(p.name) for p in arms)
    right: list[Block] = [
        Heading("In play"),
        Stats(labels, values),
        Rich(
            "",
            f"Target: roll it or lower on a die to hit. Heat cap.: heat it takes before overheating. "
            f"Dice {arm_names}: dice the weapon on each arm rolls. Move: inches a move action goes.",
            size=7,
        ),
        Heading("Heat track"),
        Boxes([max(1, derived.get("heat_capacity", 0))], size=14),
        Heading("Hit location (d6)"),
        Table(("d6", "Part"), hit_rows, (1, 4), ("center", "left")),
        Heading("Pilot"),
        Line(mech.pilot or "(no pilot named)", bold=True, size=8),
    ]
    if skill:
        right.append(Rich(f"{skill.name}:", skill.summary, size=7))
    else:
        right.append(Line("no skill chosen", size=7))
    if notes:
        right += [Heading("Upgrade notes"), *notes.values()]

    title = mech.name or "(unnamed mech)"
    against = f"{bolts} / {budget} bolts" if budget is not None else f"{bolts} bolts"

    sub = (
        f"Pilot: {mech.pilot or '–'} · Skill: {skill.name if skill else '–'} · {roster.name or game(roster.game).name}"
    )
    header: list[Block] = [Line(title, bold=True, size=16), Line(sub, size=8, colour=(0.35, 0.35, 0.35))]

    def draw(canvas: Canvas, x: float, y: float, w: float, h: float) -> None:
        canvas.setStrokeColorRGB(0.1, 0.1, 0.1)
        canvas.setLineWidth(0.8)
        canvas.roundRect(x, y, w, h, 6, stroke=1, fill=0)
        pad = 10
        head_w = w * 0.7
        head_h = sum(r.height for block in header for r in block.rows(head_w, 1.0))
        with TextBatch(canvas):
            draw_column(canvas, header, x + pad, y + h - pad, head_w, head_h)
            draw_fitted(
                canvas,
                x + pad + head_w + 6,
                y + h - pad - 14,
                against,
                w - head_w - 2 * pad - 6,
                13,
                7,
                bold=True,
                align="right",
            )
        top = y + h - pad - head_h - 6
        col_gap = 14
        left_w = (w - 2 * pad - col_gap) * 0.5
        right_w = w - 2 * pad - col_gap - left_w
        draw_column(canvas, left, x + pad, top, left_w, top - y - pad, SHEET_SCALES)
        draw_column(canvas, right, x + pad + left_w + col_gap, top, right_w, top - y - pad, SHEET_SCALES)

    return draw


def _short(name: str) -> str:
    """'Left Arm' -> 'L', 'Right Arm' -> 'R' for the stat line."""
    return name.split()[0][0] if " " in name else name


def content(roster: McWarriorRoster, catalogue: McWarriorCatalogue, report: Report) -> GameContent:
    """Roster sheet facts and table, a data sheet per mech, and for a warband the warband sheet."""
    totals = _totals(report)
    total = totals.total_bolts
    budget = totals.budget
    facts: list[tuple[str, str]] = []
    band = catalogue.warband
    if roster.is_warband:
        limit = band.base_bolts + band.bolts_per_district * (roster.districts or 0)
        facts.append(
            (
                "Mode",
                f"{MODES['warband']} (Battle for Port Oldsand campaign), "
                f"{counted(roster.districts, 'district')} claimed",
            )
        )
        facts.append(
            (
                "Budget",
                f"{band.base_bolts} + {band.bolts_per_district} × {roster.districts} = {limit} bolts "
                f"for {band.mechs} mechs",
            )
        )
        facts.append(("Bolts", f"{total} / {limit}"))
    else:
        facts.append(("Mode", f"{MODES['skirmish']} · {counted(len(roster.mechs), 'mech')}"))
        facts.append(("Budget", f"{budget} bolts per mech" if budget is not None else "none"))
        facts.append(("Bolts", f"{total} in total"))

    rows = []
    for i, mech in enumerate(roster.mechs):
        skill = catalogue.skill(mech.skill) if mech.skill else None
        parts = " ".join(str(mech.parts.get(p.id, 0)) for p in catalogue.parts)
        rows.append(
            [
                mech.name or f"mech {i + 1}",
                mech.pilot or "–",
                skill.name if skill else "–",
                parts,
                str(_mech_totals(report, i).bolts),
            ]
        )
    headers = ("Mech", "Pilot", "Skill", "Parts (" + " ".join(_abbrev(p.name) for p in catalogue.parts) + ")", "Bolts")
    limit_text = f"{total} / {limit}" if roster.is_warband else str(total)
    table = SheetTable(headers, rows, (3, 2.2, 2.2, 3.2, 1.4), ("Total", "", "", "", limit_text))

    sheets = [
        data_sheet(catalogue, roster, mech, _mech_totals(report, i), None if roster.is_warband else budget)
        for i, mech in enumerate(roster.mechs)
    ]
    pages: list[ExtraPage] = []
    if roster.is_warband:
        pages.append(
            ExtraPage(
                f"Warband sheet: {roster.name or game(roster.game).name + ' warband'}",
                [("Mechs", _warband_table(catalogue, roster, report, limit))],
                [
                    f"Battle for Port Oldsand: {band.mechs} mechs, each with its own pilot, for {band.base_bolts} bolts "
                    f"+ {band.bolts_per_district} per claimed district ({roster.districts}): {limit} bolts.",
                    f"Spent: {total} of {limit} bolts ({limit - total} left)."
                    if total <= limit
                    else f"Spent: {total} bolts, {total - limit} over the {limit}-bolt budget.",
                ],
            )
        )
    return GameContent(facts, [("Mechs", table)], [], sheets, pages)


def _abbrev(name: str) -> str:
    """'Left Arm' -> 'LA', 'Head' -> 'H'."""
    return "".join(word[0] for word in name.split())


def _warband_table(catalogue: McWarriorCatalogue, roster: McWarriorRoster, report: Report, limit: int) -> SheetTable:
    rows = []
    for i, mech in enumerate(roster.mechs):
        totals = _mech_totals(report, i)
        skill = catalogue.skill(mech.skill) if mech.skill else None
        ups = []
        for choice in mech.upgrades.values():
            upgrade = catalogue.upgrade(choice.id)
            if upgrade:
                ups.append(upgrade.name + (f" {choice.level}" if upgrade.levelled and choice.level else ""))
        rows.append(
            [
                mech.name or f"mech {i + 1}",
                f"{mech.pilot or '–'} ({skill.name if skill else 'no skill'})",
                " ".join(str(mech.parts.get(p.id, 0)) for p in catalogue.parts),
                ", ".join(ups) or "–",
                str(totals.parts_cost),
                str(totals.upgrades_cost),
                str(totals.bolts),
            ]
        )
    total = _totals(report).total_bolts
    headers = (
        "Mech",
        "Pilot (skill)",
        "Parts (" + " ".join(_abbrev(p.name) for p in catalogue.parts) + ")",
        "Upgrades",
        "Parts",
        "Upgr.",
        "Bolts",
    )
    return SheetTable(
        headers, rows, (2.4, 2.8, 2.6, 4.0, 1.2, 1.2, 1.9), ("Total", "", "", "", "", "", f"{total} / {limit}")
    )
