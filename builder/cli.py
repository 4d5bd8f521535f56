"""The `warbench` command: the TUI by default, and scriptable subcommands next to it."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from contextlib import nullcontext
from functools import cache
from importlib import import_module
from typing import Any

from builder import VERSION
from builder.commands import skip_pydantic_plugin_scan, subcommand, visible_output
from builder.commands.battle_parser import BattleCommandError, add_battle, battle_argv
from builder.commands.narrative_parser import NARRATIVE_COMMANDS, add_narrative
from builder.commands.parser import Parser
from builder.ledgers import LEDGER_KINDS, reported_by
from builder.numbers import int_argument
from builder.serving import port_number
from catalog.errors import WarbenchError
from catalog.wording import visible

EXIT_OK, EXIT_ILLEGAL, EXIT_BAD_INPUT = 0, 1, 2

# subcommand -> (module, function); modules are imported only when their command runs.
HANDLERS = {
    "validate": ("builder.commands.validate", "run_validate"),
    "catalog list": ("builder.commands.catalog", "run_list"),
    "catalog check": ("builder.commands.catalog", "run_check"),
    "catalog import": ("builder.commands.catalog_import", "run_catalog_import"),
    "catalog share": ("builder.commands.catalog_share", "run_share"),
    "export pdf": ("builder.commands.export", "run_pdf"),
    "export text": ("builder.commands.text", "run_text"),
    "export battlescribe": ("builder.commands.export_bs", "run_battlescribe"),
    "share code": ("builder.commands.share", "run_code"),
    "share qr": ("builder.commands.share", "run_qr"),
    "share import": ("builder.commands.share", "run_import"),
    "tui": ("builder.commands.tui", "run_tui"),
    "import": ("builder.commands.import_bs", "run_import_bs"),
    "league": ("builder.campaigns.commands", "run_league"),
    "campaign": ("builder.campaigns.commands", "run_campaign"),
    "serve": ("builder.commands.serve", "run_serve"),
    "battle report": ("builder.battles.commands", "run_report"),
    "battle new": ("builder.battles.commands", "run_new"),
    "battle code": ("builder.battles.commands", "run_code"),
    "battle import": ("builder.battles.commands", "run_import"),
    "battle mark": ("builder.battles.commands", "run_mark"),
    "battle score": ("builder.scenarios.play_commands", "run_play"),
    "battle turn": ("builder.scenarios.play_commands", "run_play"),
    "battle declare": ("builder.scenarios.play_commands", "run_play"),
    "roll": ("builder.battles.commands", "run_roll"),
    "journal": ("builder.battles.journal_commands", "run_journal"),
    "journal report": ("builder.battles.commands", "run_journal_report"),
    "scenario list": ("builder.scenarios.commands", "run_list"),
    "scenario show": ("builder.scenarios.commands", "run_show"),
    "scenario roll": ("builder.scenarios.commands", "run_roll"),
    "scenario setup": ("builder.scenarios.commands", "run_setup"),
    **{f"narrative {word}": ("builder.commands.narrative", "run_narrative") for word in NARRATIVE_COMMANDS},
}


CATALOGUE_IMPORT = (
    "install a shared catalogue (its code or QR pictures), or turn BattleScribe data files (.gst and .cat, plain or "
    "zipped) into a Warcaster catalogue, saying what changed"
)
JOURNAL = "every battle whose scenario ended the game, newest first, and each roster's wins, draws and losses"
COMMANDS = {
    "tui",
    "validate",
    "catalog",
    "export",
    "share",
    "import",
    "league",
    "campaign",
    "serve",
    "battle",
    "roll",
    "scenario",
    "journal",
    "narrative",
}


@cache
def build_parser(games: bool = True) -> argparse.ArgumentParser:
    """The command line's parser, made once per process (it is only read; a script or a test that runs many commands
    in one process reuses it); `games` False leaves out the `battle` options and subcommands the games add, which
    only a `battle` command needs (loading them loads the battle engine: `validate` starts faster without)."""
    parser = Parser(prog="warbench", description="Army and roster builder for tabletop wargames.")
    parser.add_argument("--version", action="version", version=f"warbench {VERSION}")
    sub = parser.add_subparsers(dest="command", parser_class=Parser)
    tui = subcommand(sub, "tui", "the terminal builder (the default: `warbench [ROSTER]`)")
    tui.add_argument("roster", nargs="?", help="open this roster")

    validate = subcommand(sub, "validate", "check a roster against its game's rules")
    validate.add_argument("roster")
    validate.add_argument("--json", action="store_true", help="print one JSON object")

    bs = subcommand(sub, "import", "a roster from a BattleScribe Warcaster roster (.ros or .rosz)")
    bs.add_argument("file", help="FILE.ros or FILE.rosz")
    bs.add_argument("-o", "--output", required=True)
    bs.add_argument("--overwrite", action="store_true", help="replace an existing file")
    bs.add_argument("--catalogue", metavar="ID", help="read it on this Warcaster catalogue (default: the one it names)")
    bs.add_argument("--partial", action="store_true", help="write the roster even if parts of the file do not match")

    catalog = subcommand(sub, "catalog", "bundled and installed catalogues").add_subparsers(
        dest="action", required=True, parser_class=Parser
    )
    subcommand(catalog, "list", "list bundled and installed catalogues")
    check = subcommand(catalog, "check", "check catalogue files, listing every problem, then every warning")
    check.add_argument("paths", nargs="+")
    check.add_argument("--json", action="store_true", help="one JSON object: each file's problems and warnings")
    cat_share = subcommand(catalog, "share", "a catalogue as a code (numbered parts when one QR cannot hold it)")
    cat_share.add_argument("catalogue", help="a catalogue id or file")
    cat_share.add_argument(
        "--qr",
        metavar="FILE",
        help="also write the QR code(s): FILE.png or FILE.svg (FILE-1.png, FILE-2.png … for parts)",
    )
    cat_share.add_argument("--overwrite", action="store_true", help="replace existing QR pictures")
    cat_import = subcommand(catalog, "import", CATALOGUE_IMPORT)
    cat_import.add_argument(
        "sources",
        nargs="+",
        metavar="SOURCE",
        help='a catalogue code or its parts ("1/3 …"), - for standard input, pictures of its '
        "QR codes; or the game system and faction catalogues",
    )
    cat_import.add_argument("-o", "--output", help="the catalogue file to write (default: your catalogue folder)")
    cat_import.add_argument("--overwrite", action="store_true", help="replace an existing catalogue")

    export = subcommand(sub, "export", "PDF cards or a plain-text list").add_subparsers(
        dest="action", required=True, parser_class=Parser
    )
    pdf = subcommand(export, "pdf", "stat cards and roster sheet as PDF")
    pdf.add_argument("roster")
    pdf.add_argument("-o", "--output", required=True)
    pdf.add_argument("--paper", choices=["a4", "letter"], default="a4")
    pdf.add_argument("--one-per-page", action="store_true", help="one card per page, for print shops")
    pdf.add_argument(
        "--backs",
        action="store_true",
        help="a card that does not fit one face continues on its back: fronts and backs on facing "
        "pages, for long-edge duplex printing",
    )
    pdf.add_argument(
        "--scenario", help="add the card of a scenario of the roster's game, by id or name (`warbench scenario list`)"
    )
    pdf.add_argument("--force", action="store_true", help="print an illegal roster, marked as such")
    pdf.add_argument("--overwrite", action="store_true", help="replace an existing file")
    text = subcommand(export, "text", "plain-text list for chat and forums")
    text.add_argument("roster")
    battlescribe = subcommand(export, "battlescribe", "a Warcaster roster as a BattleScribe roster (.ros)")
    battlescribe.add_argument("roster")
    battlescribe.add_argument("-o", "--output", required=True, help="FILE.ros")
    battlescribe.add_argument("--overwrite", action="store_true", help="replace an existing file")

    share = subcommand(sub, "share", "share codes and QR codes").add_subparsers(
        dest="action", required=True, parser_class=Parser
    )
    code = subcommand(
        share, "code", "print the roster's share code (numbered parts, one a line, when its profiles need them)"
    )
    code.add_argument("roster")
    code.add_argument("--notes", action="store_true", help="include the roster's notes (private by default)")
    code.add_argument("--grouped", action="store_true", help="in groups of 4, 8 groups a line (pastes back)")
    qr = subcommand(share, "qr", "write the share code as a QR image (FILE-1.png, FILE-2.png … for parts)")
    qr.add_argument("roster")
    qr.add_argument("-o", "--output", required=True, help="FILE.png or FILE.svg")
    qr.add_argument("--overwrite", action="store_true", help="replace an existing file")
    qr.add_argument("--notes", action="store_true", help="include the roster's notes (private by default)")
    imp = subcommand(share, "import", "a roster from a share code (or its numbered parts) or QR images")
    imp.add_argument(
        "source",
        nargs="+",
        help="a share code (spaces and dashes ignored), - for standard input, "
        "or a path to a photo or screenshot of a QR code; a code in numbered parts: every part, in any order",
    )
    imp.add_argument("-o", "--output", required=True)
    imp.add_argument("--overwrite", action="store_true", help="replace an existing file")
    for name in ("league", "campaign"):
        what = " or ".join(LEDGER_KINDS[kind].name for kind in reported_by(name))
        ledger = subcommand(sub, name, f"replay and check a {what} file")
        ledger.add_argument("file")
        ledger.add_argument("--json", action="store_true", help="print one JSON object")
    add_battle(sub, Parser, games)
    add_narrative(sub, Parser)
    journal = subcommand(sub, "journal", JOURNAL)
    journal.add_argument("--roster", metavar="R", help="only the battles this roster (its name or file) played")
    journal.add_argument("--json", action="store_true", help="print one JSON object")
    journal.add_argument(
        "--report",
        metavar="N",
        type=int_argument,
        action=_ReportAction,
        help="the report of battle N of the list (1: the newest) as Markdown",
    )
    journal.add_argument("-o", "--output", metavar="FILE", help="with --report: write it to FILE.md or FILE.pdf")
    journal.add_argument("--overwrite", action="store_true", help="with --report -o: replace the file")
    roll = subcommand(sub, "roll", "roll dice: `roll 6d6`, `roll 2d6+1`, or `roll scatter` (Warsurge's arrow)")
    roll.add_argument("what", help="six-sided dice such as 6d6, d6 or 2d6+1, or `scatter`")
    roll.add_argument("distance", nargs="?", default="2d6", help="with scatter: the distance dice (default 2d6)")
    scenario = subcommand(sub, "scenario", "the scenarios each rulebook plays battles for").add_subparsers(
        dest="action", required=True, parser_class=Parser
    )
    listing = subcommand(scenario, "list", "every game's scenarios, or one game's")
    listing.add_argument("game", nargs="?", help="warcaster, mcwarrior, warsurge or warmachine")
    listing.add_argument("--json", action="store_true", help="print one JSON object")
    show = subcommand(scenario, "show", "one scenario's summary and what a tracker counts")
    show.add_argument("id", help="the scenario's id or name (`warbench scenario list`)")
    show.add_argument("--json", action="store_true", help="print one JSON object")
    rolling = subcommand(scenario, "roll", "roll a scenario (or another chart of the game) as the book does")
    rolling.add_argument("game")
    rolling.add_argument("--chart", help="roll on this chart of the game (`scenario list --json` names them)")
    rolling.add_argument(
        "--operations",
        nargs=2,
        metavar=("OURS", "THEIRS"),
        help="Warmachine frontier: the scenario the operations matrix gives two operations",
    )
    rolling.add_argument("--seed", type=int_argument, help="seed the dice (the same seed rolls the same)")
    rolling.add_argument("--json", action="store_true", help="print one JSON object")
    setting_up = subcommand(
        scenario,
        "setup",
        "a game's guided set-up: the book's steps, rolling what the players leave out, and a set-up card",
        description="Answer the steps you agreed as options (`scenario setup GAME --help` lists them); the rest is "
        "rolled as the book does. Prints the set-up card; --pdf prints it on a page, -o keeps it for `battle new`.",
    )
    setting_up.add_argument("game", help="a game with a set-up flow (warsurge)")
    setting_up.add_argument("options", nargs=argparse.REMAINDER, help="the game's own set-up options")
    serve = subcommand(sub, "serve", "the builder in a web browser, for you alone (an access token)")
    serve.add_argument("file", nargs="?", help="a roster, league or campaign to open")
    serve.add_argument(
        "--host",
        default="localhost",
        help="address to listen on (default localhost; 0.0.0.0 for a phone on your network)",
    )
    serve.add_argument("--port", type=port_number, default=8000, help="port (default 8000; 0 picks a free one)")
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command: user mistakes and unexpected failures print one line and return 2, never a traceback;
    what a command prints shows control characters from files and codes as escapes (the builder draws its own
    screen and escapes them there)."""
    skip_pydantic_plugin_scan()
    argv = sys.argv[1:] if argv is None else list(argv)
    if not argv or (argv[0] not in COMMANDS and not argv[0].startswith("-")):
        if argv and (unknown := unknown_command(argv)):
            print(f"warbench: {unknown}", file=sys.stderr)
            return EXIT_BAD_INPUT
        argv = ["tui", *argv]  # `warbench` and `warbench ROSTER` open the builder
    if argv[0] == "battle":
        try:
            argv = battle_argv(argv)  # `battle FILE` reports it
        except BattleCommandError as exc:
            print(f"warbench: {exc}", file=sys.stderr)
            return EXIT_BAD_INPUT
    with nullcontext() if argv[0] == "tui" else visible_output():
        return _run(argv)


