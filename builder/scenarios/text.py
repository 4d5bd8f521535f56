"""Scenarios as plain text and JSON: the list, one scenario's card, what a roll gave."""

from __future__ import annotations

import textwrap
from typing import Any

from builder.game import game
from builder.scenarios import Pairing, Rolled, scenario_of
from builder.scenarios.scoring import nth_turn
from catalog.scenarios import Scenario, ScenarioBook, Tally, Win

WIDTH = 78


def tracker_line(scenario: Scenario, round_word: str) -> str:
    """What a tracker counts, in one line ("VP each turn from turn 2; 3 VP ahead wins")."""
    return f"{_tally(scenario.count, round_word)}; {_win(scenario, round_word)}"


def _tally(count: Tally, round_word: str) -> str:
    if count.per == "none":
        return "no VP"
    when = {
        "round": f"VP at the {count.at} of each {round_word}",
        "turn": "VP at the end of each player turn",
        "event": "VP as they are scored",
    }[count.per]
    if count.from_player is not None:
        when += f" from the {count.from_player}'s {nth_turn(count.from_round)} turn"
    elif count.from_round > 1:
        when += f" from {round_word} {count.from_round}"
    if count.vp:
        when += f" ({' or '.join(map(str, count.vp))} each)"
    if count.by == "attacker":
        when += ", by the attacker only"
    return when


def _win(scenario: Scenario, round_word: str) -> str:
    win: Win = scenario.win
    who = "team" if scenario.teams else "side"
    text = {
        "most-vp": "most VP wins",
        "first-to": f"first {who} to {win.target} VP wins",
        "lead-by": f"{win.target} VP ahead after the opponent's turn wins",
        "points-left": "most points left wins (reserves count as lost)",
        "last-standing": f"last {who} standing wins",
        "declared": "the table declares the winner",
    }[win.kind]
    if win.rounds and win.rolled_from:
        text += (
            f"; from {round_word} {win.rolled_from} a D6 at each end: 4+ goes on ({round_word} {win.rounds} at most)"
        )
    elif win.rounds:
        text += f"; the game ends after {round_word} {win.rounds}"
        if win.at_limit == "defender":
            text += " (then the defender wins)"
    if win.mercy_optional and not win.mercy:  # as played: the players agreed to leave it out
        text += "; the mercy rule left out"
    if win.leader_kill:
        text += "; destroying " + ("a Leader" if win.leader_kill == "either" else "the attacker's Leader") + " ends it"
    return text


def scenario_dict(scenario: Scenario, book: ScenarioBook) -> dict[str, Any]:
    return {
        "id": scenario.id,
        "name": scenario.name,
        "game": scenario.game,
        "group": scenario.group,
        "chart": scenario.chart,
        "players": list(scenario.players),
        "teams": scenario.teams,
        "respawn": scenario.respawn,
        "secondaries": scenario.secondaries,
        "setup": scenario.setup,
        "rules": scenario.rules,
        "scoring": scenario.scoring,
        "victory": scenario.victory,
        "count": scenario.count.model_dump(),
        "win": scenario.win.model_dump(),
        "tracker": tracker_line(scenario, book.round_word),
    }


def list_lines(books: list[ScenarioBook]) -> list[str]:
    lines: list[str] = []
    for book in books:
        lines.append(f"{game(book.game).name}:")
        width = max(len(s.id) for s in book.scenarios)
        lines += [f"  {s.id:<{width}}  {s.name} ({s.group}{_players(s)})" for s in book.scenarios]
    return lines


def _players(scenario: Scenario) -> str:
    low, high = scenario.players
    if (low, high) == (2, 2):
        return ""
    return f", {low}–{high} players" + (" or two teams" if scenario.teams else "")


def show_lines(scenario: Scenario, book: ScenarioBook) -> list[str]:
    """One scenario's card: what it is, our summary, and what a tracker counts."""
    chart = (
        "chosen"
        if scenario.chart is None
        else (
            "the frontier operations matrix"
            if scenario.chart == "matrix"
            else next(f"{c.name} ({c.dice})" for c in book.charts if c.id == scenario.chart)
        )
    )
    lines = [
        f"{scenario.name} — {game(scenario.game).name}, {scenario.group} ({scenario.id})",
        f"Rolled on: {chart}{_players(scenario)}" + ("; respawn" if scenario.respawn else ""),
    ]
    for label, text in card_parts(scenario, book):
        indent = f"{label + ':' if label else '':<11}"
        lines += textwrap.wrap(text, WIDTH, initial_indent=indent, subsequent_indent=" " * 11)
    return lines


def card_parts(scenario: Scenario, book: ScenarioBook) -> list[tuple[str, str]]:
    """The scenario card's parts under its heading, (label, text) each: setup, rules, scoring, victory, what the
    tracker counts, then respawn, mercy, the secondary missions and the book's rules it uses (a part with no label
    goes on with the one above)."""
    parts = [
        ("Setup", scenario.setup),
        ("Rules", scenario.rules),
        ("Scoring", scenario.scoring),
        ("Victory", scenario.victory),
        ("Tracker", tracker_line(scenario, book.round_word)),
    ]
    if scenario.respawn and (scenario.respawn_rule or book.respawn):
        parts.append(("Respawn", scenario.respawn_rule or book.respawn))
    if scenario.win.mercy and book.mercy:
        optional = " Here it may be left out: battle new --no-mercy." if scenario.win.mercy_optional else ""
        parts.append(("Mercy", book.mercy + optional))
    if scenario.secondaries:
        parts.append(("Secondary", f"each player may choose {scenario.secondaries} of these:"))
        parts += [("", f"{m.name} ({m.id}): {m.summary}") for m in book.missions]
    modes = {"modes": ("execution-mode", "assassination-mode"), "execution": ("execution-mode",)}
    used = (*modes.get(scenario.leader or "", ()), *scenario.uses)
    parts += [("Rule", f"{r.name}: {r.summary}") for r in book.rules if r.id in used]
    return parts


def rolled_lines(book: ScenarioBook, rolled: Rolled, indent: str = "") -> list[str]:
    """What a roll gave, and every roll it led to."""
    scenario = next((s for s in book.scenarios if s.id == rolled.row.result), None)
    said = f"{scenario.name} ({scenario.id})" if scenario else (rolled.row.text or rolled.row.result)
    dice = "+".join(map(str, rolled.dice)) + (f" = {rolled.total}" if len(rolled.dice) > 1 else "")
    lines = [f"{indent}{rolled.chart.name} ({rolled.chart.dice}): {dice}: {said}"]
    for then in rolled.then:
        lines += rolled_lines(book, then, indent + "  ")
    if not indent and (found := scenario_of(book, rolled)) is not None:
        lines.append(f"Show it: warbench scenario show {found.id}")
    return lines


def pairing_lines(pairing: Pairing) -> list[str]:
    ours, theirs = pairing.operations
    red = (
        "the scenario decides who attacks"
        if pairing.attacker is None
        else f"red (attacker): the {pairing.operations[pairing.attacker]} player, blue (defender): the "
        f"{pairing.operations[1 - pairing.attacker]} player"
    )
    return [f"{ours} against {theirs}: {pairing.scenario.name} ({pairing.scenario.id}); {red}"]
