"""`warbench journal [--roster R] [--json]`: the finished battles, newest first, numbered, and each roster's record
(`--report N`, which replays a battle, is the battle report's: `builder.battles.commands`)."""

from __future__ import annotations

import json
import shutil
import sys
import textwrap
from argparse import Namespace

from builder.battles.journal import Journal, JournalEntry, Record, journal_path, listed, read_journal, records
from builder.campaigns.ledger import LedgerError
from builder.game import short_name_of
from catalog.paths import data_dir
from catalog.wording import counted
from catalog.wording import shown as quote

EXIT_DAMAGED = 2


def run_journal(args: Namespace) -> int:
    """List the journal; a line that is not an entry is said on one line (exit 2), the rest listed all the same."""
    path = journal_path(data_dir())
    journal = read_journal(path)
    shown = listed(journal, args.roster)
    tally = records(shown, args.roster)
    if args.output:
        raise LedgerError("-o writes a battle's report: name the battle with --report N")
    if args.json:
        found = {"entries": [e.model_dump() for e in shown], "records": [r.as_dict() for r in tally]}
        print(json.dumps(found, ensure_ascii=True))
    else:
        width = shutil.get_terminal_size().columns
        print("\n".join(journal_lines(shown, tally, journal, args.roster, width)))
    if problem := journal.problem(path):
        print(f"warbench: {problem}", file=sys.stderr)
        return EXIT_DAMAGED
    return 0


def journal_lines(
    shown: list[JournalEntry], tally: list[Record], journal: Journal, roster: str | None, width: int = 80
) -> list[str]:
    """The listing: a table of the battles, numbered for `--report` (each battle on two lines where the table is
    wider than `width`), then the records. VP are shown where a battle scored any (a Deathmatch scores none)."""
    if not shown:
        if roster is not None and journal.entries:
            return [f"No battle in the journal where {quote(roster, quoted=False)} played."]
        return ["No finished battle in the journal yet: a battle goes in when its scenario ends the game."]
    rows = [
        (
            f"{n}.",
            entry.when.strftime("%Y-%m-%d %H:%M"),
            short_name_of(entry.game) or entry.game,
            entry.scenario or "",
            sides_words(entry),
            result_words(entry),
        )
        for n, entry in enumerate(shown, 1)
    ]
    table = [("", "Date", "Game", "Scenario", "Sides", "Result"), *rows]
    widths = [max(len(row[c]) for row in table) for c in range(len(table[0]))]
    lines = [f"Journal: {counted(len(shown), 'battle')}, newest first"]
    if 2 + sum(widths) + 2 * (len(widths) - 1) <= width:
        lines += ["  " + "  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip() for row in table]
    else:
        for number, when, game, scenario, sides, result in rows:
            lines.append("  " + "  ".join(cell for cell in (number, when, game, scenario) if cell))
            lines += textwrap.wrap(f"{sides}: {result}", width, initial_indent="    ", subsequent_indent="    ")
    lines += ["", "Records (wins / draws / losses):"]
    scores = [f"{r.wins} / {r.draws} / {r.losses}" for r in tally]
    room = width - 4 - max(map(len, scores), default=0)  # a name longer than the line leaves is cut, never wrapped
    name_w = min(max((len(r.label) for r in tally), default=0), max(room, 12))
    lines += [f"  {_cut(r.label, name_w).ljust(name_w)}  {score}" for r, score in zip(tally, scores)]
    return lines


def _cut(text: str, width: int) -> str:
    """`text`, ending in '…' where it is longer than `width`."""
    return text if len(text) <= width else text[: width - 1] + "…"


def sides_words(entry: JournalEntry) -> str:
    """ "Ann (Cogmire vanguard) 3 VP vs Bo 1 VP", or without VP where no side scored any."""
    scored = any(side.vp for side in entry.sides)
    return " vs ".join(
        f"{s.player}{f' ({s.roster})' if s.roster and s.roster != s.player else ''}{f' {s.vp} VP' if scored else ''}"
        for s in entry.sides
    )


def result_words(entry: JournalEntry) -> str:
    """ "Bo won (conceded)", "a draw"."""
    if entry.result.draw:
        return "a draw"
    won = " and ".join(entry.result.winners) or "?"
    reason = entry.result.reason
    for winner in entry.result.winners:  # a declared win's reason names the side already ("Ann: Bo conceded")
        reason = reason.removeprefix(f"{winner}: ")
    return f"{won} won ({reason})" if reason else f"{won} won"
