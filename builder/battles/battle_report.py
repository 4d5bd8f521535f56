"""A battle's report to keep: sides, scenario, VP by round, result and each side's units with what they have left,
as Markdown or as a one-page PDF (`warbench battle report BATTLE --markdown` or `-o FILE.md|FILE.pdf`)."""

from __future__ import annotations

import re
from pathlib import Path

from builder.battles.ending import ended_words, is_over
from builder.battles.journal import journal_path, read_journal
from builder.battles.places import counted_left
from builder.battles.report import BattleResult, Side
from builder.battles.text import left_words
from builder.game import GAMES
from builder.points import show as points
from builder.scenarios.side_names import told_apart
from catalog.errors import WarbenchError
from catalog.files import check_target, write_atomic
from catalog.paths import data_dir
from exports.pdf.report_page import ReportPage, ReportTable, report_pdf_bytes

SUFFIXES = (".md", ".pdf")


class ReportError(WarbenchError):
    """The battle report cannot be written where asked."""


def report_page(result: BattleResult, notes: str = "") -> ReportPage:
    """The report's content, for the Markdown and the PDF alike (`notes`: the journal entry's)."""
    battle, judged = result.battle, result.judged
    players = told_apart(list(judged.table.sides) if judged else [side.player or side.name for side in result.sides])
    rosters = told_apart([side.name for side in result.sides])
    facts = [("Game", GAMES[battle.game].name)]
    if judged:
        facts.append(("Scenario", judged.outcome.scenario.name))
        if teams := judged.table.teams:
            facts.append(("Teams", " against ".join(" & ".join(players[s] for s in team) for team in teams)))
    facts.append(("Turn", result.turn_words().removeprefix("turn ")))  # as `battle FILE` says it: not turn 4 of 3
    facts.append(("Result", _result(result)))
    if notes:
        facts.append(("Notes", notes))
    tables = [_sides(result, players, rosters)]
    if judged and any(any(rounds) for rounds in judged.outcome.by_round):
        last = judged.past_last or judged.scoring_last or 99
        rounds = min(max(len(r) for r in judged.outcome.by_round), last)  # none after the last
        rows = [
            [
                f"{judged.round_word.capitalize()} {n + 1}",
                *(str(r[n]) if n < len(r) else "0" for r in judged.outcome.by_round),
            ]
            for n in range(rounds)
        ]
        rows.append(["Total", *map(str, judged.outcome.vp)])
        tables.append(ReportTable("VP by round", ["", *players], rows, [2] + [2] * len(players)))
    for s, side in enumerate(result.sides):
        who = f"{players[s]}: {rosters[s]}" if s < len(players) and players[s] != rosters[s] else rosters[s]
        tables.append(
            _units(side, who, [place.said if (place := result.place(s, state)) else None for state in side.states])
        )
    findings = [f"{f.severity} {f.code} ({f.path}): {f.message}" for f in result.findings]
    return ReportPage(
        battle.name or " against ".join(rosters) or "Battle report",
        facts,
        tables,
        findings,
        notes_title="Findings",
        stamp="Battle report by Warbench",
    )


def journal_notes(battle_path: Path) -> str:
    """The notes of the battle's journal entry ("" when it has none, or the journal cannot be read: the report is
    the battle file's)."""
    try:
        journal = read_journal(journal_path(data_dir()))
    except WarbenchError:
        return ""
    key = str(battle_path.resolve())
    return next((entry.notes for entry in journal.entries if entry.battle == key), "")


def _result(result: BattleResult) -> str:
    if is_over(result.judged):
        return ended_words(result.judged)
    ahead = f"; ahead: {result.leader}" if result.leader else ""
    return f"the game goes on{ahead}"


def _sides(result: BattleResult, players: list[str], rosters: list[str]) -> ReportTable:
    """Each side's player, roster, VP (under a scenario that scores them: not a Deathmatch) and points left."""
    judged = result.judged
    scored = judged is not None and judged.outcome.scenario.count.per != "none"
    vp = list(judged.outcome.vp) if judged else []
    rows = []
    for s, player in enumerate(players):
        side = result.sides[s] if s < len(result.sides) else None
        left = f"{points(side.remaining)} of {points(side.points)} ({side.percent}%)" if side else ""
        counted = counted_left(judged, s)
        if side and counted is not None and counted != side.remaining:  # what the verdict counts (Deathmatch)
            left += f"; {points(counted)} with reserves lost"
        row = [player, rosters[s] if side else "", str(vp[s]) if s < len(vp) else "", left]
        rows.append(row if scored else row[:2] + row[3:])
    if scored:
        return ReportTable("Sides", ["Player", "Roster", "VP", "Points left"], rows, [3, 4, 1, 3])
    return ReportTable("Sides", ["Player", "Roster", "Points left"], rows, [3, 4, 3])


def _units(side: Side, title: str, places: list[str | None]) -> ReportTable:
    """A side's units numbered as `battle mark --unit N` counts them (from 1, as the battle text lists them), each
    with where it is once the battle records it (`places`, in the order of its states)."""
    rows = []
    for n, (state, place) in enumerate(zip(side.states, places, strict=True), start=1):
        status, mark = left_words(state)
        said = ", ".join(part for part in (mark.strip(), place) if part)
        row = [str(n), state.track.name, points(state.track.points), points(state.remaining), status, said]
        rows.append(row)
    headers = ["No.", "Unit", "Points", "Left", "What it has left", "State"]
    return ReportTable(title, headers, rows, [0.7, 4.5, 1.5, 1.5, 4, 4])


_MARKDOWN_SPECIAL = re.compile(r"([\\`*_\[\]<>#|~])")
"""What Markdown (and GitHub's tables) would read as markup: emphasis, code, links, HTML, headings, cells."""


def md(text: str) -> str:
    """User text as Markdown that prints it as written: its markup characters escaped, on one line."""
    return _MARKDOWN_SPECIAL.sub(r"\\\1", " ".join(text.split()))


def report_markdown(page: ReportPage) -> str:
    """The report as Markdown."""
    lines = [f"# {md(page.title)}", ""]
    lines += [f"- **{md(label)}:** {md(value)}" for label, value in page.facts]
    for table in page.tables:
        lines += ["", f"## {md(table.title)}", ""]
        lines.append("| " + " | ".join(md(h) for h in table.headers) + " |")
        lines.append("|" + "|".join("---" for _ in table.headers) + "|")
        lines += ["| " + " | ".join(md(cell) for cell in row) + " |" for row in table.rows]
    if page.notes:
        lines += ["", f"## {md(page.notes_title)}", ""]
        lines += [f"- {md(note)}" for note in page.notes]
    return "\n".join(lines) + "\n"


def write_report(result: BattleResult, inputs: tuple[Path, ...], output: Path, overwrite: bool = False) -> Path:
    """The report as FILE.md or FILE.pdf, written atomically: never over a file read for it (`inputs`: the battle
    file first, then its rosters and their catalogue files), nor over another unless `overwrite`."""
    suffix = output.suffix.lower()
    if suffix not in SUFFIXES:
        raise ReportError(f"{output}: a battle report is FILE.md or FILE.pdf, not '{output.suffix or 'no extension'}'")
    check_target(output, inputs=inputs, overwrite=overwrite, error=ReportError)
    page = report_page(result, journal_notes(inputs[0]))
    if suffix == ".pdf":
        data: bytes | str = report_pdf_bytes(page)
    else:
        data = report_markdown(page)
    try:
        write_atomic(output, data)
    except OSError as exc:
        raise ReportError(f"{output}: cannot write ({exc.strerror or exc})") from None
    return output
