"""A new battle's `[play]` record from what the player typed: players, teams, attacker, secondary missions."""

from __future__ import annotations

from builder.campaigns.ledger import validate_model
from builder.scenarios.record import ScenarioPlay
from catalog.scenarios import ScenarioError


def side_index(name: str, names: list[str]) -> int:
    """A side named by its player's name (or `us` / `opponent` for the two rosters)."""
    aliases = {"us": 0, "opponent": 1}
    if name.lower() in aliases and aliases[name.lower()] < len(names):
        return aliases[name.lower()]
    if names.count(name) > 1:
        raise ScenarioError(
            f"both sides are named {name!r}: say us or opponent (or name the players: battle new --players)"
        )
    if name in names:
        return names.index(name)
    raise ScenarioError(f"no player {name!r} (players: {', '.join(names)}; or us, opponent)")


def new_play(
    roster_names: list[str],
    players: list[str] | None = None,
    teams: list[list[str]] | None = None,
    attacker: str | None = None,
    secondaries: list[list[str]] | None = None,
    mode: str | None = None,
    secondaries_each: int | None = None,
    first: str | None = None,
) -> ScenarioPlay:
    """The record a battle starts with: one side per roster, ours first (named by `players` when given);
    `teams` by name; `secondaries` per side, ours first; `first`: who takes each round's first turn (Warcaster)."""
    names = list(players) if players else list(roster_names)
    if players and len(players) != len(set(players)):
        raise ScenarioError(f"two players with one name ({', '.join(names)})")
    data: dict[str, object] = {}
    if players:
        data["players"] = names
    if teams:
        data["teams"] = [[side_index(name, names) for name in team] for team in teams]
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
    play: ScenarioPlay = validate_model(ScenarioPlay, data, "the battle's scenario")
    return play
