"""What the narrative screen offers, in plain Python: its rows of units, the choices each key asks, the entries
they log, and the director's orders from the turn form beside the file, made again at every change."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import cast

from builder.games.warsurge.catalogue import WarsurgeCatalogue
from builder.games.warsurge.narrative.directing import direct_turn, form_text, guard_steps, read_form
from builder.games.warsurge.narrative.director import Direction, enemy_units
from builder.games.warsurge.narrative.logistics import tracked_perks
from builder.games.warsurge.narrative.play import Entry, player_ref
from builder.games.warsurge.narrative.play_text import perk_status, tactic_now
from builder.games.warsurge.narrative.state import PlayResult
from builder.games.warsurge.narrative.table import Dice
from builder.games.warsurge.roster import WarsurgeRoster
from catalog.errors import WarbenchError

ORDERS_HINT = "o: the director's orders · f: write the turn form to fill in · g: the Guards act on them"


@dataclass(frozen=True)
class Row:
    """One unit on the screen: its reference as the log writes it, whose it is, and how it stands."""

    ref: str
    side: str
    name: str
    hp: str
    note: str


def rows(result: PlayResult) -> list[Row]:
    """The party's units, then the stage's enemy units."""
    found = []
    for p, names in enumerate(result.party.unit_names):
        for u, name in enumerate(names):
            left, full = result.player_state(p, u)
            found.append(
                Row(player_ref(p, u), result.party.names[p], name, f"{left}/{full}", "casualty" if left == 0 else "")
            )
    for unit_id, enemy in enemy_units(result.stage_model):
        left, full = result.enemy_state(unit_id)
        tactic = tactic_now(result, enemy)
        alert = "alerted · " if unit_id in result.alerted else ""
        found.append(
            Row(unit_id, "enemy", enemy.unit.name, f"{left}/{full}", "casualty" if left == 0 else alert + tactic)
        )
    return found


def perk_choices(result: PlayResult, ref: str) -> list[tuple[str, str]]:
    """(perk, its state) for the perks the narrative tracks on a player's unit ("1:2")."""
    if ":" not in ref:
        return []
    player, unit = (int(part) - 1 for part in ref.split(":"))
    loaded = result.party.rosters[player]
    perks = tracked_perks(cast(WarsurgeRoster, loaded.roster), cast(WarsurgeCatalogue, loaded.catalogue))
    return [(perk.perk, perk_status(result, player, unit, perk.perk)) for perk in perks if perk.unit == unit]


def form_path(play: Path) -> Path:
    """The turn form the screen reads beside the play file: `beacon.toml` -> `beacon.turn.toml`."""
    return play.with_name(f"{play.stem}.turn.toml")


def write_form(result: PlayResult, play: Path) -> Path:
    """Write a fresh turn form beside the play file (replacing the last turn's)."""
    path = form_path(play)
    path.write_text(form_text(result) + "\n", encoding="utf-8")
    return path


def orders(result: PlayResult, play: Path, dice: Dice | None = None) -> tuple[Direction, str]:
    """The director's orders from the turn form beside the file (or, without one, from nothing measured: every
    enemy's order as far as its tactic can say), and what they were made from; the play's own dice unless others
    are given, so the same play gives the same orders."""
    path = form_path(play)
    if path.is_file():
        return direct_turn(result, read_form(path), dice), f"from {path.name}"
    return direct_turn(result, None, dice), f"nothing measured: press f to write {path.name} and fill it in"


def guards_act(result: PlayResult, play: Path) -> tuple[list[Entry], str]:
    """The entries carrying out this turn's orders logs (Guards alerted, Patrols and Roams moved) and their label:
    the orders as `orders` gives them, so what is carried out is what was shown."""
    return guard_steps(orders(result, play)[0])


@dataclass
class ShownOrders:
    """The director's orders as the screen shows them: asked for a game turn (`o`), then made again from the play
    as it stands after every change (a unit killed or hurt, a tactic changed, a Guard alerted or moved, an undo),
    until the game turn or the stage moves on and the turn form wants filling in again."""

    asked: tuple[int, int] | None = None
    """The stage and game turn the orders were asked for."""

    def ask(self, result: PlayResult) -> None:
        self.asked = (result.stage, result.turn)

    def lines(self, result: PlayResult, play: Path) -> list[str]:
        if self.asked != (result.stage, result.turn):
            return [ORDERS_HINT]
        try:
            direction, source = orders(result, play)
        except WarbenchError as exc:
            return [f"The turn form cannot be read: {exc}"]
        return [f"Director's orders ({source}):", *(direction.lines() or ["No enemy unit left to act."])]
