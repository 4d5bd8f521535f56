"""A game's rule set: one function per rule code, each returning findings, plus the game's totals."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import wraps
from typing import Any, TypeVar

from builder.findings import Finding, Totals

RuleFunction = Callable[[Any, Any], Iterable[Finding]]
"""A rule: (roster, catalogue) of its game -> findings; each game's rules take that game's model classes."""

CatalogueT = TypeVar("CatalogueT")
TablesT = TypeVar("TablesT")


class RuleSet:
    """The rules of one game, registered by code with `@RULES.rule("game/code")`."""

    def __init__(self, game: str, order: tuple[str, ...] = ()) -> None:
        self.game = game
        self.order = order
        """The codes in the order their findings are listed (rules spread over several modules state it, so that
        which module happens to be imported first never changes it); empty: the order they are defined in."""
        self.rules: dict[str, RuleFunction] = {}
        self._totals: Callable[[Any, Any], Totals] | None = None

    def rule(self, code: str) -> Callable[[RuleFunction], RuleFunction]:
        """Register the function that checks `code`; its findings must all carry that code."""
        if not code.startswith(f"{self.game}/"):
            raise ValueError(f"rule code {code!r} is not a {self.game} code")

        def register(function: RuleFunction) -> RuleFunction:
            if code in self.rules:
                raise ValueError(f"rule code {code!r} registered twice")
            if self.order and code not in self.order:
                raise ValueError(f"rule code {code!r} is not in the {self.game} rules' stated order")
            self.rules[code] = function
            if self.order:
                self.rules = {c: self.rules[c] for c in self.order if c in self.rules}
            return function

        return register

    def totals(self, roster: Any, catalogue: Any) -> Totals:
        return self._totals(roster, catalogue) if self._totals else Totals()

    def totals_function(self, function: Callable[[Any, Any], Totals]) -> Callable[[Any, Any], Totals]:
        """Register the function that computes the game's totals (its typed Totals)."""
        self._totals = function
        return function

    def run(self, roster: Any, catalogue: Any) -> list[Finding]:
        """Every finding of every rule, in the stated order (or the order the rules are defined in)."""
        findings: list[Finding] = []
        for function in self.rules.values():
            findings.extend(function(roster, catalogue))
        return findings


def per_catalogue(build: Callable[[CatalogueT], TablesT]) -> Callable[[CatalogueT], TablesT]:
    """Memoise a rules module's lookup tables: `build(catalogue)` runs once per catalogue object.

    Keyed by identity: a loaded catalogue is frozen, so the same object always gives the same tables. The
    entry keeps its catalogue alive so the id cannot be reused, and a few catalogues at most are kept, as a
    session loads only a handful.
    """
    cache: dict[int, tuple[CatalogueT, TablesT]] = {}

    @wraps(build)
    def tables(catalogue: CatalogueT) -> TablesT:
        hit = cache.get(id(catalogue))
        if hit is not None and hit[0] is catalogue:
            return hit[1]
        built = build(catalogue)
        if len(cache) >= 16:
            cache.clear()
        cache[id(catalogue)] = (catalogue, built)
        return built

    return tables
