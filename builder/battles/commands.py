"""`warbench battle new|report|code|import|mark …` and `warbench roll …` (`score|turn|declare` are the scenarios')."""

from __future__ import annotations

import json
import sys
from argparse import Namespace
from pathlib import Path
from typing import TYPE_CHECKING

from builder.battles import battle_code, battle_from_code, new_battle, opponent_roster, replay_battle_file
from builder.battles.battle_report import journal_notes, report_markdown, report_page, write_report
from builder.battles.dice import throw
from builder.battles.journal import journal_path, listed, read_journal
from builder.battles.marking import mark_battle
from builder.battles.report import BattleResult
from builder.battles.text import battle_text
from builder.campaigns.ledger import LedgerError
from builder.roster.files import read_roster
from builder.scenarios import scenario_named
from builder.scenarios.battle import no_mercy_refusal
from builder.scenarios.record import ScenarioPlay
from builder.scenarios.setup import check_players, new_play, read_setup
from builder.scenarios.side_names import side_index
from catalog.access import reads_recorded
from catalog.paths import data_dir
from catalog.wording import counted
from exports.share.source import read_stdin

if TYPE_CHECKING:
    from builder.scenarios.record import ScenarioPlay


def run_report(args: Namespace) -> int:
    """`warbench battle [report] BATTLE [--json | --markdown] [-o FILE.md|FILE.pdf]`: each side's units, what they
    have left, who is ahead; the battle report to keep as Markdown, or written to a file."""

    with reads_recorded() as read:
        result = replay_battle_file(args.battle)
    if args.output:
        inputs = (Path(args.battle), *read)
        written = write_report(result, inputs, Path(args.output), args.overwrite)
        if not args.json and not args.markdown:
            print(f"wrote {written}")
    if args.markdown:
        print(report_markdown(report_page(result, journal_notes(Path(args.battle)))), end="")
    elif args.json:
        print(json.dumps(result.as_dict(), ensure_ascii=True))
    elif not args.output:
        print("\n".join(battle_text(result) + _in_full(result, args.side)))
    return 0 if result.valid else 1


def run_journal_report(args: Namespace) -> int:
    """`warbench journal --report N [-o FILE.md|FILE.pdf]`: battle N of the journal's list (1: the newest) as its
    report, while its battle file is there; a number past the list, or a file gone since, is one line."""
    shown = listed(read_journal(journal_path(data_dir())), args.roster)
    number = args.report
    if not 1 <= number <= len(shown):
        raise LedgerError(f"--report {number}: the journal lists {counted(len(shown), 'battle')} (1 is the newest)")
    battle = Path(shown[number - 1].battle)
    if not battle.is_file():
        raise LedgerError(f"--report {number}: its battle file {battle} is gone (the journal keeps only its result)")
    with reads_recorded() as read:
        result = replay_battle_file(battle)
    if args.output:
        print(f"wrote {write_report(result, (battle, *read), Path(args.output), args.overwrite)}")
    else:
        print(report_markdown(report_page(result, journal_notes(battle))), end="")
    return 0


def _in_full(result: BattleResult, named: str | None) -> list[str]:
    """What the side named with `--side` spent in full (its hand is private: the report shows no side's otherwise)."""
    if named is None:
        return []
    if result.spending is None:
        raise LedgerError("this battle tracks nothing a turn spends: --side shows a side's hand, ledger or focus")
    names = list(result.judged.table.sides) if result.judged else [s.player or s.name for s in result.sides]
    side = side_index(named, names)
    if side >= len(result.sides):
        raise LedgerError("that side has no roster in the battle")
    return [f"{names[side]} in full:", *(f"  {line}" for line in result.spending.details(side))]


def run_code(args: Namespace) -> int:
    """`warbench battle code BATTLE`: the battle as it stands as one code."""

    print(battle_code(args.battle))
    return 0


