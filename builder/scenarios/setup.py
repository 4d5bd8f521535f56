"""A new battle's `[play]` record from what the player typed: players, teams, attacker, secondary missions."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field

from builder.campaigns.ledger import LedgerModel, validate_model
from builder.scenarios.record import Id, ScenarioPlay
from builder.scenarios.scoring import team_problem
from builder.scenarios.side_names import side_index
from catalog.scenarios import ScenarioError
from catalog.toml_input import read_toml_text
from catalog.wording import counted

NAME_MOST = 60
"""Characters a player's name has at most (as a battle file's `[play] players` holds it)."""
Name = Annotated[str, Field(min_length=1, max_length=NAME_MOST)]


def check_players(players: list[str], rosters: int, how: str = "") -> None:
    """ScenarioError unless the players' names are one a roster (`how` says how to name more) and each a name
    (`check_names`)."""
    if len(players) != rosters:
        more = f" ({how})" if how else ""
        raise ScenarioError(
            f"{counted(rosters, 'roster')} but {counted(len(players), 'player')} named: one name a roster, ours first"
            + more
        )
    check_names(players)


def check_names(players: list[str]) -> None:
    """ScenarioError unless no name is empty or longer than a name may be, none is shared, and none is `us` or
    `opponent` (the words that name the first two rosters)."""
    if any(not name.strip() for name in players):
        raise ScenarioError(
            f"player {next(n for n, name in enumerate(players, 1) if not name.strip())}'s name is empty"
        )
    if too_long := next((name for name in players if len(name) > NAME_MOST), None):
        raise ScenarioError(f"a name of at most {NAME_MOST} characters, not {len(too_long)}")
    if len(set(players)) != len(players):
        raise ScenarioError(f"two players with one name ({', '.join(players)}): tell them apart")
    if said := next((name for name in players if name.lower() in ("us", "opponent")), None):
        raise ScenarioError(f"{said!r} names the rosters themselves (us, opponent): give the player's own name")


def typed_players(text: str, rosters: int) -> list[str]:
    """The players' names typed in seat order, separated by commas ([] when none are typed), checked."""
    names = [name.strip() for name in text.split(",") if name.strip()]
    if names:
        check_players(names, rosters)
    return names


def new_play(
    roster_names: list[str],
    players: list[str] | None = None,
    teams: list[list[str]] | None = None,
    attacker: str | None = None,
    secondaries: list[list[str]] | None = None,
    mode: str | None = None,
    secondaries_each: int | None = None,
    first: str | None = None,
    no_mercy: bool = False,
) -> ScenarioPlay:
    """The record a battle starts with: one side per roster, ours first (named by `players` when given);
    `teams` by name; `secondaries` per side, ours first; `first`: who takes each round's first turn (Warcaster);
    `no_mercy`: the mercy rule left out, as the players agreed."""
    names = list(players) if players else list(roster_names)
    if players:
        check_names(list(players))
    data: dict[str, object] = {}
    if players:
        data["players"] = names
    if teams:
        indexed = [[side_index(name, names) for name in team] for team in teams]
        if problem := team_problem(indexed, names):
            raise ScenarioError(problem)
        data["teams"] = indexed
    if attacker is not None:
        data["attacker"] = side_index(attacker, names)
    if secondaries and any(secondaries):
        data["secondaries"] = secondaries
    if mode is not None:
        data["mode"] = mode
    if secondaries_each is not None:
        data["secondaries_each"] = secondaries_each
    if first is not None:
        data["first"] = side_index(first, names)
    if no_mercy:
        data["no_mercy"] = True
    play: ScenarioPlay = validate_model(ScenarioPlay, data, "the battle's scenario")
    return play


class BattleSetup(LedgerModel):
    """What a game's set-up flow decided for the battle (a set-up file's `[battle]`): the scenario and the game types
    combined with it, the players and teams, the game length and the mods the battle keeps."""

    scenario: Id
    combined: list[Id] = Field([], max_length=2)
    players: list[Name] = Field([], max_length=16)
    teams: list[list[Name]] = Field([], max_length=16)
    length: Literal["conflict", "random", "set", "custom"] | None = None
    rounds: int | None = Field(None, ge=1, le=99)
    time_attack: int | None = Field(None, ge=1, le=600)
    playstyle: Literal["standard", "advanced"] | None = None
    point_limit: int | None = Field(None, ge=1, le=100_000)
    """The game's agreed point limit (a set-up file written before it was kept has none)."""
    no_mercy: bool = False
    """The mercy rule left out, where the scenario lets the players agree to (Warcaster's skirmish missions)."""

    def applied_to(self, play: ScenarioPlay) -> ScenarioPlay:
        """`play` (what the command line named) with the set-up's game length, combined types, mods, playstyle and
        point limit."""
        decided = {"length": self.length, "rounds": self.rounds, "combined": self.combined}
        agreed = {"time_attack": self.time_attack, "playstyle": self.playstyle, "point_limit": self.point_limit}
        return play.model_copy(update=decided | agreed | ({"no_mercy": True} if self.no_mercy else {}))


def read_setup(path: Path) -> BattleSetup:
    """A set-up file's `[battle]` (`warbench scenario setup GAME -o FILE`); one ScenarioError line if it is not one."""
    text = read_toml_text(path, ScenarioError, "set-up")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError(f"{path}: not TOML ({exc})") from None
    if data.get("kind") != "setup" or not isinstance(data.get("battle"), dict):
        raise ScenarioError(f"{path}: not a set-up file (`warbench scenario setup GAME -o FILE` writes one)")
    return validate_model(BattleSetup, data["battle"], f"{path}: battle")
