"""`warbench battle`'s subcommands, each with its own options; `battle mark` takes the marks every installed game
offers (`Game.marks`), and `battle FILE` is `battle report FILE`."""

from __future__ import annotations

import argparse
import os
from difflib import get_close_matches
from typing import Any

from builder.commands import subcommand
from builder.commands.parser import Parser
from builder.game import GAMES
from builder.game_parts import SpendCommand
from builder.mark_options import MarkOption
from builder.numbers import Bounds, field_range, int_argument, number_type
from builder.scenarios.record import EventMark
from catalog.wording import shown

BATTLE_COMMANDS = ("new", "report", "code", "import", "mark", "score", "turn", "declare")
"""The words `warbench battle` takes first (and the ones the games add: `spend_commands`); any other first word is
a battle file to report."""


def spend_commands() -> dict[str, SpendCommand]:
    """The `battle` subcommands the installed games add, by name (what a turn spends: `arc`, `cp`, `focus` …)."""
    return {command.name: command for record in GAMES.values() for command in record.spend_commands}


def battle_commands() -> tuple[str, ...]:
    """Every word `warbench battle` takes first."""
    return (*BATTLE_COMMANDS, *spend_commands())


def battle_argv(argv: list[str]) -> list[str]:
    """`argv` (starting with "battle") as the subcommand parser reads it: `battle FILE …` becomes
    `battle report FILE …`, and options put before the subcommand (`battle --overwrite new …`, which the one flat
    parser of old took) go after it. A mistyped subcommand raises BattleCommandError."""
    rest, commands = argv[1:], battle_commands()
    if rest and rest[0] in spend_commands() and _subword_help(spend_commands()[rest[0]], rest[1:]):
        return ["battle", rest[0], "BATTLE", *rest[1:]]  # the help is printed before the battle file is wanted
    if not rest or rest[0] in commands or rest[0] in ("-h", "--help"):
        return argv
    if rest[0].startswith("-"):
        named = next((i for i, word in enumerate(rest) if word in commands), None)
        if named is not None:
            return ["battle", rest[named], *rest[:named], *rest[named + 1 :]]
        return ["battle", "report", *rest]
    if unknown := _unknown(rest):
        raise BattleCommandError(unknown)
    return ["battle", "report", *rest]


def _subword_help(command: SpendCommand, rest: list[str]) -> bool:
    """Whether `rest`, after a game's spend command, asks the help of one of its own words with no battle file before
    it (`battle focus allocate --help`, which argparse read as the battle file `allocate`)."""
    if not rest or os.path.lexists(rest[0]) or not {"-h", "--help"} & set(rest[1:]):
        return False
    words = Parser(add_help=False)
    command.add_arguments(words)
    return rest[0] in words.subcommands


class BattleCommandError(Exception):
    """`warbench battle WORD` where WORD is neither a subcommand nor a battle file (a typo of a subcommand)."""


def _unknown(rest: list[str]) -> str | None:
    word = rest[0]
    if os.path.lexists(word):
        return None
    near = get_close_matches(word.lower(), battle_commands(), n=1, cutoff=0.6)
    if near:
        return f"unknown battle command {shown(word)} — did you mean {near[0]!r}? (or a battle file: no such file)"
    if len(rest) > 1 and not rest[1].startswith("-"):
        return f"unknown battle command {shown(word)} (commands: {', '.join(battle_commands())}; or a battle FILE to report)"
    return None


