"""`warbench scenario list [GAME] [--json]`, `scenario roll GAME [--chart ID] [--operations A B]`, `scenario show`."""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path
from typing import NoReturn

import tomli_w

from builder.game import GAMES, game
from builder.numbers import int_argument
from builder.scenarios import (
    books,
    default_chart,
    find_chart,
    from_matrix,
    roll_chart,
    scenario_named,
)
from builder.scenarios.text import (
    list_lines,
    pairing_lines,
    rolled_lines,
    scenario_dict,
    show_lines,
)
from catalog.files import check_target, write_together
from catalog.scenarios import ScenarioError
from exports.pdf.report_page import report_pdf_bytes


def run_list(args: argparse.Namespace) -> int:
    found = books(args.game)
    if args.json:
        print(
            json.dumps(
                {
                    "scenarios": [scenario_dict(s, b) for b in found for s in b.scenarios],
                    "charts": {b.game: [c.id for c in b.charts] for b in found},
                },
                ensure_ascii=True,
            )
        )
    else:
        print("\n".join(list_lines(found)))
    return 0


def run_show(args: argparse.Namespace) -> int:
    scenario = scenario_named(args.id)
    book = game(scenario.game).scenarios
    print(
        json.dumps(scenario_dict(scenario, book), ensure_ascii=True)
        if args.json
        else "\n".join(show_lines(scenario, book))
    )
    return 0


def run_roll(args: argparse.Namespace) -> int:
    book = books(args.game)[0]
    rng = random.Random(args.seed)
    if args.operations:
        pairing = from_matrix(book, *args.operations)
        if args.json:
            print(
                json.dumps(
                    {
                        "scenario": pairing.scenario.id,
                        "operations": list(pairing.operations),
                        "attacker": pairing.attacker,
                    }
                )
            )
        else:
            print("\n".join(pairing_lines(pairing)))
        return 0
    chart = find_chart(book, args.chart) if args.chart else default_chart(book)
    rolled = roll_chart(book, chart, rng)
    print(json.dumps(rolled.as_dict(), ensure_ascii=True) if args.json else "\n".join(rolled_lines(book, rolled)))
    return 0


class _SetupOptions(argparse.ArgumentParser):
    """A game's set-up options: a mistake is the command's one line (exit 2), as every refusal is."""

    def error(self, message: str) -> NoReturn:
        raise ScenarioError(message)


def run_setup(args: argparse.Namespace) -> int:
    """`scenario setup GAME [OPTIONS]`: the game's guided set-up, its card printed (or its data), kept or put on a
    page if asked."""
    flow = game(args.game).setup
    if flow is None:
        with_setup = [g.id for g in GAMES.values() if g.setup is not None]
        raise ScenarioError(
            f"{game(args.game).name} has no guided set-up (games with one: {', '.join(with_setup)}); "
            f"`warbench scenario roll {args.game}` rolls its scenario"
        )
    parser = _SetupOptions(prog=f"warbench scenario setup {args.game}", description="The book's set-up steps.")
    parser.add_argument("--seed", type=int_argument, help="seed the dice (the same seed rolls the same)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("-o", "--output", metavar="FILE.toml", help="keep the set-up in this file, for `battle new`")
    parser.add_argument("--pdf", metavar="FILE.pdf", help="print the set-up card on a PDF page")
    parser.add_argument("--overwrite", action="store_true", help="replace the files -o and --pdf name")
    flow.add_arguments(parser)
    options = parser.parse_args(args.options)
    card = flow.card(options, random.Random(options.seed))
    files = {
        _target(Path(name), suffix, options.overwrite): make
        for name, suffix, make in (
            (options.output, ".toml", lambda: tomli_w.dumps(card.data)),
            (options.pdf, ".pdf", lambda: report_pdf_bytes(card.page)),
        )
        if name
    }
    try:  # the set-up file and its page, both or neither
        write_together({path: make() for path, make in files.items()})
    except OSError as exc:
        named = " and ".join(str(path) for path in files)
        raise ScenarioError(f"{named}: cannot write ({exc.strerror or exc}); nothing was written") from None
    print(json.dumps(card.data, ensure_ascii=True) if options.json else "\n".join(card.lines))
    return 0


def _target(path: Path, suffix: str, overwrite: bool) -> Path:
    """`path`, a FILE`suffix` the command may write (never over a file unless told)."""
    if path.suffix.lower() != suffix:
        raise ScenarioError(f"{path}: name a {suffix} file")
    return check_target(path, overwrite=overwrite, error=ScenarioError)
