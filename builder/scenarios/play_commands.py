"""`warbench battle score|turn|declare BATTLE …`: a battle under a scenario played from the command line."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from builder.scenarios import edits

if TYPE_CHECKING:
    from builder.battles.model import BattleFile
    from builder.battles.report import BattleResult
from builder.scenarios.setup import side_index


def run_play(args: argparse.Namespace) -> int:
    """Record one thing in the battle file, then print the scenario's standing (VP, Leaders, the winner)."""
    from builder.battles import parse_battle, replay_battle_file, write_battle
    from builder.battles.ending import refuse_after_end
    from builder.campaigns.ledger import LedgerError
    from builder.roster.files import comments_of
    from builder.scenarios.battle import judged_lines
    from catalog.toml_input import read_toml_text

    path = Path(args.battle)
    text = read_toml_text(path, LedgerError, "battle")
    battle = parse_battle(text, str(path))
    if battle.scenario is None:
        raise LedgerError(f"{path}: the battle has no scenario (start one with `battle new … --scenario ID`)")
    before = replay_battle_file(path)
    names = list(before.judged.table.sides) if before.judged else []
    if args.action == "score" or (args.action == "turn" and not args.over):
        refuse_after_end(before.judged)
    if args.action == "turn" and args.notes is not None and not args.over:
        print("warbench battle turn: --notes goes with --over (a note for the finished game)", file=sys.stderr)
        return 2
    if args.action == "turn":
        battle = (
            battle.model_copy(update={"turn": min(battle.turn + 1, 99)}) if not args.over else (edits.end_game(battle))
        )
    elif args.action == "declare":
        battle = edits.declare(battle, side_index(args.side, names), args.reason or "won by the scenario's conditions")
    elif args.vp is not None:
        battle = edits.score(battle, side_index(args.side, names), args.vp, args.mission)
    elif args.leader is not None:
        battle = edits.leader(battle, side_index(args.side, names), args.leader)
    elif args.out:
        battle = edits.knocked_out(battle, side_index(args.side, names))
    else:
        print("warbench battle score: give --vp N, --leader WHAT or --out", file=sys.stderr)
        return 2
    if args.action == "score":
        refuse_uncounted(battle, path)
    write_battle(path, _sealed(battle, path), comments_of(text)[0])
    result = replay_battle_file(path)
    _journal(before.result(), result, path, getattr(args, "notes", None))
    lines = [f"{battle.name or 'Battle'}, turn {battle.turn}", *judged_lines(result.judged)] if result.judged else []
    lines += [f"  {f.severity:<7} {f.code:<16} {f.path}: {f.message}" for f in result.findings]
    print("\n".join(lines))
    return 0 if result.valid else 1


def _journal(before: dict[str, Any] | None, result: BattleResult, path: Path, notes: str | None) -> None:
    """The battle into the player's journal when this record ended the game (a journal that cannot be written is
    said on a line of its own; the battle is saved all the same)."""
    from builder.battles.journal import journal_ended
    from catalog.paths import data_dir

    if problem := journal_ended(before, result, path, data_dir(), notes=notes):
        print(f"warbench: {problem}", file=sys.stderr)


def _sealed(battle: BattleFile, path: Path) -> BattleFile:
    """The battle with the marks it ended with once this record ends the game (none once it is taken up again)."""
    from builder.battles import load
    from builder.battles.ending import sealed
    from builder.battles.report import replay_battle

    return sealed(battle, replay_battle(battle, *load(battle, path.parent)).judged)


def refuse_uncounted(battle: BattleFile, path: Path) -> None:
    """A scoring the scenario would not count (VP it cannot give, after the game ended) is refused, not written."""
    from builder.battles import load
    from builder.battles.report import replay_battle
    from builder.campaigns.ledger import LedgerError

    last = f"play.events[{len(battle.play.events) - 1 if battle.play else 0}]"
    result = replay_battle(battle, *load(battle, path.parent))
    if refused := [f for f in result.findings if f.path.startswith(last) and f.severity == "error"]:
        raise LedgerError(f"not recorded: {refused[0].message}")
