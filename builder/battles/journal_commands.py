"""`warbench journal [--roster R] [--json]`: the finished battles, newest first, and each roster's record."""

from __future__ import annotations

import json
import sys
from argparse import Namespace

from builder.battles.journal import Journal, JournalEntry, Record, journal_path, read_journal, records
from builder.game import short_name_of
from catalog.paths import data_dir
from catalog.wording import counted

EXIT_DAMAGED = 2


def run_journal(args: Namespace) -> int:
    """List the journal; a line that is not an entry is said on one line (exit 2), the rest listed all the same."""
    path = journal_path(data_dir())
    journal = read_journal(path)
    shown = [e for e in journal.newest_first() if args.roster is None or e.played(args.roster)]
    tally = records(shown, args.roster)
    if args.json:
        found = {"entries": [e.model_dump() for e in shown], "records": [r.as_dict() for r in tally]}
        print(json.dumps(found, ensure_ascii=True))
    else:
        print("\n".join(journal_lines(shown, tally, journal, args.roster)))
    if problem := journal.problem(path):
        print(f"warbench: {problem}", file=sys.stderr)
        return EXIT_DAMAGED
    return 0


def journal_lines(shown: list[JournalEntry], tally: list[Record], journal: Journal, roster: str | None) -> list[str]:
    """The listing: a table of the battles, then the records."""
    if not shown:
        if roster is not None and journal.entries:
            return [f"No battle in the journal where {roster} played."]
        return ["No finished battle in the journal yet: a battle goes in when its scenario ends the game."]
    rows = [("Date", "Game", "Scenario", "Sides (VP)", "Result")]
    rows += [
        (
            entry.when.strftime("%Y-%m-%d %H:%M"),
            short_name_of(entry.game) or entry.game,
            entry.scenario or "",
            " vs ".join(
                f"{s.player}{f' ({s.roster})' if s.roster and s.roster != s.player else ''} {s.vp}" for s in entry.sides
            ),
            result_words(entry),
        )
        for entry in shown
    ]
    widths = [max(len(row[c]) for row in rows) for c in range(len(rows[0]))]
    lines = [f"Journal: {counted(len(shown), 'battle')}, newest first"]
    lines += ["  " + "  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip() for row in rows]
    lines += ["", "Records (wins / draws / losses):"]
    name_w = max(len(r.roster) for r in tally) if tally else 0
    lines += [f"  {r.roster.ljust(name_w)}  {r.wins} / {r.draws} / {r.losses}" for r in tally]
    return lines


def result_words(entry: JournalEntry) -> str:
    """ "Bo won (conceded)", "a draw"."""
    if entry.result.draw:
        return "a draw"
    won = " and ".join(entry.result.winners) or "?"
    return f"{won} won ({entry.result.reason})" if entry.result.reason else f"{won} won"
