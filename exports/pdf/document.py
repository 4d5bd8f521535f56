"""Assemble the PDF: roster sheet first, then extra pages, half-page sheets and the card pages."""

from __future__ import annotations

from io import BytesIO
from typing import TYPE_CHECKING

from reportlab import rl_config
from reportlab.pdfgen.canvas import Canvas

from builder.game import GAMES
from exports.pdf.card import Face, faces
from exports.pdf.content import ExtraPage, GameContent
from exports.pdf.fonts import REGULAR, register_fonts
from exports.pdf.layout import card_pages, duplex_pages, half_sheet_pages, page_stamp, paper_size, single_card_pages
from exports.pdf.qr import share_qr
from exports.pdf.scenario import scenario_card
from exports.pdf.sheet import ILLEGAL_BANNER, SheetContent, fill_frame, paragraph, sheet_pages, sheet_table

if TYPE_CHECKING:
    from builder.findings import Report
    from builder.roster.common import RosterBase
    from catalog.models.common import CatalogueHeader
    from catalog.scenarios import Scenario


rl_config.useA85 = 0
"""Streams are stored Flate-compressed as binary, not also ASCII85-wrapped: the smaller file of the two."""


def game_content(roster: RosterBase, catalogue: CatalogueHeader, report: Report) -> GameContent:
    """The game module's sheet facts, tables, cards and sheets (exports/pdf/<game>.py)."""
    content: GameContent = GAMES[roster.game].cards(roster, catalogue, report)
    return content


def render(
    roster: RosterBase,
    catalogue: CatalogueHeader,
    report: Report,
    *,
    paper: str,
    one_per_page: bool,
    illegal: bool,
    backs: bool = False,
    scenario: Scenario | None = None,
) -> bytes:
    """The whole export as PDF bytes (with `scenario`'s card after the roster's cards)."""
    register_fonts()
    game = game_content(roster, catalogue, report)
    if scenario is not None:
        game.cards.append(scenario_card(scenario))
    code, matrix, note = share_qr(roster, catalogue)
    sheet = SheetContent(
        name=roster.name,
        game=roster.game,
        catalogue=data_stamp(catalogue),
        facts=game.facts,
        tables=game.tables,
        findings=report.findings,
        notes=roster.notes,
        code=code,
        matrix=matrix,
        qr_note=note,
        illegal=illegal,
    )
    buffer = BytesIO()
    canvas = Canvas(
        buffer, pagesize=paper_size(paper), initialFontName=REGULAR, initialFontSize=9, pageCompression=1, invariant=1
    )
    canvas.setTitle(roster.name or "Warbench roster")
    canvas.setAuthor("Warbench")
    canvas.setSubject(f"{sheet.catalogue}: roster sheet and cards")
    sheet_pages(canvas, sheet, paper)
    stamp = [sheet.catalogue, f"share code {code}" if code else note]
    for page in game.pages:
        _extra_page(canvas, page, paper, stamp)
    if game.half_sheets:
        half_sheet_pages(canvas, game.half_sheets, paper, per_page=1 if one_per_page else 2, stamp=stamp)
    card_faces = [face for card in game.cards for face in faces(card)]
    note = f"{ILLEGAL_BANNER} — {roster.name or 'roster'} printed with --force" if illegal else ""
    if backs:
        duplex_pages(canvas, [pair for card in game.cards for pair in _front_and_back(faces(card))], paper, note, stamp)
    elif one_per_page:
        single_card_pages(canvas, card_faces, note)  # a print shop's card-size pages: the stamp is on the sheet
    else:
        card_pages(canvas, card_faces, paper, note, stamp)
    canvas.save()
    return buffer.getvalue()


def _front_and_back(card_faces: list[Face]) -> list[tuple[Face, Face | None]]:
    """A card's faces as printed cards: the first on the front and the second on its back, and so on."""
    return [
        (card_faces[i], card_faces[i + 1] if i + 1 < len(card_faces) else None) for i in range(0, len(card_faces), 2)
    ]


def _extra_page(canvas: Canvas, page: ExtraPage, paper: str, stamp: list[str]) -> None:
    """A full page of tables under a title (the McWarrior warband sheet), flowing on if long."""
    from reportlab.lib.units import mm
    from reportlab.platypus import Frame

    page_w, page_h = paper_size(paper)
    margin = 15 * mm
    flow = [paragraph(page.title, "title")]
    flow += [paragraph(line) for line in page.lines]
    for title, table in page.tables:
        flow += [paragraph(title, "h"), sheet_table(table, page_w - 2 * margin)]
    while flow:
        canvas.setPageSize((page_w, page_h))
        fill_frame(Frame(margin, margin, page_w - 2 * margin, page_h - 2 * margin, 0, 0, 0, 0), flow, canvas)
        page_stamp(canvas, stamp, page_w, 6)
        canvas.showPage()


def data_stamp(catalogue: CatalogueHeader) -> str:
    """Which data the list was built with, for an opponent or organiser: name, id, revision and content hash."""
    stamp = f"{catalogue.name} · {catalogue.id} revision {catalogue.revision}"
    return stamp + (f" · content {catalogue.content_hash}" if catalogue.content_hash else "")
