"""`warbench battle score|turn|declare BATTLE …`: a battle under a scenario played from the command line, through
the battle session the screen uses (one replay a command)."""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from builder.battles.ending import is_over
from builder.battles.journal import NOTES_MOST
from builder.battles.session import BattleSession
from builder.battles.spending import d6, round_moments
from builder.campaigns.ledger import LedgerError
from builder.editing.storage import Store
from builder.points import show
from builder.scenarios import edits
from builder.scenarios.battle import GOES_ON, judged_lines
from builder.scenarios.side_names import side_index
from catalog.paths import data_dir
from catalog.wording import counted, shown


def passed_words(undone: list[str]) -> str:
    """The warning for turns passed with what the book asks of them undone: one turn's as `battle turn` says it; for
    several, each thing undone once, with the turns it was left in."""
    if len(undone) == 1:
        return f"warning: {undone[0]}; the turn passed all the same"
    lines = [f"warning: {len(undone)} turns passed unfinished, all the same:"]
    lines += [f"  {counted(undone.count(said), 'turn')}: {said}" for said in dict.fromkeys(undone)]
    return "\n".join(lines)


def run_play(args: argparse.Namespace) -> int:
    """Record one thing in the battle file, then print the scenario's standing (VP, Leaders, the winner)."""

    path = Path(args.battle)
    if args.action == "turn" and args.round and args.over:
        print(
            "warbench battle turn: --round goes on to the next round, --over ends the game: give one", file=sys.stderr
        )
        return 2
    roll = getattr(args, "end_roll", None)
    if args.action == "turn" and roll is not None and (args.over or args.round):
        print(
            "warbench battle turn: --end-roll decides whether the game goes on: not with --over or --round",
            file=sys.stderr,
        )
        return 2
    if roll not in (None, "roll") and roll not in tuple("123456"):
        print(f"warbench battle turn: --end-roll is a D6 (1 to 6), not {shown(roll)}", file=sys.stderr)
        return 2
    if args.action == "turn" and args.notes is not None and not args.over:
        print("warbench battle turn: --notes goes with --over (a note for the finished game)", file=sys.stderr)
        return 2
    if (notes := getattr(args, "notes", None)) is not None and len(notes) > NOTES_MOST:
        print(
            f"warbench battle {args.action}: --notes of at most {NOTES_MOST:,} characters, not {len(notes):,}",
            file=sys.stderr,
        )
        return 2
    if args.action == "score" and args.vp is None and args.leader is None and not args.out:
        print("warbench battle score: give --vp N, --leader WHAT or --out", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as scratch:
        session = BattleSession(path, Store(Path(scratch)))  # the command line keeps no recovery file
        session.journal_root = data_dir()
        session.journal_notes = getattr(args, "notes", None)
        battle = session.ledger
        if battle.scenario is None and not (args.action == "turn" and not args.over):
            raise LedgerError(f"{path}: the battle has no scenario (start one with `battle new … --scenario ID`)")
        judged = session.result.judged
        names = list(judged.table.sides) if judged else []
        begun: str | None = None  # what a new round did by itself (McWarrior's Upkeep)
        due = None if is_over(judged) else edits.length_roll_due(battle)  # over: refused as such below
        if args.action == "turn" and not args.over and roll is None and due is not None:
            print(
                f"warbench battle turn: roll the Random game length's D6 at the end of game turn {due} first: "
                "--end-roll N (as rolled, 4+ goes on) or --end-roll roll",
                file=sys.stderr,
            )
            return 2
        if args.action == "turn" and args.over:
            session.change("game over", edits.end_game)
        elif args.action == "turn" and roll is not None:
            spending = session.result.spending
            undone = spending.unfinished if spending is not None else None
            begun = _end_roll(session, roll)
            if undone:  # the turn passes whatever the roll, as a plain turn does
                print(f"warning: {undone}; the turn passed all the same", file=sys.stderr)
        elif args.action == "turn" and args.round:
            spending = session.result.spending
            if spending is not None and (passed := spending.unfinished_through(round_moments(battle))):
                print(passed_words(passed), file=sys.stderr)  # passed all the same, as one turn is
            begun = session.next_round()
        elif args.action == "turn":
            spending = session.result.spending
            if spending is not None and (undone := spending.unfinished):  # passed all the same: a script goes on
                print(f"warning: {undone}; the turn passed all the same", file=sys.stderr)
            begun = session.next_turn(1)  # a Random game length's roll is not due here: refused above
        elif args.action == "declare":
            reason = args.reason or "won by the scenario's conditions"
            session.change("declared", edits.declare, side_index(args.side, names), reason)
        elif args.vp is not None:
            session.play("score", edits.score, side_index(args.side, names), args.vp, args.mission)
        elif args.leader is not None:
            session.play("leader", edits.leader, side_index(args.side, names), args.leader)
        else:
            out = side_index(args.side, names)
            session.play("out", edits.knocked_out, out)
            if out < len(session.result.sides) and (left := session.result.sides[out]).remaining > 0:
                print(
                    f"warbench: {names[out]} is out, though the tracker shows {show(left.remaining)} of "
                    f"{show(left.points)} points left",
                    file=sys.stderr,
                )
        session.save()
        result = session.result
    if session.journal_problem:
        print(f"warbench: {session.journal_problem}", file=sys.stderr)
    lines = [
        f"{battle.name or 'Battle'}, {result.turn_words()}",
        *([begun] if begun else []),
        *(judged_lines(result.judged) if result.judged else []),
    ]
    lines += [f"  {f.severity:<7} {f.code:<16} {f.path}: {f.message}" for f in result.findings]
    print("\n".join(lines))
    return 0 if result.valid else 1


def _end_roll(session: BattleSession, roll: str) -> str:
    """The Random game length's D6 at the end of the game turn recorded (`roll`: a number, or "roll": the battle's
    seeded dice, else any), then the next game turn where it goes on: what happened, in a line."""
    battle = session.ledger
    rolled = int(roll) if roll != "roll" else d6(battle)
    turn = battle.turn
    session.change(f"game length: rolled {rolled}", edits.length_roll, rolled)
    ends = "the game ends after it" if rolled < GOES_ON else "the game goes on"
    said = f"Random game length: rolled {rolled} at the end of game turn {turn}: {ends}"
    begun = session.next_turn(1)  # past the last game turn: its end waits for its scoring, as a Set length's
    return f"{said}\n{begun}" if begun else said