def run_new(args: Namespace) -> int:
    """`warbench battle new ROSTER [--opponent …] [--scenario ID …] [--setup FILE] -o BATTLE`."""

    output = Path(args.output)
    setup = read_setup(Path(args.setup)) if args.setup else None
    if setup is not None:
        args.scenario = args.scenario or setup.scenario
        args.players = args.players or (None if args.player else list(setup.players) or None)
        args.team = args.team or [list(team) for team in setup.teams] or None
    play = _play(args)
    if setup is not None:
        play = setup.applied_to(play or ScenarioPlay())
    battle = new_battle(
        Path(args.roster), args.opponent, output, overwrite=args.overwrite, scenario=args.scenario, play=play
    )
    result = replay_battle_file(output)  # the sides and the scenario by their names, not a path, a code or an id
    names = " against ".join(result.titles) or battle.name or "our roster"  # a mirror match's sides told apart
    under = f", {result.judged.outcome.scenario.name}" if result.judged else ""
    print(f"wrote {output}: {names}{under}, {result.turn_words()}")
    for found in result.findings:  # what the table should know before it plays: rosters built for another game
        if found.severity == "warning" and found.code == "battle/scenario":
            print(f"warning: {found.message}", file=sys.stderr)
    return 0


def _play(args: Namespace) -> ScenarioPlay | None:
    """The record of the players' names (`--players` or `--player`) and, under a scenario, its `--team`,
    `--attacker`, `--first`, `--secondary` and `--mode`; None when nothing is named."""

    players = (args.players or []) + (args.player or [])
    no_mercy = _mercy_left_out(args)
    if args.players and args.player:
        raise LedgerError("name the players with --players A B … or with --player NAME for each, not both")
    if args.scenario is None:
        if args.team:
            raise LedgerError("--team goes with --scenario")
        if not (players or args.attacker or args.first):
            return None
    names = [read_roster(Path(args.roster)).roster.name or "Us"]
    names += [opponent_roster(source, Path.cwd()).roster.name or "Opponent" for source in args.opponent or []]
    if players:
        check_players(players, len(names), "each more player's roster with --opponent")
    return new_play(
        names,
        players or None,
        args.team,
        args.attacker,
        [args.secondary or [], args.opponent_secondary or []],
        args.mode,
        args.secondaries_each,
        args.first,
        no_mercy,
    )


def _mercy_left_out(args: Namespace) -> bool:
    """`--no-mercy`: the players agreed to leave out the scenario's mercy rule, which only a scenario that lets them
    may (Warcaster's skirmish missions); refused in one line elsewhere."""
    if not args.no_mercy:
        return False
    if args.scenario is None:
        raise LedgerError("--no-mercy goes with --scenario (a skirmish mission's mercy rule)")
    scenario = scenario_named(args.scenario, read_roster(Path(args.roster)).roster.game)
    if not scenario.win.mercy_optional:
        raise LedgerError(no_mercy_refusal(scenario))
    return True


def run_roll(args: Namespace) -> int:

    scattering = args.what.lower() == "scatter"
    print(throw(f"scatter {args.distance}" if scattering else args.what).text())
    return 0


def run_import(args: Namespace) -> int:
    """`warbench battle import CODE|IMAGE… -o BATTLE`: the opponent's table, with both rosters beside it (`-`: the
    code, or its parts, on standard input)."""

    sources = [read_stdin("battle code") if source == "-" else source for source in args.source]
    battle = battle_from_code(sources, Path(args.output), overwrite=args.overwrite)
    marked = sum(len(battle.marks(side)) for side in range(battle.side_count))
    turn = replay_battle_file(Path(args.output)).turn_words()  # "game over after turn 3", not a turn nobody plays
    print(f"wrote {args.output}: {battle.name or 'a battle'}, {turn}, {counted(marked, 'unit')} marked")
    return 0


def run_mark(args: Namespace) -> int:
    """`warbench battle mark BATTLE --unit N [--theirs | --side NAME] MARK`: `args.marks` holds each mark given as (the option by
    the id of each game offering it, its value); the command line lets exactly one through."""

    if len(args.marks) != 1:
        flags = ", ".join(next(iter(offered.values())).flag for offered, _ in args.marks)
        print(f"warbench battle mark: give one mark at a time (given: {flags})", file=sys.stderr)
        return 2
    offered, value = args.marks[0]
    line, journal_problem = mark_battle(
        Path(args.battle), args.unit, args.theirs, offered, value, args.side, told=args.told
    )
    print(line)
    if journal_problem:
        print(f"warbench: {journal_problem}", file=sys.stderr)
    return 0
