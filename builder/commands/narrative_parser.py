"""`warbench narrative`'s subcommands: check and show a narrative, play it, and ask the enemy's director."""

from __future__ import annotations

import argparse
from typing import Any

from builder.commands import subcommand
from builder.numbers import int_argument

NARRATIVE_COMMANDS = (
    "check",
    "show",
    "pdf",
    "play",
    "state",
    "direct",
    "guards",
    "code",
    "import",
    "mark",
    "perk",
    "revive",
    "choose",
    "challenge",
    "move",
    "turn",
    "next",
    "end",
)


def add_narrative(sub: Any, parser_class: type[argparse.ArgumentParser]) -> None:
    """The `narrative` command and its subcommands, on the top parser's subparsers `sub`."""
    narrative = subcommand(
        sub,
        "narrative",
        "narratives (Warsurge solo, party and clash play): check, show, play, and the enemy's director",
        description="A narrative is a file of stages (or a bundled narrative's id); playing one makes a "
        "narrative-in-play file, which `warbench FILE` opens in the builder.",
    ).add_subparsers(dest="action", required=True, parser_class=parser_class)
    check = subcommand(narrative, "check", "check a narrative file, listing every finding with its place")
    check.add_argument("file", help="a narrative file or a bundled narrative's id")
    show = subcommand(narrative, "show", "a narrative's stages and maps, or where a narrative in play stands")
    show.add_argument("file", help="a narrative, its id, or a narrative-in-play file")
    show.add_argument("--stage", type=int_argument, metavar="N", help="only stage N (from 1)")
    show.add_argument("--width", type=int_argument, default=80, help="draw maps within this many columns (default 80)")
    show.add_argument("--height", type=int_argument, default=24, help="and this many lines (default 24)")
    pdf = subcommand(narrative, "pdf", "every stage's map, enemies and events on PDF pages")
    pdf.add_argument("file", help="a narrative file or a bundled narrative's id")
    pdf.add_argument("-o", "--output", required=True, help="FILE.pdf")
    pdf.add_argument("--paper", choices=["a4", "letter"], default="a4")
    pdf.add_argument("--overwrite", action="store_true", help="replace an existing file")
    play = subcommand(narrative, "play", "start playing a narrative: a narrative-in-play file for the rosters")
    play.add_argument("file", help="a narrative file or a bundled narrative's id")
    play.add_argument("--roster", action="append", required=True, metavar="R", help="a player's roster (repeat)")
    play.add_argument("--player", action="append", metavar="NAME", help="the players' names, in roster order")
    play.add_argument("-o", "--output", required=True, help="the narrative-in-play file to write")
    play.add_argument("--overwrite", action="store_true", help="replace an existing file")
    state = subcommand(narrative, "state", "write a table-state form for this game turn, to fill in and direct")
    state.add_argument("file", help="a narrative-in-play file")
    state.add_argument("-o", "--output", required=True, help="STATE.toml")
    state.add_argument("--overwrite", action="store_true", help="replace an existing file")
    direct = subcommand(
        narrative, "direct", "the enemy's orders for this game turn, each with its reason (the file is not changed)"
    )
    direct.add_argument("file", help="a narrative-in-play file")
    direct.add_argument("--turn-state", metavar="STATE", help="what the table looks like (`narrative state`)")
    direct.add_argument(
        "--seed",
        type=int_argument,
        help="draw the director's dice from this number (by default from the play: the same play "
        "and turn roll the same)",
    )
    direct.add_argument("--record", action="store_true", help="then carry out the Guards' steps, as `guards` does")
    guards = subcommand(
        narrative,
        "guards",
        "carry out the orders' Guard steps: those activated alerted, each unaware Patrol or Roam moved (saved)",
    )
    guards.add_argument("file", help="a narrative-in-play file")
    guards.add_argument("--turn-state", metavar="STATE", help="what the table looks like (`narrative state`)")
    guards.add_argument("--seed", type=int_argument, help="the dice `direct --seed` drew the orders with")
    code = subcommand(narrative, "code", "a narrative in play as a share code, for another player's Warbench")
    code.add_argument("file", help="a narrative-in-play file (of a narrative bundled with Warbench)")
    imp = subcommand(narrative, "import", "a narrative in play from its code (its rosters written beside it)")
    imp.add_argument("source", metavar="CODE", help="the code, or a QR picture of it")
    imp.add_argument("-o", "--output", required=True, help="the narrative-in-play file to write")
    imp.add_argument("--overwrite", action="store_true", help="replace existing files")
    mark = subcommand(narrative, "mark", "damage, heal or remove a model of a player's unit or an enemy")
    mark.add_argument("file", help="a narrative-in-play file")
    mark.add_argument("unit", help="PLAYER:N (a player's unit N, from 1) or an enemy's id (H1)")
    how = mark.add_mutually_exclusive_group(required=True)
    how.add_argument("--damage", type=int_argument, metavar="N", help="HP lost (negative heals)")
    how.add_argument("--casualty", action="store_true", help="one model removed")
    mark.add_argument("--by", metavar="PLAYER:N", help="the player unit that did it (Threat counts it, and healing)")
    perk = subcommand(narrative, "perk", "a limited-use, Countdown or Recharge perk used")
    perk.add_argument("file", help="a narrative-in-play file")
    perk.add_argument("unit", help="PLAYER:N (a player's unit N, from 1)")
    perk.add_argument("perk", help="the perk as the unit or its weapon names it (`Use I`)")
    revive = subcommand(narrative, "revive", "a whole unit brought back by a perk")
    revive.add_argument("file", help="a narrative-in-play file")
    revive.add_argument("unit", help="PLAYER:N")
    revive.add_argument("perk", help="the perk that brings it back")
    choose = subcommand(narrative, "choose", "a choice made in one of the stage's events")
    choose.add_argument("file", help="a narrative-in-play file")
    choose.add_argument("event")
    choose.add_argument("choice")
    challenge = subcommand(narrative, "challenge", "a dice challenge passed or failed")
    challenge.add_argument("file", help="a narrative-in-play file")
    challenge.add_argument("challenge")
    challenge.add_argument("outcome", choices=["passed", "failed"])
    move = subcommand(narrative, "move", "an enemy unit moved to a square of the map (a Guard's patrol or roam)")
    move.add_argument("file", help="a narrative-in-play file")
    move.add_argument("unit", help="the enemy's id (P1)")
    move.add_argument("square", help="the map's square (H4)")
    turn = subcommand(narrative, "turn", "the next game turn of the stage")
    turn.add_argument("file", help="a narrative-in-play file")
    nxt = subcommand(narrative, "next", "the stage won: on to the next stage")
    nxt.add_argument("file", help="a narrative-in-play file")
    end = subcommand(narrative, "end", "the narrative over: won or lost (a journal entry)")
    end.add_argument("file", help="a narrative-in-play file")
    end.add_argument("outcome", choices=["won", "lost"])
