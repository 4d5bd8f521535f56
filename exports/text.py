"""A roster as plain text for chat and forums: entries with loadouts and costs, totals, legality, share code."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from builder.game import GAMES
from builder.rules import validate
from catalog.models.common import Named
from catalog.wording import counted
from exports.share import encode_roster
from exports.share.errors import ShareCodeError

if TYPE_CHECKING:
    from builder.roster.common import RosterBase
    from catalog.models.common import CatalogueHeader


class HasName(Protocol):
    """A catalogue entry of any game: it has a name to print."""

    @property
    def name(self) -> str: ...


class HasId(Protocol):
    """A hardpoint slot of either game: its id."""

    @property
    def id(self) -> str: ...


class HasHardpoints(Protocol):
    """A Warcaster unit or a Warmachine entry: its hardpoint slots in card order."""

    @property
    def hardpoints(self) -> Sequence[HasId]: ...


def name_or(entry: HasName | None, fallback: str) -> str:
    """The entry's name, or `fallback` (its id) when the catalogue lacks it."""
    return entry.name if entry is not None else fallback


def known(catalogue: CatalogueHeader, kind: str, id: str) -> Named | None:
    """The catalogue's entry of `kind` with this id (every kind the catalogue indexes holds named entries)."""
    entry = catalogue.known(kind).get(id)
    return entry if isinstance(entry, Named) else None


def in_card_order(chosen: dict[str, str], entry: HasHardpoints | None) -> list[tuple[str, str]]:
    """(slot id, choice) in the order the entry's card lists its hardpoints; slots it lacks come last."""
    order = {slot.id: i for i, slot in enumerate(entry.hardpoints)} if entry is not None else {}
    return sorted(chosen.items(), key=lambda item: order.get(item[0], len(order)))


def roster_text(roster: RosterBase, catalogue: CatalogueHeader) -> str:
    """The roster as plain text, ending with its share code."""

    report = validate(roster, catalogue)
    lines = [
        roster.name or "Unnamed roster",
        f"{GAMES[roster.game].name} — catalogue {catalogue.id} revision {catalogue.revision}",
    ]
    lines += GAMES[roster.game].text(roster, catalogue, report.totals)
    lines.append("")
    if report.valid:
        lines.append("Legal" + (f" ({counted(len(report.findings), 'note')})" if report.findings else ""))
    else:
        codes = ", ".join(dict.fromkeys(f.code for f in report.errors))
        lines.append(f"NOT LEGAL: {codes}")
    for finding in report.findings:
        lines.append(f"  {finding.severity} {finding.code} ({finding.path}): {finding.message}")
    try:
        lines += ["", f"Share code: {encode_roster(roster, catalogue)}"]
    except ShareCodeError as exc:
        lines += ["", f"Share code: not available ({exc})"]
    return "\n".join(lines) + "\n"