def add_battle(sub: Any, parser_class: type[argparse.ArgumentParser], games: bool = True) -> None:
    """The `battle` command and its subcommands, on the top parser's subparsers `sub` (`games` False: without the
    marks and subcommands the games add, whose parts load the battle engine — for a command that is not `battle`)."""
    battle = sub.add_parser(
        "battle",
        help="a battle in play: `battle new ROSTER -o FILE`, `battle FILE` to report, `battle mark|code|import …`, "
        "and under a scenario `battle score|turn|declare …` (`battle SUBCOMMAND --help`)",
        description="A battle in play. `warbench battle FILE [--json]` reports it (as `battle report`).",
    )
    commands = battle.add_subparsers(dest="action", required=True, parser_class=parser_class, metavar="SUBCOMMAND")
    report = subcommand(commands, "report", help="each side's units with what they have left, who is ahead")
    report.add_argument("battle", metavar="BATTLE", help="the battle file")
    shown = report.add_mutually_exclusive_group()
    shown.add_argument("--json", action="store_true", help="print one JSON object")
    shown.add_argument("--markdown", action="store_true", help="print the battle report to keep, as Markdown")
    report.add_argument(
        "-o",
        "--output",
        metavar="FILE",
        help="write the battle report to keep: FILE.md (Markdown) or FILE.pdf (one page)",
    )
    report.add_argument("--overwrite", action="store_true", help="with -o: replace an existing file")
    report.add_argument(
        "--side",
        metavar="NAME",
        help="also what this side's turns spent in full: its hand, ledger or focus (a player's name, the side's number, us or opponent)",
    )
    _add_new(commands)
    code = subcommand(commands, "code", help="the battle as it stands as a code, for the opponent's Warbench")
    code.add_argument("battle", metavar="BATTLE", help="the battle file")
    imp = subcommand(commands, "import", help="a battle from its code or a QR picture (its rosters written beside it)")
    imp.add_argument(
        "source",
        metavar="CODE",
        nargs="+",
        help="the code, or a QR picture of it; a long code shown in numbered parts: every part, in any order",
    )
    imp.add_argument("-o", "--output", required=True, help="the battle file to write")
    imp.add_argument("--overwrite", action="store_true", help="replace existing files")
    _add_mark(commands, games)
    _add_play(commands)
    for command in spend_commands().values() if games else ():
        spend = subcommand(commands, command.name, help=command.help)
        spend.add_argument("battle", metavar="BATTLE", help="the battle file")
        spend.add_argument(
            "--side",
            metavar="NAME",
            help="whose it is: a player's name, the side's number, us or opponent"
            + ("" if command.sided else " (the roll: none)"),
        )
        spend.set_defaults(spend=command)
        command.add_arguments(spend)


def _add_new(commands: Any) -> None:
    new = subcommand(
        commands, "new", help="start a battle from our roster (and the opponents'), under a scenario or not"
    )
    new.add_argument("roster", metavar="ROSTER", help="our roster")
    new.add_argument(
        "--opponent",
        action="append",
        help="an opponent's roster file, share code or QR picture (again for each more player: McWarrior up to "
        "three, Warsurge up to seven)",
    )
    new.add_argument("-o", "--output", required=True, help="the battle file to write")
    new.add_argument("--overwrite", action="store_true", help="replace existing files")
    new.add_argument("--scenario", help="play under this scenario, by id or name (`warbench scenario list`)")
    new.add_argument(
        "--setup",
        metavar="SETUP.toml",
        help="play as a set-up file says (`warbench scenario setup GAME -o SETUP.toml`): its scenario and the game "
        "types combined with it, players and teams, game length and mods (options given here win)",
    )
    new.add_argument("--players", nargs="+", metavar="NAME", help="the players' names, ours first, one per roster")
    new.add_argument(
        "--player", action="append", metavar="NAME", help="a player's name, ours first (again for each roster)"
    )
    new.add_argument(
        "--team", nargs="+", action="append", metavar="NAME", help="with --scenario: one team's players (once a team)"
    )
    new.add_argument(
        "--attacker",
        metavar="NAME",
        help="with --scenario: the red player (us, opponent or a name); Warmachine: takes each round's first turn",
    )
    new.add_argument("--first", metavar="NAME", help="Warcaster: who takes each Pulse round's first turn (default us)")
    new.add_argument("--secondary", action="append", metavar="MISSION", help="with --scenario: our secondary mission")
    new.add_argument(
        "--opponent-secondary",
        action="append",
        metavar="MISSION",
        help="with --scenario: the opponent's secondary mission",
    )
    new.add_argument(
        "--secondaries-each",
        type=int_argument,
        metavar="N",
        help="with --scenario: secondary missions the table agrees each player may choose (Warcaster; default 1)",
    )
    new.add_argument(
        "--no-mercy",
        action="store_true",
        help="with --scenario: the players agree to leave out the mercy rule (Warcaster's skirmish missions)",
    )
    new.add_argument(
        "--mode",
        choices=["execution", "assassination"],
        help="with --scenario: the Leader mode where the scenario has one (default by size)",
    )


