"""Findings are values: what a rule says about a roster, and the report of one validation."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Literal

Severity = Literal["error", "warning", "info"]
SEVERITY_ORDER: dict[str, int] = {"error": 0, "warning": 1, "info": 2}


@dataclass(frozen=True, slots=True)
class Finding:
    """One broken rule or fact worth showing, located by a roster key path ("units[3].hardpoints.left-arm")."""

    code: str
    severity: Severity
    path: str
    message: str

    def as_dict(self) -> dict[str, str]:
        return {"code": self.code, "severity": self.severity, "path": self.path, "message": self.message}


def error(code: str, path: str, message: str) -> Finding:
    return Finding(code, "error", path, message)


def warning(code: str, path: str, message: str) -> Finding:
    return Finding(code, "warning", path, message)


def info(code: str, path: str, message: str) -> Finding:
    return Finding(code, "info", path, message)


@dataclass(frozen=True)
class Totals:
    """The figures a game counts, made once by its rules (each game subclasses it with typed fields); the TUI,
    the cards and the text export read them, and `as_dict()` is their `validate --json` form."""

    def as_dict(self) -> dict[str, Any]:
        fields: dict[str, Any] = _plain(asdict(self))  # _plain keeps a dict a dict
        return fields

    def named(self, key: str) -> str:
        """What `validate` calls the figure `as_dict()` keys `key`, in words a player reads (the game may say more
        than its field's name)."""
        return key.replace("_", " ")


def _plain(value: Any) -> Any:
    """Dataclass fields as JSON has them: tuples become lists, inside dicts and lists too."""
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(item) for item in value]
    return value


@dataclass(frozen=True, slots=True)
class Report:
    """Every finding for a roster, most severe first, with the totals its game counts."""

    game: str
    findings: tuple[Finding, ...]
    totals: Totals = Totals()

    @property
    def valid(self) -> bool:
        """Legal: no errors (warnings and info allowed)."""
        return not any(f.severity == "error" for f in self.findings)

    @property
    def errors(self) -> tuple[Finding, ...]:
        return tuple(f for f in self.findings if f.severity == "error")

    def codes(self) -> list[str]:
        """The codes found, in report order (handy in tests and summaries)."""
        return [f.code for f in self.findings]

    def as_dict(self) -> dict[str, Any]:
        """The `validate --json` object."""
        return {
            "valid": self.valid,
            "game": self.game,
            "totals": self.totals.as_dict(),
            "findings": [f.as_dict() for f in self.findings],
        }
