"""The set-up card: the game as set up, in lines for the terminal, as data for `--json`, and as a PDF page."""

from __future__ import annotations

from typing import Any

from builder.games.warsurge.setup import BATTLEFIELDS, SetUp
from exports.pdf.report_page import ReportPage, ReportTable

TYPE_NAMES = {
    "deathmatch": "Deathmatch",
    "capture-territory": "Capture Territory",
    "capture-objectives": "Capture Objectives",
}
LENGTH_WORDS = {
    "conflict": "Conflict: from the end of game turn 4, a roll-off; the winner ends the game or plays on (10 s to say)",
    "random": "Random: from the end of game turn 4, the Turn Master rolls a D6: 4+ plays on; game turn 10 is the last",
    "set": "Set: {turns} game turns",
    "custom": "Custom: {custom}",
}
MOD_WORDS = {
    "know-thy-enemy": "Know Thy Enemy: a unit's profile is told only when the game needs it",
    "universe-theme": "Universe Theme: armies and battlefield keep to one theme",
    "terms-of-engagement": "Terms of Engagement: the agreed limits on models and units apply",
    "zero-hour-roster": "Zero Hour Roster: rosters are made now, knowing the game",
    "time-attack": "Time Attack: {seconds} s to decide each unit's move or target ({penalty})",
    "fog-of-war": "Fog of War: deploy out of sight, revealed when all have deployed",
}
COMBINED = "combined: 1 OP for every 10% of the roster still standing at the end."


def side_name(setup: SetUp, side: int) -> str:
    return " & ".join(setup.sides[side])


def facts(setup: SetUp) -> list[tuple[str, str]]:
    """The card's facts, step by step."""
    name, size, _ = BATTLEFIELDS[setup.battlefield]
    types = " + ".join(TYPE_NAMES[t] for t in setup.game_types)
    length = LENGTH_WORDS[setup.length].format(turns=setup.turns, custom=setup.custom or "as the players set")
    if setup.playstyle == "advanced":
        penalty = "running over costs 1 CP, and the action still happens"
    else:
        penalty = "running over lets the next player make one of that player's units sit out the phase"
    mods = [MOD_WORDS[m].format(seconds=setup.time_attack, penalty=penalty) for m in setup.mods]
    rows = [
        ("Sides", " vs ".join(side_name(setup, i) for i in range(len(setup.sides)))),
        (
            "Playstyle",
            "Advanced (command points and actions)" if setup.playstyle == "advanced" else "Standard (phases)",
        ),
        ("Point limit", f"{setup.point_limit} points"),
        ("Battlefield", f"{setup.battlefield}: {name}, {size}"),
        ("Deployment", setup.deployment),
        ("Game type", types),
    ]
    if setup.markers:
        rows.append(("Objective markers", f'{_markers(setup.markers)} (2" to control; 1 OP a turn, 3 in the last)'))
    if "deathmatch" in setup.game_types and len(setup.game_types) > 1:
        rows.append(("Deathmatch", COMBINED))
    rows += [
        ("Terrain", f"{setup.terrain_pieces} pieces ({setup.terrain})"),
        ("Game length", length),
        ("Mods", "; ".join(mods) if mods else "none"),
        ("Turn Master", f"{side_name(setup, setup.turn_master)} (won the roll-off)"),
        ("Zones chosen by", ", then ".join(side_name(setup, i) for i in setup.zone_order)),
    ]
    return rows


def _markers(colours: list[str]) -> str:
    count = sum(1 if colour == "black" else 2 for colour in colours)
    return f"{count} at the {', '.join(colours)} places of the marker map"


def rolls(setup: SetUp) -> list[tuple[str, str, str, str]]:
    """Every roll: (step, what, dice and faces, what it gave)."""
    return [(str(r.step), r.what, f"{r.dice}: {' '.join(map(str, r.faces))}", r.gave or "—") for r in setup.rolls]


def card_lines(setup: SetUp) -> list[str]:
    """The card for the terminal: the facts, then the rolls that made them."""
    lines = ["Warsurge set-up"]
    lines += [f"  {label}: {value}" for label, value in facts(setup)]
    lines.append("Rolled:")
    lines += [f"  step {step} · {what} · {dice} → {gave}" for step, what, dice, gave in rolls(setup)]
    return lines


def short_lines(setup: SetUp) -> list[str]:
    """The facts alone, each cut to one line."""
    return [f"{label}: {value}" for label, value in facts(setup) if label not in ("Point limit", "Zones chosen by")]


def card_data(setup: SetUp) -> dict[str, Any]:
    """The set-up as one JSON object (what `--json` prints and `-o` saves; what is unset is left out, as TOML has no
    null)."""
    data = {"kind": "setup", "game": "warsurge", **setup.model_dump(mode="json", exclude_none=True)}
    data["battle"] = battle_setup(setup)
    return data | ({"max_turns": setup.max_turns} if setup.max_turns is not None else {})


def card_page(setup: SetUp) -> ReportPage:
    """The card as a printed page."""
    table = ReportTable("Rolls", ("Step", "For", "Dice", "Gave"), rolls(setup), (0.8, 3, 2, 3.2))
    return ReportPage("Warsurge set-up", facts=facts(setup), tables=(table,) if setup.rolls else (), stamp="Warbench")


def battle_setup(setup: SetUp) -> dict[str, Any]:
    """What `battle new --setup` takes from the set-up: the scenario (a game type other than Deathmatch first) and the
    types combined with it, the players and teams, the game length, the playstyle, the point limit and Time Attack's
    seconds."""
    types = sorted(setup.game_types, key=lambda t: t == "deathmatch")
    players = [name for side in setup.sides for name in side]
    battle: dict[str, Any] = {"scenario": types[0], "combined": types[1:], "players": players}
    if any(len(side) > 1 for side in setup.sides):
        battle["teams"] = setup.sides
    battle["length"] = setup.length
    battle["playstyle"] = setup.playstyle
    battle["point_limit"] = setup.point_limit
    if setup.turns is not None:
        battle["rounds"] = setup.turns
    if setup.time_attack is not None:
        battle["time_attack"] = setup.time_attack
    return battle