def _add_play(commands: Any) -> None:
    score = subcommand(commands, "score", help="under a scenario: VP, a Leader's fate or a side out, for one side")
    score.add_argument("battle", metavar="BATTLE", help="the battle file")
    score.add_argument(
        "--side", required=True, metavar="NAME", help="who: a player's name, the side's number, us or opponent"
    )
    low, high = field_range(EventMark, "vp")
    vp = Bounds(low, high, f"a side scores {low} to {high} VP at a time")
    score.add_argument("--vp", type=number_type("--vp", vp), metavar="N", help="the VP the side scores this round")
    score.add_argument(
        "--mission", metavar="ID", help="with --vp: from a secondary mission or an extra (cache, kill-box)"
    )
    score.add_argument("--leader", choices=["enemy-leader", "other", "recovered"], help="what befell the side's Leader")
    score.add_argument("--out", action="store_true", help="the side has nothing left in the game")
    turn = subcommand(
        commands,
        "turn",
        help="the next player turn (or round, where a round has none); under a scenario, --over: the game over",
    )
    turn.add_argument("battle", metavar="BATTLE", help="the battle file")
    turn.add_argument(
        "--round", action="store_true", help="on to the next round's first turn (Warcaster: the next Pulse round)"
    )
    turn.add_argument("--over", action="store_true", help="the game is over instead")
    turn.add_argument(
        "--end-roll",
        nargs="?",
        const="roll",
        metavar="D6",
        help="a Random game length (Warsurge): the Turn Master's D6 at this game turn's end, from game turn 4 "
        "(unset: rolled); 4+ goes on to the next, else the game is over",
    )
    turn.add_argument("--notes", metavar="TEXT", help="with --over: a note for the battle's journal entry")
    declare = subcommand(commands, "declare", help="under a scenario: a side won (a concession, an agreement)")
    declare.add_argument("battle", metavar="BATTLE", help="the battle file")
    declare.add_argument(
        "--side", required=True, metavar="NAME", help="who won: a player's name, the side's number, us or opponent"
    )
    declare.add_argument("--reason", help="why the side won")
    declare.add_argument("--notes", metavar="TEXT", help="a note for the battle's journal entry")


class _Mark(argparse.Action):
    """Keeps each mark given in `marks` as (the option by the id of each game offering it, its value); the
    battle's game decides what it does."""

    def __call__(
        self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any, option_string: Any = None
    ) -> None:
        given = True if self.nargs == 0 else values
        if next(iter(self.const.values())).companion:  # beside the mark, which reads it
            namespace.told = (*getattr(namespace, "told", ()), (self.const, given))
        else:
            namespace.marks = (*getattr(namespace, "marks", ()), (self.const, given))


def _add_mark(commands: Any, games: bool = True) -> None:
    mark = subcommand(
        commands,
        "mark",
        help="one mark on a unit, checked and saved (the marks each game offers)",
        description="One mark on one unit, checked and saved at once. Each game offers its own marks.",
    )
    mark.add_argument("battle", metavar="BATTLE", help="the battle file")
    mark.add_argument(
        "--unit",
        type=int_argument,
        required=True,
        metavar="N",
        help="the unit, counted from 1 as the report lists them",
    )
    whose = mark.add_mutually_exclusive_group()
    whose.add_argument("--theirs", action="store_true", help="a unit of the opponent's side")
    whose.add_argument(
        "--side", metavar="NAME", help="a unit of this player's side (a name, the side's number, us or opponent)"
    )
    mark.set_defaults(marks=(), told=())
    marks = mark.add_mutually_exclusive_group(required=games)
    for flag, offered in mark_options().items() if games else ():
        first = next(iter(offered.values()))
        offering = "every game" if len(offered) == len(GAMES) else ", ".join(GAMES[g].short_name for g in offered)
        (mark if first.companion else marks).add_argument(
            flag,
            action=_Mark,
            const=offered,
            nargs=None if first.metavar else 0,
            type=number_type(flag, first.bounds) if first.number else None,
            metavar=first.metavar,
            default=argparse.SUPPRESS,
            help=f"{offering}: {first.help}",
        )


def mark_options() -> dict[str, dict[str, MarkOption]]:
    """Each `battle mark` option the installed games offer, by flag: the option by the id of each game offering it
    (a flag two games share is one option; the battle's game picks its own)."""
    offered: dict[str, dict[str, MarkOption]] = {}
    for record in GAMES.values():
        for option in record.marks:
            offered.setdefault(option.flag, {})[record.id] = option
    return offered
