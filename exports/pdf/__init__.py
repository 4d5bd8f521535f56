"""Printable stat cards: a roster sheet with the share QR, then poker-size cards nine to a page.

Importing this package is cheap; reportlab loads on the first export. Layout choices:
- Cards are 63.5 × 88.9 mm, in a 3 × 3 grid centred on A4 or US Letter, with crop marks in the margins
  along every cut line. Adjacent cards share a cut line; each card's frame sits 4.5 pt inside its trim.
- `one_per_page` (for print shops) puts each card on its own page of card size plus a 10 mm margin, with
  crop marks at the trim corners and TrimBox/BleedBox (3 mm) set; the roster sheet and McWarrior data
  sheets stay on paper-size pages.
- A card whose content does not fit shrinks (body text 7.5 pt down to 5.1 pt), then continues on a
  second face marked 1/2, 2/2. Names shrink, then wrap; nothing a user typed is cut.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from builder.rules import validate
from catalog.files import write_atomic
from catalog.wording import counted
from exports.errors import ExportError

if TYPE_CHECKING:
    from builder.findings import Report
    from builder.roster.common import RosterBase
    from catalog.models.common import CatalogueHeader
    from catalog.scenarios import Scenario

PAPERS = ("a4", "letter")


class IllegalRosterError(ExportError):
    """The roster breaks its game's rules and `force` was not given; `report` holds the findings."""

    def __init__(self, report: Report) -> None:
        errors = len(report.errors)
        super().__init__(f"not a legal roster ({counted(errors, 'error')}); use --force to print it anyway")
        self.report = report


def pdf_bytes(
    roster: RosterBase,
    catalogue: CatalogueHeader,
    *,
    paper: str = "a4",
    one_per_page: bool = False,
    force: bool = False,
    report: Report | None = None,
    backs: bool = False,
    scenario: Scenario | None = None,
) -> bytes:
    """The export as PDF bytes; an illegal roster raises IllegalRosterError unless `force`."""
    if backs and one_per_page:
        raise ExportError("choose --backs (duplex sheets) or --one-per-page (print-shop pages), not both")
    if paper not in PAPERS:
        raise ExportError(f"unknown paper '{paper}' (expected one of {', '.join(PAPERS)})")
    if report is None:
        report = validate(roster, catalogue)
    if not report.valid and not force:
        raise IllegalRosterError(report)
    from exports.pdf.document import render

    return render(
        roster,
        catalogue,
        report,
        paper=paper,
        one_per_page=one_per_page,
        illegal=not report.valid,
        backs=backs,
        scenario=scenario,
    )


def export_pdf(
    roster: RosterBase,
    catalogue: CatalogueHeader,
    path: str | os.PathLike[str],
    *,
    paper: str = "a4",
    one_per_page: bool = False,
    force: bool = False,
    report: Report | None = None,
    backs: bool = False,
    scenario: Scenario | None = None,
) -> Path:
    """Write the export to `path` atomically (the old file stays whole if anything fails)."""
    path = Path(path)
    _check_target(path)
    data = pdf_bytes(
        roster,
        catalogue,
        paper=paper,
        one_per_page=one_per_page,
        force=force,
        report=report,
        backs=backs,
        scenario=scenario,
    )
    write_bytes_atomic(path, data)
    return path


def check_pdf_name(path: Path | str) -> None:
    """Refuse a target whose extension is not .pdf (cards.txt would be a PDF that opens as garbage)."""
    path = Path(path)
    if path.suffix.lower() != ".pdf":
        raise ExportError(f"{path}: a PDF must end in .pdf, not '{path.suffix or 'no extension'}'")


def _check_target(path: Path) -> None:
    """Fail early, in one line, on a target that cannot be written."""
    if str(path) in ("", "."):
        raise ExportError("no output file given")
    if path.is_dir():
        raise ExportError(f"{path}: is a directory, not a file")
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.is_dir():
        raise ExportError(f"{path}: the folder {parent} does not exist")
    if not os.access(parent, os.W_OK):
        raise ExportError(f"{path}: cannot write in {os.path.abspath(parent)} (permission denied)")
    if path.exists() and not os.access(path, os.W_OK):
        raise ExportError(f"{path}: the file is read-only")
    check_pdf_name(path)


def write_bytes_atomic(path: Path, data: bytes) -> None:
    """Write the PDF atomically; a failure is one ExportError line."""
    try:
        write_atomic(path, data)
    except OSError as exc:
        raise ExportError(f"{path}: cannot write ({exc.strerror or exc})") from None