def unknown_command(argv: list[str]) -> str | None:
    """Why `argv`'s first word is neither a command nor a file to open: a typo of a command (`valdiate`), or a word
    followed by more arguments; None for a word that names a file or may name a new one (`warbench FILE`)."""
    from difflib import get_close_matches

    word = argv[0]
    if os.path.lexists(word):
        return None
    near = get_close_matches(word.lower(), sorted(COMMANDS), n=1, cutoff=0.75)
    if near:
        return f"unknown command {word!r} — did you mean {near[0]!r}?"
    grouped = [key for key in HANDLERS if " " in key and key.split()[-1] == word.lower()]
    if 0 < len(grouped) <= 2:  # a group's own word alone (`warbench pdf`): the groups with it
        return f"unknown command {word!r} — did you mean {' or '.join(map(repr, grouped))}?"
    if len(argv) > 1:
        return f"unknown command {word!r} (commands: {', '.join(sorted(COMMANDS - {'tui'}))})"
    return None


class _ReportAction(argparse.Action):
    """`journal --report N` is the journal's report action: it replays a battle, which the listing never loads."""

    def __call__(
        self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any, option: Any = None
    ) -> None:
        namespace.report, namespace.action = values, "report"


def _run(argv: list[str]) -> int:
    args = build_parser(games=not argv or argv[0] in ("battle", "-h", "--help")).parse_args(argv)
    action = getattr(args, "action", None)  # only command groups (catalog, export, share, battle) have one
    key = f"{args.command} {action}" if action else args.command
    spend = ("builder.battles.spend_commands", "run_spend")  # the `battle` words the games add
    module, function = spend if key not in HANDLERS and hasattr(args, "spend") else HANDLERS[key]
    try:
        handler: Callable[[argparse.Namespace], int] = getattr(import_module(module), function)
        return handler(args)
    except WarbenchError as exc:
        print(f"warbench: {visible(str(exc))}", file=sys.stderr)  # one line, even for a file name with a line break
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # the reader went away (`warbench validate … | head`): nothing more to say to it
        _silence_stdout()
        return EXIT_BAD_INPUT
    except Exception as exc:  # a bug: still one line, and never the exit code of an illegal roster
        print(f"warbench: unexpected error ({type(exc).__name__}: {exc}); please report it", file=sys.stderr)
        return EXIT_BAD_INPUT


def _silence_stdout() -> None:
    """Point standard output at /dev/null, so the interpreter's final flush does not fail again."""
    stdout = sys.__stdout__
    if stdout is None:  # started without a standard output: nothing to silence
        return
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


if __name__ == "__main__":
    sys.exit(main())
