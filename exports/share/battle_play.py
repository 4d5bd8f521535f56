"""A battle code's scenario trailer: the scenario id and its `[play]` record, after the two rosters.

A code without a scenario ends after the rosters, exactly as codes did before scenarios, so old codes still
decode; a trailer starts with a 1 bit and is always longer than the few padding bits a code may end with."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from exports.share.bits import BitReader, BitWriter
from exports.share.errors import ShareCodeError
from exports.share.names import read_name, write_name

MAX_SIDES, MAX_TEAMS, MAX_SECONDARIES, MAX_RESERVES, MAX_EVENTS = 4, 2, 5, 500, 2_000
MODES = (None, "execution", "assassination")
LEADER = ("enemy-leader", "other", "recovered")
NAME_CHARS, REASON_CHARS = 60, 200
EACH_BITS = 4
"""The secondary missions a player the table agreed (Warcaster), after a flag: five bits in all, more than the
padding a code may end with."""


class Event(Protocol):
    """What the code keeps of one scenario event: VP scored, a Leader's fate, or a side out."""

    @property
    def side(self) -> int: ...
    @property
    def round(self) -> int: ...
    @property
    def vp(self) -> int | None: ...
    @property
    def mission(self) -> str | None: ...
    @property
    def leader(self) -> str | None: ...


class Declaration(Protocol):
    """A winner declared, and why."""

    @property
    def side(self) -> int: ...
    @property
    def reason(self) -> str: ...


class ScenarioPlay(Protocol):
    """What the code keeps of a battle's scenario record (a battle file's ScenarioPlay, which sits above exports)."""

    @property
    def players(self) -> Sequence[str]: ...
    @property
    def teams(self) -> Sequence[Sequence[int]]: ...
    @property
    def attacker(self) -> int | None: ...
    @property
    def mode(self) -> str | None: ...
    @property
    def secondaries(self) -> Sequence[Sequence[str]]: ...
    @property
    def secondaries_each(self) -> int | None: ...
    @property
    def reserves(self) -> Sequence[Sequence[int]]: ...
    @property
    def over(self) -> bool: ...
    @property
    def declared(self) -> Declaration | None: ...
    @property
    def events(self) -> Sequence[Event]: ...


def write_play(w: BitWriter, scenario: str, play: ScenarioPlay | None) -> None:
    """The trailer for a battle under `scenario` with its record `play` (or None)."""
    w.flag(True)
    w.slug(scenario, "scenario")
    players = play.players if play else []
    w.count(len(players), MAX_SIDES, "players")
    for name in players:
        write_name(w, name, NAME_CHARS, "a player's name")
    teams = play.teams if play else []
    w.count(len(teams), MAX_TEAMS, "teams")
    for team in teams:
        w.count(len(team), MAX_SIDES, "team members")
        for side in team:
            w.choice(side, MAX_SIDES)
    _optional_side(w, play.attacker if play else None)
    w.choice(MODES.index(play.mode if play else None), len(MODES))
    secondaries = play.secondaries if play else []
    w.count(len(secondaries), MAX_SIDES, "secondary missions")
    for chosen in secondaries:
        w.count(len(chosen), MAX_SECONDARIES, "secondary missions")
        for mission in chosen:
            w.slug(mission, "secondary mission")
    reserves = play.reserves if play else []
    w.count(len(reserves), 2, "reserves")
    for entries in reserves:
        w.count(len(entries), MAX_RESERVES, "reserves")
        for index in entries:
            w.number(index, "reserve")
    w.flag(bool(play and play.over))
    declared = play.declared if play else None
    w.flag(declared is not None)
    if declared is not None:
        w.choice(declared.side, MAX_SIDES)
        write_name(w, declared.reason, REASON_CHARS, "the declared reason")
    events = play.events if play else []
    w.count(len(events), MAX_EVENTS, "events")
    for event in events:
        w.choice(event.side, MAX_SIDES)
        w.number(event.round - 1, "round")
        w.choice(0 if event.vp is not None else 1 if event.leader is not None else 2, 3)
        if event.vp is not None:
            w.number(event.vp, "vp")
            w.flag(event.mission is not None)
            if event.mission is not None:
                w.slug(event.mission, "mission")
        elif event.leader is not None:
            w.choice(LEADER.index(event.leader), len(LEADER))
    each = play.secondaries_each if play else None
    if each is not None:  # after the events, so that codes without it end where they always did
        w.flag(True)
        w.bits(each, EACH_BITS)


def read_play(r: BitReader) -> dict[str, Any]:
    """`{"scenario": id, "play": {...}}` from a trailer; the battle file's model checks the rest."""
    if not r.flag():
        raise ShareCodeError("the share code has trailing data after the battle (damaged code)")
    scenario = r.slug("scenario")
    play: dict[str, Any] = {
        "players": [read_name(r, NAME_CHARS, "player") for _ in range(r.count(MAX_SIDES, "players"))]
    }
    play["teams"] = [
        [r.choice(MAX_SIDES, "side") for _ in range(r.count(MAX_SIDES, "team members"))]
        for _ in range(r.count(MAX_TEAMS, "teams"))
    ]
    if r.flag():
        play["attacker"] = r.choice(MAX_SIDES, "side")
    play["mode"] = MODES[r.choice(len(MODES), "mode")]
    play["secondaries"] = [
        [r.slug("secondary mission") for _ in range(r.count(MAX_SECONDARIES, "missions"))]
        for _ in range(r.count(MAX_SIDES, "secondary missions"))
    ]
    play["reserves"] = [
        [r.number("reserve") for _ in range(r.count(MAX_RESERVES, "reserves"))] for _ in range(r.count(2, "reserves"))
    ]
    play["over"] = r.flag()
    if r.flag():
        play["declared"] = {"side": r.choice(MAX_SIDES, "side"), "reason": read_name(r, REASON_CHARS, "reason")}
    events = []
    for _ in range(r.count(MAX_EVENTS, "events")):
        event: dict[str, Any] = {"side": r.choice(MAX_SIDES, "side"), "round": r.number("round") + 1}
        kind = r.choice(3, "event kind")
        if kind == 0:
            event["vp"] = r.number("vp")
            if r.flag():
                event["mission"] = r.slug("mission")
        elif kind == 1:
            event["leader"] = LEADER[r.choice(len(LEADER), "leader event")]
        else:
            event["out"] = True
        events.append(event)
    play["events"] = events
    if r.remaining >= 1 + EACH_BITS:  # more than the last character's padding: the agreed secondaries
        if not r.flag():
            raise ShareCodeError("the share code has trailing data after the battle (damaged code)")
        play["secondaries_each"] = r.bits(EACH_BITS)
    unset = {k for k, v in play.items() if v is None or v is False or v == []}  # never 0: side 0 is a side
    return {"scenario": scenario, "play": {k: v for k, v in play.items() if k not in unset}}


def _optional_side(w: BitWriter, side: int | None) -> None:
    w.flag(side is not None)
    if side is not None:
        w.choice(side, MAX_SIDES)
