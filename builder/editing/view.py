"""What the editor's panes show for a roster, as plain values worked out without a screen."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from builder.editing.base import BrowserEntry, Inspection, RosterLine, TotalItem
from builder.findings import Finding, Report
from builder.game import game

if TYPE_CHECKING:
    from builder.editing.base import GameAdapter
    from builder.roster.common import RosterBase


class EditorView(NamedTuple):
    """Everything the editor's panes show for a roster at one moment."""

    game: str
    title: str
    subtitle: str
    errors: int
    browser: tuple[BrowserEntry, ...]
    lines: tuple[RosterLine, ...]
    flagged: frozenset[str]
    selected: str | None
    inspection: Inspection | None
    totals: tuple[TotalItem, ...]
    findings: tuple[Finding, ...]
    extra: dict[str, str]
    """A game screen's own figures (the Warcaster rack tab's label)."""


Select = Callable[[tuple[RosterLine, ...], frozenset[str]], "str | None"]
"""Given the roster's lines and the flagged ones, which line is selected (the editor's roster list decides)."""


def view_of(roster: RosterBase, report: Report, adapter: GameAdapter, select: Select | None = None) -> EditorView:
    """What the editor shows for a roster, its findings and the selected line (by default the opening one)."""
    lines = tuple(adapter.lines(roster))
    flagged = frozenset(
        location.line_key
        for finding in report.errors
        if (location := adapter.locate(finding.path)) and location.line_key
    )
    selected = select(lines, flagged) if select is not None else adapter.opening_line(lines)
    return EditorView(
        game=adapter.game,
        title=roster.name,
        subtitle=" · ".join(p for p in (game(adapter.game).short_name, adapter.describe(roster)) if p),
        errors=len(report.errors),
        browser=tuple(adapter.browser(roster)),
        lines=lines,
        flagged=flagged,
        selected=selected,
        inspection=adapter.inspect(roster, selected) if selected else None,
        totals=tuple(adapter.totals(roster, report)),
        findings=report.findings,
        extra=adapter.extra(roster),
    )
