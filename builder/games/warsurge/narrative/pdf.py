"""A narrative on PDF pages, one stage after another: its introduction, its map as a grid of 6-inch squares, its
enemies, dice challenges and events (reportlab is imported here only, with the PDF engine's fonts and helpers)."""

from __future__ import annotations

from io import BytesIO
from pathlib import Path

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Frame, KeepInFrame, Spacer
from reportlab.platypus.doctemplate import LayoutError

from builder.games.warsurge.narrative.grid import COLUMNS, legend_lines, width_of
from builder.games.warsurge.narrative.model import NarrativeFile, Stage, StageMap
from builder.games.warsurge.narrative.showing import enemy_lines, stage_lines
from exports.errors import ExportError
from exports.pdf import check_pdf_name, write_bytes_atomic
from exports.pdf.fonts import BOLD, REGULAR, register_fonts
from exports.pdf.layout import page_stamp, paper_size
from exports.pdf.sheet import paragraph

FILLS: dict[str, tuple[float, float, float]] = {
    "#": (0.1, 0.1, 0.1),
    "=": (0.35, 0.35, 0.35),
    "/": (0.85, 0.85, 0.85),
    "~": (0.72, 0.8, 0.95),
    "!": (0.95, 0.72, 0.72),
    "%": (0.82, 0.72, 0.92),
    "^": (0.98, 0.8, 0.6),
    "+": (0.75, 0.92, 0.75),
    "-": (0.97, 0.82, 0.82),
}
"""The book's map colours, softened for print: solid black impassable, blue difficult, red dangerous, purple both,
orange impassable cover, green and red deployment."""


class MapFlowable(Flowable):  # type: ignore[misc]  # reportlab ships no types: Flowable is Any to mypy
    """The stage's grid: shaded squares, letters in red circles (enemies), digits in black ones (objects)."""

    def __init__(self, stage_map: StageMap, side: float) -> None:
        super().__init__()
        self.stage_map = stage_map
        columns, rows = width_of(stage_map), len(stage_map.rows)
        self.square = min(side / columns, side / rows, 16 * mm)
        self.width, self.height = self.square * columns + 12, self.square * rows + 12

    def wrap(self, avail_w: float, avail_h: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        canvas, size = self.canv, self.square
        rows = self.stage_map.rows
        top = self.height - 12
        canvas.setFont(REGULAR, 7)
        for c in range(width_of(self.stage_map)):
            canvas.drawCentredString(12 + c * size + size / 2, top + 3, COLUMNS[c])
        for r, row in enumerate(rows):
            y = top - (r + 1) * size
            canvas.setFillColorRGB(0, 0, 0)
            canvas.drawRightString(9, y + size / 2 - 2, str(r + 1))
            for c, char in enumerate(row):
                x = 12 + c * size
                canvas.setFillColorRGB(*FILLS.get(char, (1, 1, 1)))
                canvas.setStrokeColorRGB(0.6, 0.6, 0.6)
                canvas.setDash(2, 2)
                canvas.rect(x, y, size, size, stroke=1, fill=1)
                canvas.setDash()
                if char.isalnum():
                    enemy = char.isupper()
                    canvas.setFillColorRGB(*((0.8, 0.1, 0.1) if enemy else (0, 0, 0)))
                    canvas.circle(x + size / 2, y + size / 2, size * 0.32, stroke=0, fill=1)
                    canvas.setFillColorRGB(1, 1, 1)
                    canvas.setFont(BOLD, max(6.0, size * 0.35))
                    canvas.drawCentredString(x + size / 2, y + size / 2 - size * 0.12, char)
                    canvas.setFont(REGULAR, 7)


def stage_flow(narrative: NarrativeFile, index: int, usable_w: float) -> list[Flowable]:
    stage: Stage = narrative.stages[index]
    lines = stage_lines(narrative, index, 200, 400)
    flow: list[Flowable] = [paragraph(f"{narrative.title}: {lines[0]}", "title"), Spacer(1, 4)]
    flow += [paragraph(paragraph_text) for paragraph_text in stage.introduction.strip().split("\n\n")]
    flow += [paragraph(f"Objective: {objective}") for objective in stage.objectives]
    if stage.map is not None:
        names = {enemy.letter: enemy.unit.name for enemy in stage.enemies}
        flow += [paragraph("Map", "h"), MapFlowable(stage.map, min(usable_w, 110 * mm))]
        flow += [paragraph(line, "small") for line in legend_lines(stage.map, names)]
    if stage.enemies:
        flow.append(paragraph("Enemies", "h"))
        flow += [paragraph(line, "small") for enemy in stage.enemies for line in enemy_lines(enemy, stage)]
    for challenge in stage.challenges:
        flow += [paragraph(f"Dice challenge: {challenge.title}", "h"), paragraph(challenge.text)]
    for event in stage.events:
        flow += [paragraph(f"Event: {event.title}", "h"), paragraph(event.text)]
        flow += [paragraph(f"[{choice.id}] {choice.text}", "small") for choice in event.choices]
    flow += [paragraph(f"Reward [{reward.id}]: {reward.text}", "small") for reward in stage.rewards]
    return flow


def narrative_pdf_bytes(narrative: NarrativeFile, paper: str = "a4") -> tuple[bytes, int]:
    """The PDF, one page per stage (a long stage shrinks to its page), and its number of pages."""
    register_fonts()
    page_w, page_h = paper_size(paper)
    margin = 15 * mm
    usable_w, body_h = page_w - 2 * margin, page_h - 2 * margin
    buffer = BytesIO()
    canvas = Canvas(buffer, pagesize=(page_w, page_h), initialFontName=REGULAR, pageCompression=1, invariant=1)
    canvas.setTitle(narrative.title)
    canvas.setAuthor("Warbench")
    for index in range(len(narrative.stages)):
        frame = Frame(margin, margin, usable_w, body_h, 0, 0, 0, 0)
        try:
            frame.addFromList(
                [KeepInFrame(usable_w, body_h, stage_flow(narrative, index, usable_w), mode="shrink")], canvas
            )
        except LayoutError as exc:
            raise ExportError(f"stage {index + 1} does not fit a page ({exc})") from None
        page_stamp(
            canvas, [f"{narrative.title} · stage {index + 1} of {len(narrative.stages)} · Warbench"], page_w, margin / 2
        )
        canvas.showPage()
    canvas.save()
    return buffer.getvalue(), len(narrative.stages)


def write_narrative_pdf(narrative: NarrativeFile, output: Path, paper: str = "a4") -> int:
    """Write the narrative's pages to `output` (atomic); the number of pages."""
    check_pdf_name(output)
    data, pages = narrative_pdf_bytes(narrative, paper)
    write_bytes_atomic(output, data)
    return pages
