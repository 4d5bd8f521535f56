"""`warbench scenario setup warsurge`: the set-up's questions as options (what is left out is rolled), its card."""

from __future__ import annotations

import argparse
import random

from pydantic import ValidationError

from builder.editing.base import Choice, ChoicePrompt
from builder.game_parts import SetupCard
from builder.games.warsurge.setup import BATTLEFIELDS, GAME_TYPES, LENGTHS, MAX_LIMIT, MAX_SIDES, MODS, Agreed, set_up
from builder.games.warsurge.setup_card import card_data, card_lines, card_page, short_lines
from builder.numbers import int_argument
from catalog.scenarios import ScenarioError
from catalog.slug import slugify
from catalog.toml_input import pydantic_problems


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The book's ten steps, each an option; the ones left out are rolled (or the book's default)."""
    parser.add_argument(
        "--player", action="append", default=[], metavar="NAME", help="a player, clockwise round the table (each once)"
    )
    parser.add_argument("--players", type=int_argument, help="how many players, when not named (default 2)")
    parser.add_argument(
        "--team", action="append", default=[], metavar="A,B", help="players who play as one side (comma-separated)"
    )
    parser.add_argument("--playstyle", choices=("standard", "advanced"), help="unset: a D2")
    parser.add_argument("--points", type=int_argument, default=1000, help="the point limit (default 1000)")
    parser.add_argument("--battlefield", choices=("A", "B", "C", "D"), help="unset: the size that suits the limit")
    parser.add_argument(
        "--game-type",
        action="append",
        default=[],
        type=game_type,
        choices=GAME_TYPES,
        help="one, or several combined (by id or name); unset: a D3",
    )
    parser.add_argument("--markers", type=int_argument, help="Capture Objectives: how many markers (unset: a D6)")
    parser.add_argument("--terrain", choices=("light", "moderate", "dense"), default="moderate")
    parser.add_argument("--terrain-pieces", type=int_argument, help="unset: rolled for the terrain density")
    parser.add_argument("--length", choices=(*LENGTHS, "custom"), help="unset: a D3 among conflict, random and set")
    parser.add_argument("--turns", type=int_argument, help="with --length set or custom: the number of game turns")
    parser.add_argument("--custom", default="", help="with --length custom: how the game ends")
    parser.add_argument("--mod", action="append", default=[], choices=MODS, help="a mod all players agreed")
    parser.add_argument(
        "--time-attack",
        type=int_argument,
        metavar="SECONDS",
        help="Time Attack with these seconds to decide (default 10)",
    )


def game_type(words: str) -> str:
    """A game type as `--game-type` takes it: its id, or its name in any case ("Capture Territory"); anything else
    as typed, for argparse to refuse with the choices."""
    return slugify(words) if slugify(words) in GAME_TYPES else words


def card(args: argparse.Namespace, rng: random.Random) -> SetupCard:
    """The set-up the options and the dice give, as a card; ScenarioError for options that do not fit together."""
    if args.player and args.players is not None and args.players != len(args.player):
        raise ScenarioError(f"set-up: --players {args.players} but {len(args.player)} players named")
    count = args.players if args.players is not None else 2
    players = args.player or [f"Player {n}" for n in range(1, min(count, MAX_SIDES + 1) + 1)]
    if len(players) < 2 or count > MAX_SIDES:
        raise ScenarioError(f"set-up: a game has 2 to {MAX_SIDES} players (name each with --player NAME)")
    try:
        agreed = Agreed(
            players=players,
            teams=[[name.strip() for name in team.split(",") if name.strip()] for team in args.team],
            playstyle=args.playstyle,
            point_limit=args.points,
            battlefield=args.battlefield,
            game_types=args.game_type,
            markers=args.markers,
            terrain=args.terrain,
            terrain_pieces=args.terrain_pieces,
            length=args.length,
            turns=args.turns,
            custom=args.custom,
            mods=[*args.mod, *(["time-attack"] if args.time_attack and "time-attack" not in args.mod else [])],
            time_attack=args.time_attack or 10,
        )
    except ValidationError as exc:
        raise ScenarioError(f"set-up: {pydantic_problems(exc)[0].removeprefix('(top level): ')}") from None
    setup = set_up(agreed, rng)
    return SetupCard(card_lines(setup), card_data(setup), card_page(setup), short_lines(setup))


ROLL = "roll"
QUESTIONS: tuple[tuple[str, ChoicePrompt], ...] = (
    (
        "playstyle",
        ChoicePrompt(
            "Step 2 · Playstyle",
            (
                Choice(ROLL, "Roll a D2"),
                Choice("standard", "Standard", "deploy, move, attack and dash phases"),
                Choice("advanced", "Advanced", "command points and actions"),
            ),
        ),
    ),
    (
        "battlefield",
        ChoicePrompt(
            "Step 4 · Battlefield",
            (
                Choice("suited", "The size the point limit suits"),
                *(
                    Choice(key, f"{name}, {size}", f"up to {top} points")
                    for key, (name, size, top) in BATTLEFIELDS.items()
                ),
            ),
        ),
    ),
    (
        "game_types",
        ChoicePrompt(
            "Step 6 · Game type",
            (
                Choice(ROLL, "Roll a D3"),
                Choice("deathmatch", "Deathmatch", "the most points left wins"),
                Choice("capture-territory", "Capture Territory", "hold the quarters"),
                Choice("capture-objectives", "Capture Objectives", "hold the markers"),
                Choice("capture-objectives+deathmatch", "Objectives + Deathmatch", "combined"),
                Choice("capture-territory+deathmatch", "Territory + Deathmatch", "combined"),
                Choice("capture-objectives+capture-territory", "Objectives + Territory", "combined"),
            ),
        ),
    ),
    (
        "terrain",
        ChoicePrompt(
            "Step 7 · Terrain density",
            (Choice("moderate", "Moderate", "the default"), Choice("light", "Light"), Choice("dense", "Dense")),
        ),
    ),
    (
        "length",
        ChoicePrompt(
            "Step 8 · Game length",
            (
                Choice(ROLL, "Roll a D3"),
                Choice("conflict", "Conflict", "from turn 4, the roll-off's winner ends it or plays on"),
                Choice("random", "Random", "from turn 4, the Turn Master's D6: 4+ plays on; turn 10 the last"),
                Choice("set", "Set", "D6 + 3 game turns"),
            ),
        ),
    ),
    (
        "time_attack",
        ChoicePrompt(
            "Step 9 · Time Attack?",
            (
                Choice("off", "No"),
                Choice("5", "Yes, 5 s"),
                Choice("10", "Yes, 10 s", "the book's"),
                Choice("20", "Yes, 20 s"),
            ),
        ),
    ),
)
"""The set-up's questions in the builder's new-battle flow, each with the book's roll (or default) first."""


def questions() -> tuple[tuple[str, ChoicePrompt], ...]:
    """The set-up's questions, in the book's order, for a chooser."""
    return QUESTIONS


def card_from(answers: dict[str, str], players: list[str], point_limit: int, rng: random.Random) -> SetupCard:
    """The set-up the chooser's answers (keys of `questions()`) and the dice give, for these players."""
    chosen = {key: value for key, value in answers.items() if value not in (ROLL, "suited", "off")}
    try:
        agreed = Agreed(
            players=players,
            point_limit=min(max(point_limit, 50), MAX_LIMIT),
            playstyle=chosen.get("playstyle"),
            battlefield=chosen.get("battlefield"),
            game_types=chosen["game_types"].split("+") if "game_types" in chosen else [],
            terrain=chosen.get("terrain", "moderate"),
            length=chosen.get("length"),
            mods=["time-attack"] if "time_attack" in chosen else [],
            time_attack=int(chosen.get("time_attack", 10)),
        )
    except ValidationError as exc:
        raise ScenarioError(f"set-up: {pydantic_problems(exc)[0].removeprefix('(top level): ')}") from None
    setup = set_up(agreed, rng)
    return SetupCard(card_lines(setup), card_data(setup), card_page(setup), short_lines(setup))
